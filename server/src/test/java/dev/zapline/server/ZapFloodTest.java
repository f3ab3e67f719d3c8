package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.ZapFrames.Frame;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocatorMetric;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Floods against a 1 KiB frame limit: many small frames all answered in order; oversize ones refused unbuffered. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapFloodTest {

    private static final int MAX_FRAME = 1024;
    private static ZapEchoApp server;
    private static ExecutorService writers;

    @BeforeAll
    static void start() {
        server = ZapEchoApp.start(ServerConfig.defaults().withMaxFrame(MAX_FRAME));
        writers = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stop() throws Exception {
        writers.shutdownNow();
        assertThat(writers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void tenThousandBackToBackFramesAreAllAnsweredInOrder() throws Exception {
        int n = 10_000;
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            all.writeBytes(ZapFrames.request("GET", "/n/" + i, ""));
        }
        byte[] bytes = all.toByteArray();
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            // Everything is written before anything is read; the write runs on its own thread only so that, should
            // the socket buffers fill before it is done, reading the responses lets it finish instead of deadlocking.
            Future<?> write = writers.submit(() -> {
                c.send(bytes);
                return null;
            });
            try {
                write.get(2, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException stillWriting) {
                // the server has stopped reading until its responses are read: read them now
            }
            List<Frame> frames = c.frames(n);
            write.get(30, TimeUnit.SECONDS);
            for (int i = 0; i < n; i++) {
                assertThat(frames.get(i).status())
                        .as("status of response %d", i)
                        .isEqualTo(200);
                assertThat(frames.get(i).body()).as("response %d", i).isEqualTo(Integer.toString(i));
            }
            assertThat(c.send(ZapFrames.request("GET", "/n/last", "")).frames(1))
                    .extracting(Frame::body)
                    .containsExactly("last");
        }
    }

    @Test
    void floodOfOversizeFramesIsRefusedWithOne400AndCloseWithoutBeingBuffered() throws Exception {
        PooledByteBufAllocatorMetric pool = PooledByteBufAllocator.DEFAULT.metric();
        long before = pool.usedDirectMemory() + pool.usedHeapMemory();
        AtomicLong peak = new AtomicLong(before);
        AtomicLong written = new AtomicLong();
        long flood = 64L << 20;
        // Each 64 KiB chunk starts with a frame length of 1 MiB (over the 1 KiB limit); 64 MiB at most.
        byte[] chunk = new byte[64 << 10];
        ByteBuffer.wrap(chunk).putInt(1 << 20);
        // the read timeout only guards against a server that never closes: how soon it does is not this test's
        // business; that it stopped reading is, by what the client could write and what the server's pool held
        try (TestZapSocket c = new TestZapSocket(server.port, 30_000)) {
            Future<?> write = writers.submit(() -> {
                try {
                    while (written.get() < flood) {
                        c.send(chunk);
                        written.addAndGet(chunk.length);
                        peak.accumulateAndGet(pool.usedDirectMemory() + pool.usedHeapMemory(), Math::max);
                    }
                } catch (IOException closedByServer) {
                    // expected: the server closed after its 400
                }
                return null;
            });
            List<Frame> frames = ZapFrames.read(c.untilClosed());
            write.get(30, TimeUnit.SECONDS);
            assertThat(frames).hasSize(1);
            assertThat(frames.get(0).status()).isEqualTo(400);
            assertThat(frames.get(0).body()).contains("frame of 1048576 bytes exceeds the limit of 1024");
            assertThat(written.get())
                    .as("bytes the client could write before the close stopped it")
                    .isLessThan(flood / 4);
            assertThat(peak.get() - before)
                    .as("growth of the server's buffer pool during the flood")
                    .isLessThan(16L << 20);
        }
    }
}
