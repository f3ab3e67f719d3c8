package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.Await;
import io.netty.channel.EventLoop;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The loops' one timer: it runs its task once per arming, not before the armed instant, re-armed from the task
 * itself, and arming allocates nothing (Netty's {@code schedule} allocates a task per call). How late it runs is
 * the machine's business and is not asserted.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TimerLoopTest {

    @Test
    void runsOncePerArmingNeverBeforeTheInstantAndMayReArmItself() throws Exception {
        for (boolean epoll : new boolean[] {true, false}) {
            try (ZapLoops loops = ZapLoops.create(1, epoll)) {
                EventLoop loop = loops.next();
                assertThat(loop).isInstanceOf(TimerLoop.class);
                TimerLoop t = (TimerLoop) loop;
                List<long[]> runs = new ArrayList<>();
                CompletableFuture<Void> done = new CompletableFuture<>();
                long[] armed = new long[1];
                loop.execute(() -> {
                    t.timer(() -> {
                        runs.add(new long[] {armed[0], System.nanoTime()});
                        if (runs.size() < 20) {
                            armed[0] = System.nanoTime() + 200_000;
                            t.arm(armed[0]);
                        } else {
                            done.complete(null);
                        }
                    });
                    armed[0] = System.nanoTime() + 2_000_000;
                    t.arm(armed[0]);
                });
                done.get(30, TimeUnit.SECONDS);
                // the last run did not re-arm: the timer is disarmed, so no run can follow the twentieth
                assertThat(loop.submit(t::armedAt).get()).isEqualTo(Long.MAX_VALUE);
                List<long[]> seen = loop.submit(() -> List.copyOf(runs)).get();
                assertThat(seen).as(loops.name()).hasSize(20);
                for (long[] r : seen) {
                    assertThat(r[1]).as("ran at or after the armed instant").isGreaterThanOrEqualTo(r[0]);
                }
            }
        }
    }

    @Test
    void aDisarmedTimerDoesNotRunAndAMovedOneRunsOnlyAtItsNewInstant() throws Exception {
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            TimerLoop t = (TimerLoop) loops.next();
            int[] count = new int[1];
            long[] at = new long[2];
            long disarmed = t.submit(() -> {
                        t.timer(() -> {
                            count[0]++;
                            at[1] = System.nanoTime();
                        });
                        t.arm(System.nanoTime() + 1_000_000);
                        t.disarm();
                        return t.armedAt();
                    })
                    .get();
            assertThat(disarmed).isEqualTo(Long.MAX_VALUE);
            // real time for the disarmed instant to pass: a timer that ran anyway would be caught below, by the
            // count or by running before the moved instant
            Await.pause(Duration.ofMillis(5));
            assertThat(t.submit(() -> count[0]).get()).isZero();
            t.submit(() -> {
                        t.arm(System.nanoTime() + 1_000_000);
                        at[0] = System.nanoTime() + 20_000_000;
                        t.arm(at[0]);
                    })
                    .get();
            Await.until("the moved timer to run", () -> get(t.submit(() -> count[0])) > 0);
            assertThat(t.submit(() -> count[0]).get()).isEqualTo(1);
            assertThat(t.submit(t::armedAt).get()).as("disarmed by its run").isEqualTo(Long.MAX_VALUE);
            assertThat(t.submit(() -> at[1]).get()).isGreaterThanOrEqualTo(at[0]);
        }
    }

    private static int get(java.util.concurrent.Future<Integer> f) {
        try {
            return f.get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void armingAllocatesNothing() throws Exception {
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            TimerLoop t = (TimerLoop) loops.next();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long bytes = t.submit(() -> {
                        t.timer(() -> {});
                        long id = Thread.currentThread().threadId();
                        for (int i = 0; i < 100_000; i++) {
                            t.arm(System.nanoTime() + 1_000_000_000L + i);
                        }
                        long b0 = mx.getThreadAllocatedBytes(id);
                        for (int i = 0; i < 100_000; i++) {
                            t.arm(System.nanoTime() + 1_000_000_000L + i);
                            t.disarm();
                        }
                        return mx.getThreadAllocatedBytes(id) - b0;
                    })
                    .get();
            assertThat(bytes).isLessThan(1024);
        }
    }
}
