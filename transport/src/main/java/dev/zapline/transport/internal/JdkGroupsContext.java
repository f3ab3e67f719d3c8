package dev.zapline.transport.internal;

import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.SslContext;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The JDK engine's named groups set on each engine: Netty's JDK context has no option for them, JSSE takes them
 * through {@link SSLParameters#setNamedGroups} (JDK 20+).
 */
public final class JdkGroupsContext extends DelegatingSslContext {

    private final String[] groups;

    public JdkGroupsContext(SslContext ctx, List<String> groups) {
        super(ctx);
        this.groups = groups.toArray(new String[0]);
    }

    @Override
    protected void initEngine(SSLEngine engine) {
        SSLParameters p = engine.getSSLParameters();
        p.setNamedGroups(groups);
        engine.setSSLParameters(p);
    }
}
