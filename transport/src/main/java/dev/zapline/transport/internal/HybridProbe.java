package dev.zapline.transport.internal;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import javax.net.ssl.SSLException;

/**
 * Whether the native library accepts the hybrid group: asked once, by building a client context that offers only
 * it (BoringSSL does; an OpenSSL before 3.5 would refuse the name).
 */
public final class HybridProbe {

    private HybridProbe() {}

    public static boolean available() {
        return Holder.AVAILABLE;
    }

    private static final class Holder {
        static final boolean AVAILABLE = probe();

        private static boolean probe() {
            if (!OpenSsl.isAvailable()) {
                return false;
            }
            try {
                SslContext c = SslContextBuilder.forClient()
                        .sslProvider(SslProvider.OPENSSL)
                        .protocols("TLSv1.3")
                        .option(OpenSslContextOption.GROUPS, new String[] {"X25519MLKEM768"})
                        .build();
                ReferenceCountUtil.release(c);
                return true;
            } catch (SSLException | RuntimeException e) {
                return false;
            }
        }
    }
}
