package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.wire.Await;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writes are batched per event-loop turn: the requests that the responses of one read batch make sendable leave
 * in one flush per connection at the batch's end, and that flush is their send time. Driven on a real event loop
 * with fake connections and a manual clock, so every count is exact.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WriteBatchingTest {

    private static final int DEPTH = 16;
    private static final long HOUR = 3_600_000_000_000L;

    private final DefaultEventLoopGroup group = new DefaultEventLoopGroup(1);
    private final EventLoop loop = group.next();
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final FakeClient client = new FakeClient();

    @AfterEach
    void shutDown() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void responsesOfOneReadBatchRefillTheirConnectionWithOneFlush() throws Exception {
        Engine e = Engine.start(LoadPlan.maxThroughput(DEPTH, HOUR, 2, 1), client, group, clock::get, 5000);
        long start = e.startNanos();
        clock.set(start);
        // the first tick offers all 32 users: 16 on each connection, one flush each at the tick's end
        awaitOnLoop(() -> client.conns.size() == 2 && client.conns.get(1).writes == DEPTH);
        FakeConn a = client.conns.get(0);
        FakeConn b = client.conns.get(1);
        assertThat(onLoop(() -> new long[] {a.writes, a.flushes, b.writes, b.flushes}))
                .containsExactly(DEPTH, 1, DEPTH, 1);

        long[] duringAndAfter = onLoop(() -> {
            clock.set(start + 1_000_000);
            for (int i = 0; i < DEPTH; i++) {
                a.respond();
            }
            long writes = a.writes;
            long flushes = a.flushes;
            clock.set(start + 3_000_000);
            a.events.onReadComplete();
            return new long[] {writes, flushes, a.writes, a.flushes, a.flushedWrites, b.flushes};
        });
        // 16 responses wrote 16 requests and flushed nothing; the read batch's end flushed them once
        assertThat(duringAndAfter).containsExactly(2 * DEPTH, 1, 2 * DEPTH, 2, 2 * DEPTH, 1);

        onLoop(() -> {
            clock.set(start + 10_000_000);
            for (int i = 0; i < DEPTH; i++) {
                a.respond();
            }
            a.events.onReadComplete();
            return null;
        });
        // service time of the second window counts from its flush (3 ms), not from when it was queued (1 ms)
        LoopRecorder r = e.recorders()[0];
        Histogram service = r.swapService(null);
        assertThat(service.getTotalCount()).isEqualTo(2 * DEPTH);
        assertThat(service.getMinValue()).isEqualTo(service.lowestEquivalentValue(1_000_000));
        assertThat(service.getMaxValue()).isEqualTo(service.highestEquivalentValue(7_000_000));

        e.stop();
        onLoop(() -> null);
        clock.addAndGet(HOUR);
        assertThat(e.await(10, TimeUnit.SECONDS)).isTrue();
    }

    private <T> T onLoop(Callable<T> c) throws Exception {
        return loop.submit(c).get(10, TimeUnit.SECONDS);
    }

    private void awaitOnLoop(Callable<Boolean> c) {
        Await.until("the condition, read on the loop", () -> {
            try {
                return onLoop(c);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    private static final class FakeClient implements Client {
        final List<FakeConn> conns = new ArrayList<>();

        @Override
        public CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events) {
            FakeConn c = new FakeConn(events);
            conns.add(c);
            return CompletableFuture.completedFuture(c);
        }

        @Override
        public int requests() {
            return 1;
        }

        @Override
        public int requestBytes(int i) {
            return 40;
        }

        @Override
        public String describe() {
            return "fake";
        }
    }

    /** Counts writes and flushes; closing fails what is in flight, as a real connection does. */
    private static final class FakeConn implements Connection {
        final ConnectionEvents events;
        long writes;
        long flushes;
        long flushedWrites;
        int inFlight;
        boolean closed;

        FakeConn(ConnectionEvents events) {
            this.events = events;
        }

        void respond() {
            inFlight--;
            events.onResponse(200, 10);
        }

        @Override
        public boolean write(int i) {
            if (closed) {
                return false;
            }
            writes++;
            inFlight++;
            return true;
        }

        @Override
        public void flush() {
            flushes++;
            flushedWrites = writes;
        }

        @Override
        public boolean isActive() {
            return !closed;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            while (inFlight > 0) {
                inFlight--;
                events.onFailure(Outcome.RESET);
            }
            events.onClosed();
        }
    }
}
