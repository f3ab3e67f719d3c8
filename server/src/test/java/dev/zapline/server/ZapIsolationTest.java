package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.ZapFrames.Frame;
import dev.zapline.wire.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One event loop shared by a well-behaved connection and misbehaving ones: garbage senders each get their 400 and
 * close, a client flooding frames without reading its responses is held back, a half-sent frame waits, and the
 * well-behaved connection's pipelined requests keep being answered, correctly and in order, in between.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapIsolationTest {

    private static final int MAX_FRAME = 1024;
    private static final int ROUNDS = 200;
    private static ZapEchoApp server;
    private static ExecutorService flooders;

    @BeforeAll
    static void start() {
        server = ZapEchoApp.start(ServerConfig.defaults().withMaxFrame(MAX_FRAME));
        flooders = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stop() throws Exception {
        flooders.shutdownNow();
        assertThat(flooders.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void wellBehavedConnectionIsAnsweredInOrderWhileOthersSendGarbageOrFlood() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        AtomicInteger flooded = new AtomicInteger();
        try (TestZapSocket good = new TestZapSocket(server.port);
                TestZapSocket flooder = new TestZapSocket(server.port);
                TestZapSocket halfSent = new TestZapSocket(server.port)) {
            byte[] floodFrame = ZapFrames.request("POST", "/flood", "x".repeat(200));
            Future<?> flood = flooders.submit(() -> {
                // Never reads: the server must stop reading it once its responses back up, not stall the loop.
                try {
                    while (flooded.get() < 200_000) {
                        flooder.send(floodFrame);
                        flooded.incrementAndGet();
                    }
                } catch (IOException closedAtTheEnd) {
                    // the test closes this client when it is done
                }
                return null;
            });
            byte[] half = ZapFrames.request("GET", "/never-finished", "");
            halfSent.send(Arrays.copyOf(half, half.length / 2));
            for (int i = 0; i < ROUNDS; i++) {
                try (TestZapSocket bad = new TestZapSocket(server.port)) {
                    bad.send(garbage(i, random));
                    good.send(ZapFrames.concat(
                            ZapFrames.request("GET", "/n/" + (2 * i), ""),
                            ZapFrames.request("POST", "/echo", "round " + i, "X-Round", Integer.toString(i))));
                    List<Frame> answers = good.frames(2);
                    assertThat(answers.get(0).body()).as("round %d", i).isEqualTo(Integer.toString(2 * i));
                    assertThat(answers.get(1).body())
                            .as("round %d", i)
                            .isEqualTo("POST /echo ZAP-HTTP/1.0\nX-Round: " + i + "\n\nround " + i);
                    List<Frame> refused = ZapFrames.read(bad.untilClosed());
                    assertThat(refused)
                            .as("garbage kind %d", i % 4)
                            .extracting(Frame::status)
                            .containsExactly(400);
                }
            }
            // (its thread may start late on a loaded machine: wait for it rather than assume it ran)
            Await.until("the flooder to get frames in", () -> flooded.get() > 0);
            assertThat(flood.isDone())
                    .as("the flooder is held back, not refused")
                    .isFalse();
            flooder.close();
            flood.get(30, TimeUnit.SECONDS);
        }
    }

    /** Four kinds of garbage that the server refuses at once, without waiting for more bytes. */
    private static byte[] garbage(int i, SplittableRandom random) {
        byte[] noise = new byte[1 + random.nextInt(MAX_FRAME - 1)];
        random.nextBytes(noise);
        noise[0] = 'z';
        return switch (i % 4) {
            case 0 -> ZapFrames.frame(noise);
            case 1 ->
                ZapFrames.concat(
                        ByteBuffer.allocate(4)
                                .putInt(MAX_FRAME + 1 + random.nextInt(1 << 20))
                                .array(),
                        noise);
            case 2 -> ZapFrames.concat(new byte[4], noise);
            default -> {
                byte[] f = ZapFrames.request("GET", "/n/1", "");
                f[4 + 7] = (byte) (2 + random.nextInt(4));
                yield ZapFrames.concat(f, noise);
            }
        };
    }
}
