package dev.zapline.transport.internal;

import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/** The SNI host name of a client engine, either provider (an explicit SNI, or one when no peer host was given). */
public final class Sni {

    private Sni() {}

    public static void set(SSLEngine engine, String name) {
        SSLParameters p = engine.getSSLParameters();
        p.setServerNames(List.of(new SNIHostName(name)));
        engine.setSSLParameters(p);
    }
}
