package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsProvider;
import io.netty.handler.ssl.OpenSsl;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * HTTPS listeners choose the protocol by ALPN, with OpenSSL and with the JDK's JSSE: {@code h2} gets HTTP/2 (and
 * {@code ctx.tls().alpn()} says so), {@code http/1.1} or no ALPN at all gets HTTP/1.1.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2TlsTest {

    private static SSLSocket connect(SSLContext c, int port, String... alpn) throws Exception {
        SSLSocket s = (SSLSocket) c.getSocketFactory().createSocket(TlsPeers.plain(port), "localhost", port, true);
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(new String[] {"TLSv1.3"});
        if (alpn.length > 0) {
            p.setApplicationProtocols(alpn);
        }
        s.setSSLParameters(p);
        s.startHandshake();
        return s;
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void alpnChoosesHttp2OrHttp11(TlsProvider provider) throws Exception {
        assumeTrue(provider == TlsProvider.JDK || OpenSsl.isAvailable(), "OpenSSL (netty-tcnative) did not load");
        ServerTls tls = ServerTls.selfSigned().withProvider(provider);
        App app = App.create(ServerConfig.defaults().withEventLoops(1)).tls(tls);
        app.get("/who", ctx -> ctx.send(ctx.protocol() + " " + ctx.tls().alpn()));
        app.listen("https://127.0.0.1:0").start();
        try {
            int port = app.addresses().get(0).port();
            SSLContext trusting = TlsPeers.trusting(tls);
            try (SSLSocket s = connect(trusting, port, "h2", "http/1.1");
                    H2Client c = H2Client.over(s)) {
                assertThat(s.getApplicationProtocol()).isEqualTo("h2");
                assertThat(c.get("/who")).isEqualTo(new H2Client.Response("200", "HTTP/2.0 h2", -1));
                assertThat(c.get("/who").body()).isEqualTo("HTTP/2.0 h2");
            }
            try (SSLSocket s = connect(trusting, port, "http/1.1")) {
                assertThat(s.getApplicationProtocol()).isEqualTo("http/1.1");
                assertThat(TlsPeers.get(s, "/who").body()).isEqualTo("HTTP/1.1 http/1.1");
            }
            try (SSLSocket s = connect(trusting, port)) {
                assertThat(s.getApplicationProtocol()).isEmpty();
                assertThat(TlsPeers.get(s, "/who").body()).isEqualTo("HTTP/1.1 null");
            }
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }
}
