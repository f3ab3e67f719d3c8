package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.server.internal.zap.ZapResponses;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import io.netty.buffer.ByteBuf;
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
 * Bytes allocated on the event loop thread per request, measured from outside over a real socket (the client's
 * allocations are on the test thread and not counted). Every response of the warm-up and of the measured window is
 * read and checked, status and body, on the test thread, without allocating ({@link Http1Responses}, reused ZAP
 * readers): a handler that fails or answers the wrong thing fails the test instead of counting as a request served.
 * Runs in the build's allocation pass, leak detector off.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServerAllocationTest {

    private static final int BATCH = Integer.getInteger("zapline.test.batch", 16);
    private static final byte[] HEALTH = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final HeaderName CONTENT_TYPE = HeaderName.of("content-type");
    private static final byte[] ZAP_TYPE = "application/zap".getBytes(StandardCharsets.US_ASCII);
    /** Only the event loop touches it. */
    private static final byte[] RPC_OUT = new byte[1024];

    private static final byte[] ETH = eth();
    private static final ByteBufZap ETH_BUF = new ByteBufZap();
    private static final ZapMessage ETH_MSG = new ZapMessage();
    private static final ZapObject ETH_REQ = new ZapObject();
    /** The benchmark record's request (DESIGN.md: id u64 @0, block u64 @8, method text @16, account bytes @24). */
    private static final long ETH_ID = 1;

    private static final int ETH_ACCOUNT = 24;
    private static final ZapSlice ETH_SLICE = new ZapSlice();
    private static final byte[] RPC_BODY = "x".repeat(82).getBytes(StandardCharsets.US_ASCII);
    App app;
    int port;
    int zapPort;

    /** Settings on top of the routes before the app starts (the metrics subclass turns metrics on). */
    void configure(App app) {}

    @BeforeAll
    void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        configure(app);
        app.get("/health", ctx -> ctx.contentType("text/plain").send(HEALTH));
        app.post("/eth", ctx -> {
            // the eth request read the way the demo's /rpc reads it: wrapped from the body, every field read
            ZapMessage m = ETH_BUF.wrap(
                    ETH_MSG, ctx.body(), ctx.body().readerIndex(), ctx.body().readableBytes());
            ZapObject req = m.root(ETH_REQ);
            boolean ok =
                    req.u64(0) == ETH_ID && req.bytes(ETH_ACCOUNT, ETH_SLICE).length() == 20;
            ctx.send(ok ? HEALTH : new byte[] {'n', 'o', 'k'});
        });
        app.post("/rpc", ctx -> {
            if (!ctx.headerEquals(CONTENT_TYPE, ZAP_TYPE)) {
                throw new HttpStatusException.BadRequest("content type");
            }
            ByteBuf body = ctx.body();
            int n = body.readableBytes();
            body.getBytes(body.readerIndex(), RPC_OUT, 0, n);
            ctx.header(CONTENT_TYPE, ZAP_TYPE).send(RPC_OUT, 0, n);
        });
        app.listen("http://127.0.0.1:0", "127.0.0.1:0").start();
        port = app.addresses().get(0).port();
        zapPort = app.addresses().get(1).port();
    }

    @Test
    void servingHealthOverZapAllocatesAlmostNothingPerRequestOnTheEventLoop() throws Exception {
        zapAllocation(ZapFrames.request("GET", "/health", ""), HEALTH, "/health");
    }

    @Test
    void servingAPostWithABodyOverZapAllocatesAlmostNothingPerRequestOnTheEventLoop() throws Exception {
        zapAllocation(
                ZapFrames.request("POST", "/rpc", RPC_BODY, "content-type", "application/zap"),
                RPC_BODY,
                "POST /rpc with an 82-byte body");
    }

    @Test
    void readingATypedZapBodyOverZapAllocatesAlmostNothingPerRequest() throws Exception {
        zapAllocation(
                ZapFrames.request("POST", "/eth", ETH, "content-type", "application/zap"), HEALTH, "POST /eth (typed)");
    }

    @Test
    void readingATypedZapBodyOverHttpAllocatesAlmostNothingPerRequest() throws Exception {
        byte[] body = ETH;
        byte[] head = ("POST /eth HTTP/1.1\r\nHost: t\r\nContent-Type: application/zap\r\nContent-Length: "
                        + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        httpAllocation(ZapFrames.concat(head, body), HEALTH, "POST /eth (typed)");
    }

    /** Measures {@code frame} sent over ZAP in pipelined batches; every response must be 200 with {@code body}. */
    void zapAllocation(byte[] frame, byte[] body, String what) throws Exception {
        byte[] batch = new byte[frame.length * BATCH];
        for (int i = 0; i < BATCH; i++) {
            System.arraycopy(frame, 0, batch, i * frame.length, frame.length);
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", zapPort), 2000);
            s.setTcpNoDelay(true);
            java.io.DataInputStream in = new java.io.DataInputStream(s.getInputStream());
            ZapResponses responses = new ZapResponses(in, body);
            zapRoundTrips(s, batch, responses, 50_000);
            long thread = eventLoopThreadId();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = mx.getThreadAllocatedBytes(thread);
            int n = 100_000;
            zapRoundTrips(s, batch, responses, n);
            double perRequest = (mx.getThreadAllocatedBytes(thread) - before) / (double) n;
            assertThat(responses.checked).as("responses checked").isEqualTo(batched(50_000) + batched(n));
            assertThat(in.available()).as("bytes after the last response").isZero();
            System.out.printf(
                    "event loop allocated %.3f bytes per ZAP %s request over %d requests%n", perRequest, what, n);
            assertThat(perRequest).isLessThan(1.0);
        }
    }

    private static void zapRoundTrips(Socket s, byte[] batch, ZapResponses responses, int n) throws IOException {
        OutputStream out = s.getOutputStream();
        for (int sent = 0; sent < n; sent += BATCH) {
            out.write(batch);
            for (int i = 0; i < BATCH; i++) {
                responses.expect(200);
            }
        }
    }

    /** Reads ZAP response frames and checks each one's type, status and body with readers reused throughout. */
    private static final class ZapResponses {
        private final java.io.DataInputStream in;
        private final byte[] body;
        private final byte[] sink = new byte[4096];
        private final ZapMessage message = new ZapMessage();
        private final ZapHttpResponse response = new ZapHttpResponse();
        private final ZapSlice slice = new ZapSlice();
        long checked;

        ZapResponses(java.io.DataInputStream in, byte[] body) {
            this.in = in;
            this.body = body;
        }

        void expect(int status) throws IOException {
            int len = in.readInt();
            if (len < 0 || len > sink.length) {
                throw new AssertionError("response " + (checked + 1) + ": frame of " + len + " bytes");
            }
            in.readFully(sink, 0, len);
            message.wrap(sink, 0, len);
            if (message.type() != ZapHttp.RESPONSE
                    || response.wrap(message).status() != status
                    || !response.body(slice).contentEquals(body)) {
                throw new AssertionError("response " + (checked + 1) + ": want a response " + status + " '"
                        + new String(body, StandardCharsets.ISO_8859_1) + "', got "
                        + ZapFrames.read(ZapFrames.frame(java.util.Arrays.copyOf(sink, len))));
            }
            checked++;
        }
    }

    @AfterAll
    void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    @Test
    void servingHealthAllocatesAlmostNothingPerRequestOnTheEventLoop() throws Exception {
        httpAllocation(
                "GET /health HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII), HEALTH, "/health");
    }

    @Test
    void servingAPostWithABodyAllocatesAlmostNothingPerRequestOnTheEventLoop() throws Exception {
        // the body "ok" comes back as the response body
        httpAllocation(
                ("POST /rpc HTTP/1.1\r\nHost: t\r\nContent-Type: application/zap\r\nContent-Length: 2\r\n" + "\r\nok")
                        .getBytes(StandardCharsets.US_ASCII),
                HEALTH,
                "POST /rpc");
    }

    /** Measures {@code request} sent over HTTP/1.1 in pipelined batches; every response: 200 with {@code body}. */
    void httpAllocation(byte[] request, byte[] body, String what) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setTcpNoDelay(true);
            Http1Responses responses = new Http1Responses(s.getInputStream());
            roundTrips(s, request, responses, body, 50_000);
            long thread = eventLoopThreadId();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = mx.getThreadAllocatedBytes(thread);
            int n = 100_000;
            roundTrips(s, request, responses, body, n);
            double perRequest = (mx.getThreadAllocatedBytes(thread) - before) / (double) n;
            assertThat(responses.checked()).as("responses checked").isEqualTo(batched(50_000) + batched(n));
            assertThat(responses.unconsumed())
                    .as("bytes after the last response")
                    .isZero();
            System.out.printf("event loop allocated %.3f bytes per %s request over %d requests%n", perRequest, what, n);
            assertThat(perRequest).isLessThan(1.0);
        }
    }

    private static byte[] eth() {
        ZapBuilder b = new ZapBuilder();
        b.startObject(32)
                .setU64(0, ETH_ID)
                .setU64(8, 0x10d4f)
                .setText(16, "eth_getBalance".getBytes(StandardCharsets.US_ASCII))
                .setBytes(ETH_ACCOUNT, new byte[20])
                .finishAsRoot();
        b.finish();
        return b.toByteArray();
    }

    /** Requests sent for {@code n}: whole batches. */
    private static long batched(int n) {
        return (long) Math.ceilDiv(n, BATCH) * BATCH;
    }

    /** Sends {@code n} requests in pipelined batches, checking each batch's responses: 200 with {@code body}. */
    private static void roundTrips(Socket s, byte[] request, Http1Responses responses, byte[] body, int n)
            throws IOException {
        OutputStream out = s.getOutputStream();
        byte[] batch = new byte[request.length * BATCH];
        for (int i = 0; i < BATCH; i++) {
            System.arraycopy(request, 0, batch, i * request.length, request.length);
        }
        for (int sent = 0; sent < n; sent += BATCH) {
            out.write(batch);
            for (int i = 0; i < BATCH; i++) {
                responses.expect(200, body);
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
