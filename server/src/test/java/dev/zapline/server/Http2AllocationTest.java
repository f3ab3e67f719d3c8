package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.internal.http2.Http2Preface;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes allocated on the event loop per HTTP/2 request, over a real socket: warmed h2c GETs, 16 streams in flight
 * per batch, the request fields taken from HPACK's tables (as a browser's or a load generator's repeated requests
 * are). HTTP/2's per-stream state (Netty's stream, its flow-control states, the decoded header list, promises)
 * makes zero out of reach; the ceiling is what it measured, with some room. Runs in the allocation pass.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Http2AllocationTest {

    private static final int BATCH = 16;
    private static final byte[] HEALTH = "ok".getBytes(StandardCharsets.US_ASCII);
    /** The ceiling per request, bytes: about 1440 measured (Netty 4.2.18, JDK 25), with headroom. */
    static final double CEILING = 1600;

    private App app;
    private int port;

    @BeforeAll
    void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.contentType("text/plain").send(HEALTH));
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    @AfterAll
    void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    @Test
    void servingHealthOverH2cAllocatesUnder1600BytesPerRequestOnTheEventLoop() throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(s.getInputStream(), 65536));
            out.write(Http2Preface.BYTES);
            out.write(H2Client.frameBytes(H2Client.SETTINGS, 0, 0, new byte[0]));
            byte[] window = new byte[4];
            H2Client.putInt(window, 0, 1 << 30);
            out.write(H2Client.frameBytes(H2Client.WINDOW_UPDATE, 0, 0, window));
            // :method GET, :scheme http (static), :path /health and :authority t into the dynamic table
            byte[] first = {(byte) 0x82, (byte) 0x86, 0x44, 7, '/', 'h', 'e', 'a', 'l', 't', 'h', 0x41, 1, 't'};
            out.write(H2Client.frameBytes(H2Client.HEADERS, H2Client.END_HEADERS | H2Client.END_STREAM, 1, first));
            Reader r = new Reader(in, out);
            r.responses(1);
            // later requests: four one-byte indexed fields (62: :authority t, 63: :path /health)
            byte[] again = {(byte) 0x82, (byte) 0x86, (byte) 0xBF, (byte) 0xBE};
            byte[] frame = H2Client.frameBytes(H2Client.HEADERS, H2Client.END_HEADERS | H2Client.END_STREAM, 0, again);
            byte[] batch = new byte[frame.length * BATCH];
            int[] stream = {3};
            roundTrips(out, r, frame, batch, stream, 50_000);
            long thread = eventLoopThreadId();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = mx.getThreadAllocatedBytes(thread);
            int n = 100_000;
            roundTrips(out, r, frame, batch, stream, n);
            double perRequest = (mx.getThreadAllocatedBytes(thread) - before) / (double) n;
            System.out.printf("event loop allocated %.1f bytes per h2c GET /health over %d requests%n", perRequest, n);
            assertThat(perRequest).isLessThan(CEILING);
        }
    }

    private static void roundTrips(OutputStream out, Reader r, byte[] frame, byte[] batch, int[] stream, int n)
            throws IOException {
        for (int sent = 0; sent < n; sent += BATCH) {
            for (int i = 0; i < BATCH; i++) {
                System.arraycopy(frame, 0, batch, i * frame.length, frame.length);
                H2Client.putInt(batch, i * frame.length + 5, stream[0]);
                stream[0] += 2;
            }
            out.write(batch);
            r.responses(BATCH);
        }
    }

    /**
     * Reads frames until {@code n} streams ended, acknowledging SETTINGS, and fails unless each of them was answered
     * 200 (a HEADERS frame opening with HPACK's indexed {@code :status: 200}, 0x88, that does not end the stream) and
     * the body {@code ok} (a DATA frame that does). Checked in place, without allocating.
     */
    private record Reader(DataInputStream in, OutputStream out, byte[] p) {
        Reader(DataInputStream in, OutputStream out) {
            this(in, out, new byte[65536]);
        }

        void responses(int n) throws IOException {
            int heads = 0;
            int ended = 0;
            while (ended < n) {
                int len = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                int stream = in.readInt();
                in.readFully(p, 0, len);
                boolean end = (flags & H2Client.END_STREAM) != 0;
                if (type == H2Client.SETTINGS && (flags & H2Client.ACK) == 0) {
                    out.write(H2Client.frameBytes(H2Client.SETTINGS, H2Client.ACK, 0, new byte[0]));
                } else if (type == H2Client.GOAWAY) {
                    throw new IOException("GOAWAY");
                } else if (type == H2Client.HEADERS) {
                    if (end || len == 0 || (p[0] & 0xFF) != 0x88) {
                        throw new AssertionError("stream " + stream + ": want HEADERS :status 200 then DATA, got "
                                + "HEADERS flags " + flags + " block "
                                + java.util.HexFormat.of().formatHex(p, 0, len));
                    }
                    heads++;
                } else if (type == H2Client.DATA && end) {
                    if (len != HEALTH.length || !java.util.Arrays.equals(p, 0, len, HEALTH, 0, HEALTH.length)) {
                        throw new AssertionError("stream " + stream + ": want the body 'ok', got '"
                                + new String(p, 0, len, StandardCharsets.ISO_8859_1) + "'");
                    }
                    ended++;
                } else if (type == H2Client.DATA || type == H2Client.RST_STREAM) {
                    throw new AssertionError(
                            "stream " + stream + ": want one DATA frame 'ok' ending it, got frame type " + type
                                    + " flags " + flags + " of " + len + " bytes");
                }
            }
            if (heads != n) {
                throw new AssertionError(n + " streams ended after " + heads + " HEADERS frames");
            }
        }
    }

    private static long eventLoopThreadId() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("zapline-loop")) {
                return t.threadId();
            }
        }
        throw new IllegalStateException("no zapline-loop thread");
    }
}
