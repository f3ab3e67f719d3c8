package dev.zapline.server.middleware;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.App;
import dev.zapline.server.Embedded;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes allocated per request by the middleware, on an {@link Embedded} connection driven from one
 * {@link FastThreadLocalThread} (as an event loop is), so the request buffers, the server and the harness all count:
 * the figure with middleware is compared to the same app without it. Runs in the allocation pass, leak detector off.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MiddlewareAllocationTest {

    private static final int BATCH = 16;
    private static final byte[] STATUS_LINE = "HTTP/1.1 ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK_STATUS_LINE = "HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LENGTH_2 = "\r\ncontent-length: 2\r\n".getBytes(StandardCharsets.US_ASCII);
    /** A head's blank line, then the body. */
    private static final byte[] OK_BODY = "\r\n\r\nok".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REQUEST =
            ("GET /r HTTP/1.1\r\nhost: t\r\norigin: https://a.test\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

    @Test
    void requestIdGeneratingAndCorsOnASimpleRequestAllocateNothingPerRequest() throws Exception {
        double bare = perRequest(app -> {});
        double with = perRequest(app -> app.use(RequestId.create()).use(Cors.allowOrigins("https://a.test")));
        System.out.printf("allocated per request: %.3f bytes bare, %.3f with RequestId + Cors%n", bare, with);
        assertThat(with).isLessThan(1.0);
        assertThat(with - bare).isLessThan(0.5);
    }

    @Test
    void theSynchronousShippedMiddlewareTogetherAllocateNothingPerRequest() throws Exception {
        double with = perRequest(app -> app.use(AccessLog.to(line -> {}))
                .use(RequestId.create())
                .use(Cors.allowOrigins("https://a.test"))
                .use(Recover.map(IllegalArgumentException.class, 400))
                .use(MaxBody.bytes(1024)));
        System.out.printf(
                "allocated per request: %.3f bytes with AccessLog, RequestId, Cors, Recover, MaxBody%n", with);
        assertThat(with).isLessThan(1.0);
    }

    /** Warms up, then measures the bytes the driving thread allocates per request. */
    private static double perRequest(Consumer<App> middleware) throws Exception {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = new FastThreadLocalThread(
                () -> {
                    try {
                        result.set(measure(middleware));
                    } catch (Throwable e) {
                        result.set(e);
                    }
                },
                "allocation-loop");
        t.start();
        t.join();
        if (result.get() instanceof Throwable e) {
            throw new AssertionError(e);
        }
        return (Double) result.get();
    }

    private static double measure(Consumer<App> middleware) {
        App app = App.create();
        middleware.accept(app);
        app.get("/r", ctx -> ctx.send(OK));
        try (Embedded e = new Embedded(app)) {
            e.ch.config().setAllocator(PooledByteBufAllocator.DEFAULT);
            byte[] batch = new byte[REQUEST.length * BATCH];
            for (int i = 0; i < BATCH; i++) {
                System.arraycopy(REQUEST, 0, batch, i * REQUEST.length, REQUEST.length);
            }
            Counts warm = new Counts();
            roundTrips(e, batch, 1, warm);
            warm.expect(BATCH);
            roundTrips(e, batch, 20_000, warm);
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            int rounds = 20_000;
            Counts measured = new Counts();
            long before = mx.getCurrentThreadAllocatedBytes();
            roundTrips(e, batch, rounds, measured);
            long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            warm.expect(BATCH + 20_000L * BATCH);
            measured.expect((long) rounds * BATCH);
            return allocated / (double) (rounds * BATCH);
        }
    }

    /**
     * Responses seen, counted without allocating (the counting runs on the measured thread): every status line, the
     * {@code 200 OK} ones, the heads saying two bytes of body and the bodies starting {@code ok}. All four equal: every
     * response was 200 with the body {@code ok}.
     */
    private static final class Counts {
        long responses;
        long ok;
        long twoBytes;
        long okBodies;

        void expect(long n) {
            assertThat(new long[] {responses, ok, twoBytes, okBodies})
                    .as("responses; of them 200 OK, with content-length 2, with a body starting 'ok'")
                    .containsExactly(n, n, n, n);
        }
    }

    /** Feeds {@code rounds} batches of pipelined requests as single reads and counts the responses into {@code c}. */
    private static void roundTrips(Embedded e, byte[] batch, int rounds, Counts c) {
        for (int r = 0; r < rounds; r++) {
            ByteBuf in = e.ch.alloc().buffer(batch.length).writeBytes(batch);
            e.ch.pipeline().fireChannelRead(in).fireChannelReadComplete();
            for (Object o; (o = e.ch.readOutbound()) != null; ) {
                ByteBuf out = (ByteBuf) o;
                for (int i = out.readerIndex(); i < out.writerIndex(); i++) {
                    if (at(out, i, STATUS_LINE)) {
                        c.responses++;
                    }
                    if (at(out, i, OK_STATUS_LINE)) {
                        c.ok++;
                    }
                    if (at(out, i, LENGTH_2)) {
                        c.twoBytes++;
                    }
                    if (at(out, i, OK_BODY)) {
                        c.okBodies++;
                    }
                }
                out.release();
            }
        }
    }

    private static boolean at(ByteBuf b, int i, byte[] bytes) {
        if (i + bytes.length > b.writerIndex()) {
            return false;
        }
        for (int k = 0; k < bytes.length; k++) {
            if (b.getByte(i + k) != bytes[k]) {
                return false;
            }
        }
        return true;
    }
}
