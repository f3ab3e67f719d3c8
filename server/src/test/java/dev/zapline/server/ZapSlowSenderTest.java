package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.ZapFrames.Frame;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Slow senders against a 500 ms idle timeout: a frame must arrive whole within that time of its first byte, so
 * trickling it (which keeps the connection from going idle) earns a 408; a frame in many pieces that arrive in
 * time is answered normally.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ZapSlowSenderTest {

    private static final long IDLE_MILLIS = 500;
    private static ZapEchoApp server;

    @BeforeAll
    static void start() {
        server = ZapEchoApp.start(ServerConfig.defaults().withIdleTimeout(Duration.ofMillis(IDLE_MILLIS)));
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static byte[] frame(int bodyBytes) {
        return ZapFrames.request("POST", "/slow", "b".repeat(bodyBytes));
    }

    @Test
    void frameTrickledAByteAtATimeSlowerThanTheIdleTimeoutGets408() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, 5_000)) {
            trickleUntil408(c);
        }
    }

    @Test
    void keptConnectionThatWasAnsweredThenTricklesGets408() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, 5_000)) {
            assertThat(c.send(frame(1)).frames(1)).extracting(Frame::status).containsExactly(200);
            trickleUntil408(c);
        }
    }

    private static void trickleUntil408(TestZapSocket c) throws Exception {
        byte[] f = frame(200);
        long start = System.nanoTime();
        int sent = 0;
        try {
            // A byte every 50 ms: never idle, but the whole frame would take 13 s. Stop at the first reply.
            while (sent < f.length && !c.hasInput() && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5)) {
                c.send(new byte[] {f[sent++]});
                Thread.sleep(50);
            }
        } catch (IOException closedByServer) {
            // the server answered and closed between two bytes
        }
        List<Frame> frames = ZapFrames.read(c.untilClosed());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(sent).as("bytes sent before the 408").isLessThan(f.length);
        assertThat(millis).as("time to the 408").isBetween(IDLE_MILLIS, 3_000L);
        assertTimeout(frames);
    }

    @Test
    void partOfAFrameThenSilenceGets408WhenTheConnectionGoesIdle() throws Exception {
        byte[] f = frame(10);
        try (TestZapSocket c = new TestZapSocket(server.port, 5_000)) {
            long start = System.nanoTime();
            List<Frame> frames =
                    ZapFrames.read(c.send(Arrays.copyOf(f, f.length / 2)).untilClosed());
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(IDLE_MILLIS - 50, 3_000L);
            assertTimeout(frames);
        }
    }

    @Test
    void framesSplitIntoManyReadsWithinTheTimeoutAreAnsweredNormally() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, 5_000)) {
            // Three frames, each in 10 pieces 25 ms apart (~250 ms a frame, ~750 ms in all): each frame arrives in
            // time although the three together take longer than the idle timeout.
            for (int i = 0; i < 3; i++) {
                byte[] f = frame(300 + i);
                int piece = (f.length + 9) / 10;
                for (int at = 0; at < f.length; at += piece) {
                    c.send(Arrays.copyOfRange(f, at, Math.min(f.length, at + piece)));
                    Thread.sleep(25);
                }
                List<Frame> frames = c.frames(1);
                assertThat(frames).extracting(Frame::status).as("frame %d", i).containsExactly(200);
                assertThat(frames.get(0).body()).isEqualTo("POST /slow ZAP-HTTP/1.0\n\n" + "b".repeat(300 + i));
            }
        }
    }

    @Test
    void idleConnectionBetweenFramesIsClosedWithoutAResponse() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, 5_000)) {
            assertThat(c.send(frame(1)).frames(1)).extracting(Frame::status).containsExactly(200);
            assertThat(c.untilClosed()).isEmpty();
        }
    }

    private static void assertTimeout(List<Frame> frames) {
        assertThat(frames).hasSize(1);
        assertThat(frames.get(0).status()).isEqualTo(408);
        assertThat(frames.get(0).headers()).containsExactly("content-type: application/problem+json");
        assertThat(frames.get(0).body()).contains("\"status\":408", "the request did not arrive in time");
    }
}
