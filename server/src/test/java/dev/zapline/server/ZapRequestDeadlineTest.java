package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.ZapFrames.Frame;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The slow-sender rules of a ZAP connection on a manual clock (the event loop's ticker), so every boundary is exact
 * and nothing depends on how busy the machine is. A frame must arrive whole within the idle timeout of its first
 * byte: a read at or after that deadline gets one 408 and the close, however busy the client keeps the connection.
 * A connection that goes quiet is closed between 1 and 1.5 timeouts after its last read: with a 408 if part of a
 * frame came, without a response between frames. Frames in many pieces that each arrive in time are answered however
 * long the connection has been receiving. {@link ZapSlowSenderTest} checks what only a real socket shows.
 *
 * <p>The connection opens at time 0; its idle checks run every half timeout from then.
 */
class ZapRequestDeadlineTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long TIMEOUT = 500 * MS;

    private final MockTicker clock = Ticker.newMockTicker();
    private Embedded e;

    @BeforeEach
    void open() {
        App app = App.create();
        app.all("/*rest", ctx -> ctx.send(ZapEchoApp.echo(ctx)));
        ServerConfig config =
                ServerConfig.defaults().withClock(() -> Embedded.NOW).withIdleTimeout(Duration.ofNanos(TIMEOUT));
        e = new Embedded(app, config, Transport.ZAP, clock);
    }

    @AfterEach
    void close() {
        e.close();
    }

    @AfterAll
    static void noLeaks() {
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static byte[] frame(int bodyBytes) {
        return ZapFrames.request("POST", "/slow", "b".repeat(bodyBytes));
    }

    private static String echoed(int bodyBytes) {
        return "POST /slow ZAP-HTTP/1.0\n\n" + "b".repeat(bodyBytes);
    }

    /** Moves the clock to {@code t} nanoseconds after the connection opened, running the checks due on the way. */
    private void at(long t) {
        assertThat(t).as("time only moves forward").isGreaterThanOrEqualTo(clock.nanoTime());
        e.advance(t - clock.nanoTime());
    }

    private void send(byte[] bytes) {
        e.write(bytes);
    }

    private List<Frame> replies() {
        return ZapFrames.read(e.readBytes());
    }

    /**
     * Sends {@code f} in pieces: the first at {@code t0}, four more 100 ms apart, the rest of the frame at
     * {@code last}; asserts that nothing is answered before the last piece.
     */
    private void inPieces(byte[] f, long t0, long last) {
        int piece = f.length / 6;
        for (int i = 0; i < 5; i++) {
            at(t0 + i * 100 * MS);
            send(Arrays.copyOfRange(f, i * piece, (i + 1) * piece));
            assertThat(replies()).as("answer to piece %d", i).isEmpty();
            assertThat(e.ch.isOpen()).isTrue();
        }
        at(last);
        send(Arrays.copyOfRange(f, 5 * piece, f.length));
    }

    @Test
    void frameWhoseLastPieceArrivesOneNanosecondBeforeItsDeadlineIsAnswered() {
        long t0 = 100 * MS;
        inPieces(frame(200), t0, t0 + TIMEOUT - 1);
        assertThat(replies()).extracting(Frame::status, Frame::body).containsExactly(tuple(200, echoed(200)));
        assertThat(e.ch.isOpen()).isTrue();
    }

    @Test
    void frameWhoseLastPieceArrivesAtItsDeadlineGets408AndTheClose() {
        long t0 = 100 * MS;
        inPieces(frame(200), t0, t0 + TIMEOUT);
        assertTimeoutAndClosed(replies());
    }

    /**
     * One byte every 50 ms keeps the connection from ever going idle, and the whole frame would take 14 s: the
     * byte that arrives at the deadline (the 11th) gets the 408, and nothing is read after it.
     */
    @Test
    void frameTrickledAByteAtATimeGets408ForTheByteAtItsDeadline() {
        byte[] f = frame(200);
        long t0 = 100 * MS;
        int sent = trickle(f, t0);
        assertThat(sent).as("bytes sent up to the 408").isEqualTo((int) (TIMEOUT / (50 * MS)) + 1);
        assertThat(sent).isLessThan(f.length);
    }

    /** Sends {@code f} a byte every 50 ms from {@code t0} until the connection answers; returns the bytes sent. */
    private int trickle(byte[] f, long t0) {
        int sent = 0;
        List<Frame> got = List.of();
        while (got.isEmpty() && sent < f.length) {
            at(t0 + sent * 50 * MS);
            send(new byte[] {f[sent++]});
            got = replies();
        }
        assertTimeoutAndClosed(got);
        return sent;
    }

    /**
     * A kept connection's next frame is timed from its own first byte, not from the connection's first or the
     * previous frame's: started 400 ms after the first was answered, it may finish 899.999999 ms after the open.
     */
    @Test
    void keptConnectionsNextFrameIsTimedFromItsOwnFirstByte() {
        send(frame(1));
        assertThat(replies()).extracting(Frame::status).containsExactly(200);
        long t0 = 400 * MS;
        inPieces(frame(200), t0, t0 + TIMEOUT - 1);
        assertThat(replies()).extracting(Frame::status, Frame::body).containsExactly(tuple(200, echoed(200)));
        assertThat(e.ch.isOpen()).isTrue();
    }

    @Test
    void keptConnectionThatWasAnsweredThenTricklesGets408ForTheByteAtTheDeadline() {
        send(frame(1));
        assertThat(replies()).extracting(Frame::status).containsExactly(200);
        byte[] f = frame(200);
        int sent = trickle(f, 400 * MS);
        assertThat(sent).as("bytes sent up to the 408").isEqualTo((int) (TIMEOUT / (50 * MS)) + 1);
    }

    /**
     * Reads that each end mid-frame, as a busy pipelining client's do: the read that completes one frame starts the
     * next, whose deadline counts from that read. Four reads at 0, 300, 700 and 1100 ms carry three frames, each
     * within 400 ms of its first byte, over more than twice the timeout.
     */
    @Test
    void frameStartedByTheReadThatCompletesThePreviousOneIsTimedFromThatRead() {
        byte[][] halves = halves(frame(100), frame(101), frame(102));
        long[] times = {0, 300 * MS, 700 * MS, 1100 * MS};
        for (int i = 0; i < times.length; i++) {
            at(times[i]);
            send(halves[i]);
            assertThat(replies())
                    .as("read %d", i)
                    .extracting(Frame::status, Frame::body)
                    .containsExactlyElementsOf(i == 0 ? List.of() : List.of(tuple(200, echoed(99 + i))));
        }
        assertThat(e.ch.isOpen()).isTrue();
    }

    /** The same reads with the second frame's end at 800 ms, its first byte's read plus the timeout: 408. */
    @Test
    void frameStartedByTheReadThatCompletesThePreviousOneHasItsDeadlineFromThatRead() {
        byte[][] halves = halves(frame(100), frame(101), frame(102));
        send(halves[0]);
        at(300 * MS);
        send(halves[1]);
        assertThat(replies()).extracting(Frame::status).containsExactly(200);
        at(800 * MS - 1);
        assertThat(replies()).isEmpty();
        at(800 * MS);
        send(halves[2]);
        assertTimeoutAndClosed(replies());
    }

    /**
     * The reads of a stream of frames, each read ending in the middle of a frame: the first half of the first, then
     * each frame's second half with the next one's first half, then the last frame's second half.
     */
    private static byte[][] halves(byte[]... frames) {
        byte[][] reads = new byte[frames.length + 1][];
        reads[0] = Arrays.copyOf(frames[0], frames[0].length / 2);
        for (int i = 0; i < frames.length; i++) {
            byte[] rest = Arrays.copyOfRange(frames[i], frames[i].length / 2, frames[i].length);
            byte[] next = i + 1 < frames.length ? Arrays.copyOf(frames[i + 1], frames[i + 1].length / 2) : new byte[0];
            reads[i + 1] = ZapFrames.concat(rest, next);
        }
        return reads;
    }

    /**
     * Three frames one after the other, each in 10 pieces 25 ms apart (225 ms from first to last byte), each
     * answered before the next starts: 675 ms of receiving in all, more than the timeout, and no 408.
     */
    @Test
    void framesInManyPiecesEachWithinTheTimeoutAreAnsweredThoughTogetherTheyTakeLonger() {
        long t = 0;
        for (int i = 0; i < 3; i++) {
            byte[] f = frame(300 + i);
            int piece = (f.length + 9) / 10;
            for (int at = 0; at < f.length; at += piece) {
                assertThat(replies()).as("frame %d answered early", i).isEmpty();
                at(t);
                send(Arrays.copyOfRange(f, at, Math.min(f.length, at + piece)));
                t += 25 * MS;
            }
            assertThat(replies())
                    .as("frame %d", i)
                    .extracting(Frame::status, Frame::body)
                    .containsExactly(tuple(200, echoed(300 + i)));
        }
        assertThat(clock.nanoTime()).isGreaterThan(TIMEOUT);
        assertThat(e.ch.isOpen()).isTrue();
    }

    /**
     * Part of a frame, then nothing: the idle check answers 408 and closes, not before the timeout has passed since
     * the last read and no later than 1.5 timeouts after it, wherever the read falls between two checks (every 250 ms
     * from the open).
     */
    @ParameterizedTest(name = "last read at {0} ns")
    @ValueSource(longs = {0, 1, 100_000_000, 249_999_999, 250_000_000, 250_000_001, 400_000_000})
    void partOfAFrameThenSilenceGets408AndTheCloseOnceIdleForTheTimeout(long lastRead) {
        byte[] f = frame(10);
        at(lastRead);
        send(Arrays.copyOf(f, f.length / 2));
        at(lastRead + TIMEOUT - 1);
        assertThat(replies()).isEmpty();
        assertThat(e.ch.isOpen()).isTrue();
        at(lastRead + TIMEOUT + TIMEOUT / 2);
        assertTimeoutAndClosed(replies());
    }

    /** Between frames, silence for the timeout closes the connection without a response (same bounds as above). */
    @ParameterizedTest(name = "last read at {0} ns")
    @ValueSource(longs = {0, 1, 100_000_000, 249_999_999, 250_000_000, 250_000_001, 400_000_000})
    void idleConnectionBetweenFramesIsClosedWithoutAResponse(long lastRead) {
        at(lastRead);
        send(frame(1));
        assertThat(replies()).extracting(Frame::status).containsExactly(200);
        at(lastRead + TIMEOUT - 1);
        assertThat(e.ch.isOpen()).isTrue();
        at(lastRead + TIMEOUT + TIMEOUT / 2);
        assertThat(e.readBytes()).isEmpty();
        assertThat(e.ch.isOpen()).isFalse();
    }

    private void assertTimeoutAndClosed(List<Frame> frames) {
        assertThat(frames).as("exactly one response").hasSize(1);
        Frame f = frames.get(0);
        assertThat(f.status()).isEqualTo(408);
        assertThat(f.headers()).containsExactly("content-type: application/problem+json");
        assertThat(f.body()).contains("\"status\":408", "the request did not arrive in time");
        assertThat(e.ch.isOpen()).as("closed after the 408").isFalse();
    }
}
