package dev.zapline.transport.internal;

import dev.zapline.transport.TlsGroups;
import dev.zapline.transport.TlsProvider;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.util.List;
import javax.net.ssl.SSLException;

/** What server and client contexts set up the same way: provider, versions, groups, ALPN. */
public final class Contexts {

    private Contexts() {}

    /** Applies provider, protocols, ALPN and (for OpenSSL) groups to {@code b}. */
    public static SslContextBuilder common(
            SslContextBuilder b, TlsProvider provider, List<String> groups, List<String> protocols, List<String> alpn) {
        b.sslProvider(provider.netty()).protocols(protocols.toArray(new String[0]));
        if (!alpn.isEmpty()) {
            b.applicationProtocolConfig(new ApplicationProtocolConfig(
                    ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                    alpn));
        }
        if (provider == TlsProvider.OPENSSL) {
            b.option(
                    OpenSslContextOption.GROUPS,
                    TlsGroups.effective(groups, provider).toArray(new String[0]));
        }
        return b;
    }

    /** Builds {@code b}; under the JDK the groups are set on each engine. */
    public static SslContext build(SslContextBuilder b, TlsProvider provider, List<String> groups, String what) {
        try {
            SslContext ctx = b.build();
            return provider == TlsProvider.JDK ? new JdkGroupsContext(ctx, TlsGroups.effective(groups, provider)) : ctx;
        } catch (SSLException e) {
            throw new IllegalStateException("cannot build the " + what + " TLS context: " + e.getMessage(), e);
        }
    }
}
