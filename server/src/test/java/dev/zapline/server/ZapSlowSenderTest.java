package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
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
 * Slow senders against a real server and socket, with a 1 s idle timeout: what only a socket shows, that a client
 * trickling a frame (never idle, but too slow to finish it in time) gets one 408 and the close before it has sent the
 * whole frame, that part of a frame then silence gets the same, and that an idle kept connection is closed without a
 * response. No assertion here bounds how long anything took (a busy machine stretches every interval); the exact
 * deadlines, and frames in many pieces being answered although together they take longer than the timeout, are
 * pinned on a manual clock in {@link ZapRequestDeadlineTest}. The only time limits are generous: the read timeout and
 * the test's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapSlowSenderTest {

    /** Long enough that a loaded machine's pause between two sends of the test never looks idle. */
    private static final long IDLE_MILLIS = 1000;
    /** How long a read waits for the server: far beyond when it should answer or close, even on a loaded machine. */
    private static final int READ_TIMEOUT_MILLIS = 20_000;

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
    void frameTrickledAByteAtATimeGets408AndTheCloseBeforeItIsWhole() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, READ_TIMEOUT_MILLIS)) {
            trickleUntilAnswered(c);
        }
    }

    @Test
    void keptConnectionThatWasAnsweredThenTricklesGets408AndTheClose() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, READ_TIMEOUT_MILLIS)) {
            assertThat(c.send(frame(1)).frames(1)).extracting(Frame::status).containsExactly(200);
            trickleUntilAnswered(c);
        }
    }

    /**
     * Sends a frame a byte every 100 ms (a tenth of the timeout, so the connection never goes idle; the whole frame
     * would take over 22 s) until the server answers or the frame is all sent. A server that did not time the frame
     * from its first byte would get it whole and answer 200.
     */
    private static void trickleUntilAnswered(TestZapSocket c) throws Exception {
        byte[] f = frame(200);
        int sent = 0;
        try {
            while (sent < f.length && !c.hasInput()) {
                c.send(new byte[] {f[sent++]});
                Thread.sleep(IDLE_MILLIS / 10);
            }
        } catch (IOException closedByServer) {
            // the server answered and closed between two bytes
        }
        List<Frame> frames = ZapFrames.read(c.untilClosed());
        assertThat(sent).as("bytes sent before the answer, of %d", f.length).isLessThan(f.length);
        assertTimeout(frames);
    }

    @Test
    void partOfAFrameThenSilenceGets408AndTheClose() throws Exception {
        byte[] f = frame(10);
        try (TestZapSocket c = new TestZapSocket(server.port, READ_TIMEOUT_MILLIS)) {
            assertTimeout(ZapFrames.read(c.send(Arrays.copyOf(f, f.length / 2)).untilClosed()));
        }
    }

    @Test
    void idleConnectionBetweenFramesIsClosedWithoutAResponse() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, READ_TIMEOUT_MILLIS)) {
            assertThat(c.send(frame(1)).frames(1)).extracting(Frame::status).containsExactly(200);
            assertThat(c.untilClosed())
                    .as("bytes after the answer, until the close")
                    .isEmpty();
        }
    }

    /** Exactly one response, the 408 problem; {@link TestZapSocket#untilClosed} has seen the close. */
    private static void assertTimeout(List<Frame> frames) {
        assertThat(frames).hasSize(1);
        assertThat(frames.get(0).status()).isEqualTo(408);
        assertThat(frames.get(0).headers()).containsExactly("content-type: application/problem+json");
        assertThat(frames.get(0).body()).contains("\"status\":408", "the request did not arrive in time");
    }
}
