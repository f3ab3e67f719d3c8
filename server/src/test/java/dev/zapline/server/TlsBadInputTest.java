package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.TlsPeers.Response;
import dev.zapline.transport.TlsFailure;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input that is not a good TLS client on a TLS port: each is closed and counted with its reason, and the next TLS
 * connection is served as if nothing happened. A handshake timeout of 2 s keeps stalls short and stays ten times
 * what a good handshake takes on a loaded machine, since the same server serves those.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsBadInputTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;
    private static SSLContext jsse;

    @BeforeAll
    static void start() throws Exception {
        server = TlsTestApp.start(TlsTestApp.selfSigned().withHandshakeTimeout(Duration.ofSeconds(2)), dir);
        jsse = TlsPeers.trusting(server.tls);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static long failures(String reason) {
        return server.app.tlsStats().failures(reason);
    }

    private static long allFailures() {
        return server.app.tlsStats().failures().values().stream()
                .mapToLong(Long::longValue)
                .sum();
    }

    /** Reads until the server closes (end of stream or reset); fails on the socket's 10 s read timeout. */
    private static void assertClosedByServer(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buf = new byte[4096];
        try {
            while (in.read(buf) >= 0) {
                // an alert, or nothing: either way the server must close
            }
        } catch (SocketException reset) {
            // closed with unread input on the server's side
        }
    }

    private static void assertStillServes(int port) throws IOException {
        try (SSLSocket s = TlsPeers.connect(jsse, port)) {
            assertThat(TlsPeers.get(s, "/health")).isEqualTo(new Response(200, "ok"));
        }
    }

    /** A real ClientHello record from the JDK's client engine. */
    private static byte[] clientHello() throws Exception {
        SSLEngine e = jsse.createSSLEngine("localhost", server.https);
        e.setUseClientMode(true);
        SSLParameters p = e.getSSLParameters();
        p.setProtocols(new String[] {"TLSv1.3"});
        e.setSSLParameters(p);
        ByteBuffer out = ByteBuffer.allocate(e.getSession().getPacketBufferSize());
        e.wrap(ByteBuffer.allocate(0), out);
        out.flip();
        byte[] b = new byte[out.remaining()];
        out.get(b);
        assertThat(b[0]).as("handshake record").isEqualTo((byte) 0x16);
        return b;
    }

    @Test
    void plaintextHttpIsClosedAsNotTls() throws Exception {
        long before = failures(TlsFailure.NOT_TLS);
        try (Socket s = TlsPeers.plain(server.https)) {
            s.getOutputStream().write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertClosedByServer(s);
        }
        Eventually.equal(() -> failures(TlsFailure.NOT_TLS), before + 1);
        assertStillServes(server.https);
    }

    @Test
    void randomBytesAreClosedAndCounted() throws Exception {
        SplittableRandom random = new SplittableRandom(14);
        for (int round = 0; round < 5; round++) {
            long before = allFailures();
            byte[] junk = new byte[64 + random.nextInt(4096)];
            for (int i = 0; i < junk.length; i++) {
                junk[i] = (byte) random.nextInt(256);
            }
            try (Socket s = TlsPeers.plain(server.https)) {
                s.getOutputStream().write(junk);
                assertClosedByServer(s);
            }
            Eventually.equal(TlsBadInputTest::allFailures, before + 1);
            assertStillServes(server.https);
        }
    }

    @Test
    void aTruncatedClientHelloThenACloseIsCountedAsClosedDuringTheHandshake() throws Exception {
        byte[] hello = clientHello();
        long before = failures(TlsFailure.CLOSED);
        try (Socket s = TlsPeers.plain(server.https)) {
            s.getOutputStream().write(Arrays.copyOf(hello, hello.length / 2));
        }
        Eventually.equal(() -> failures(TlsFailure.CLOSED), before + 1);
        assertStillServes(server.https);
    }

    @Test
    void aTruncatedClientHelloThatStallsIsClosedAtTheHandshakeTimeout() throws Exception {
        byte[] hello = clientHello();
        long before = failures(TlsFailure.TIMEOUT);
        try (Socket s = TlsPeers.plain(server.https)) {
            s.getOutputStream().write(Arrays.copyOf(hello, 40));
            assertClosedByServer(s);
        }
        Eventually.equal(() -> failures(TlsFailure.TIMEOUT), before + 1);
        assertStillServes(server.https);
    }

    @Test
    void aSilentConnectionIsClosedAtTheHandshakeTimeout() throws Exception {
        long before = failures(TlsFailure.TIMEOUT);
        try (Socket s = TlsPeers.plain(server.zaps)) {
            assertClosedByServer(s);
        }
        Eventually.equal(() -> failures(TlsFailure.TIMEOUT), before + 1);
        assertStillServes(server.https);
    }

    @Test
    void aFloodOfHalfOpenHandshakesAboveTheLimitIsRefusedWhileAnEstablishedConnectionIsServed() throws Exception {
        int limit = 8;
        int extra = 16;
        try (TlsTestApp flood = TlsTestApp.start(TlsTestApp.selfSigned().withMaxHandshakes(limit), dir)) {
            SSLContext client = TlsPeers.trusting(flood.tls);
            List<Socket> halfOpen = new ArrayList<>();
            try (SSLSocket established = TlsPeers.connect(client, flood.https)) {
                assertThat(TlsPeers.get(established, "/health").status()).isEqualTo(200);
                for (int i = 0; i < limit; i++) {
                    halfOpen.add(TlsPeers.plain(flood.https));
                }
                // the server has accepted the first ones before the next arrive
                Eventually.equal(() -> flood.app.tlsStats().inFlight(), limit);
                List<Socket> refused = new ArrayList<>();
                for (int i = 0; i < extra; i++) {
                    refused.add(TlsPeers.plain(flood.https));
                }
                halfOpen.addAll(refused);
                for (Socket s : refused) {
                    assertClosedByServer(s);
                }
                for (int i = 0; i < 50; i++) {
                    assertThat(TlsPeers.get(established, "/health"))
                            .as("request %d on the established connection", i)
                            .isEqualTo(new Response(200, "ok"));
                }
                assertThat(flood.app.tlsStats().refused()).isEqualTo(extra);
            } finally {
                for (Socket s : halfOpen) {
                    s.close();
                }
            }
            // the half-open ones are gone: handshakes are accepted again
            Eventually.equal(() -> flood.app.tlsStats().failures(TlsFailure.CLOSED), limit);
            try (SSLSocket s = TlsPeers.connect(client, flood.https)) {
                assertThat(TlsPeers.get(s, "/health").status()).isEqualTo(200);
            }
        }
    }
}
