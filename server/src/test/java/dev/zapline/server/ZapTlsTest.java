package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.ZapFrames.Frame;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ZAP frames over TLS (zaps://): the shared vectors, pipelining, and frames split across TLS records. The empty
 * request vector is {@code GET /health}, which this app answers "ok"; the other reaches the echo route.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapTlsTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;
    private static SSLContext jsse;

    @BeforeAll
    static void start() throws Exception {
        server = TlsTestApp.start(TlsTestApp.selfSigned(), dir);
        jsse = TlsPeers.trusting(server.tls);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static final Frame HEALTH = new Frame(2, 200, List.of("content-type: text/plain; charset=utf-8"), "ok");

    private static TestZapSocket zaps(String... alpn) throws Exception {
        SSLSocket s = (SSLSocket)
                jsse.getSocketFactory().createSocket(TlsPeers.plain(server.zaps), "localhost", server.zaps, true);
        SSLParameters p = s.getSSLParameters();
        p.setApplicationProtocols(alpn);
        s.setSSLParameters(p);
        s.startHandshake();
        return new TestZapSocket(s);
    }

    @Test
    void theSharedVectorsRoundTripOverZaps() throws Exception {
        try (TestZapSocket c = zaps()) {
            assertThat(c.send(ZapVectorSocketTest.vector("zaphttp-request")).frames(1))
                    .containsExactly(ZapVectorSocketTest.REQUEST_ECHO);
            assertThat(c.send(ZapVectorSocketTest.vector("zaphttp-empty-request"))
                            .frames(1))
                    .containsExactly(HEALTH);
        }
    }

    @Test
    void pipelinedVectorsAreAnsweredInOrder() throws Exception {
        byte[] both = ZapFrames.concat(
                ZapVectorSocketTest.vector("zaphttp-request"),
                ZapVectorSocketTest.vector("zaphttp-empty-request"),
                ZapVectorSocketTest.vector("zaphttp-request"));
        try (TestZapSocket c = zaps()) {
            for (int round = 0; round < 3; round++) {
                assertThat(c.send(both).frames(3))
                        .containsExactly(ZapVectorSocketTest.REQUEST_ECHO, HEALTH, ZapVectorSocketTest.REQUEST_ECHO);
            }
        }
    }

    @Test
    void aFrameWrittenInSeveralTlsRecordsParses() throws Exception {
        byte[] frame = ZapVectorSocketTest.vector("zaphttp-request");
        // JSSE writes one TLS record per write call: prefix split, header split, then the rest in three records
        int[] cuts = {0, 2, 4, 11, 20, frame.length / 2, frame.length};
        try (TestZapSocket c = zaps()) {
            for (int i = 0; i + 1 < cuts.length; i++) {
                c.send(java.util.Arrays.copyOfRange(frame, cuts[i], cuts[i + 1]));
            }
            assertThat(c.frames(1)).containsExactly(ZapVectorSocketTest.REQUEST_ECHO);
        }
    }

    @Test
    void zapsAdvertisesTheZapAlpnProtocolAndCtxTlsSaysSo() throws Exception {
        try (TestZapSocket c = zaps("zap")) {
            List<Frame> r = c.send(ZapFrames.request("GET", "/tls", "")).frames(1);
            assertThat(r.get(0).status()).isEqualTo(200);
            assertThat(r.get(0).body()).matches("TLSv1\\.3 TLS_[A-Z0-9_]+ X25519 zap (true|false)");
        }
    }

    @Test
    void aMalformedFrameOverTlsGets400AndTheNextConnectionIsServed() throws Exception {
        try (TestZapSocket c = zaps()) {
            List<Frame> r = c.send(new byte[] {0, 0, 0, 0}).frames(1);
            assertThat(r.get(0).status()).isEqualTo(400);
        }
        try (TestZapSocket c = zaps()) {
            assertThat(c.send(ZapVectorSocketTest.vector("zaphttp-empty-request"))
                            .frames(1))
                    .containsExactly(HEALTH);
        }
    }
}
