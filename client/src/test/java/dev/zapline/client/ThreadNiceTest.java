package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nice values on real threads ({@link ThreadNice}, {@link ZapLoops#favourLoops}). Only threads made here are changed:
 * the lists of threads to change are written under a temporary directory, never read from this JVM's own, so the test
 * run's other threads keep their priority.
 */
class ThreadNiceTest {

    private static final Path PROC = Path.of("/proc");

    /** A thread that waits until released, and its Linux thread id. */
    private static final class Parked implements AutoCloseable {
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger tid = new AtomicInteger();
        final Thread thread;

        Parked() throws InterruptedException {
            CountDownLatch started = new CountDownLatch(1);
            thread = new Thread(() -> {
                tid.set(ThreadNice.currentTid(PROC));
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            thread.setDaemon(true);
            thread.start();
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        }

        int tid() {
            return tid.get();
        }

        @Override
        public void close() throws InterruptedException {
            release.countDown();
            thread.join(5000);
        }
    }

    private static void assumeLinuxWithSetpriority() {
        assumeTrue(Files.isSymbolicLink(PROC.resolve("thread-self")), "Linux /proc/thread-self");
        assumeTrue(ThreadNice.available(), "setpriority through the foreign function API (Java 22+)");
    }

    /** A task directory for {@code tid} under {@code proc}/self/task, its {@code comm} saying {@code name}. */
    private static void listed(Path proc, int tid, String name) throws Exception {
        Path task = proc.resolve("self/task/" + tid);
        Files.createDirectories(task);
        Files.writeString(task.resolve("comm"), name + "\n");
    }

    @Test
    void onJava22AndLaterOnLinuxTheCallIsThere() {
        assumeTrue(Files.isSymbolicLink(PROC.resolve("thread-self")), "Linux");
        assertThat(ThreadNice.available()).isEqualTo(Runtime.version().feature() >= 22);
    }

    @Test
    void aThreadIsLoweredAndTheCallerKeepsItsOwn() throws Exception {
        assumeLinuxWithSetpriority();
        int me = ThreadNice.currentTid(PROC);
        Integer mine = ThreadNice.niceOf(PROC, me);
        try (Parked p = new Parked()) {
            assertThat(ThreadNice.niceOf(PROC, p.tid())).isEqualTo(mine);
            assertThat(ThreadNice.set(p.tid(), 7)).isTrue();
            assertThat(ThreadNice.niceOf(PROC, p.tid())).isEqualTo(7);
        }
        assertThat(ThreadNice.niceOf(PROC, me)).isEqualTo(mine);
    }

    @Test
    void everyListedThreadButTheKeptAndTheCollectorIsLowered(@TempDir Path proc) throws Exception {
        assumeLinuxWithSetpriority();
        try (Parked kept = new Parked();
                Parked lowered = new Parked();
                Parked collector = new Parked()) {
            int before = ThreadNice.niceOf(PROC, kept.tid());
            listed(proc, kept.tid(), "zapline-client-1-1");
            listed(proc, lowered.tid(), "C2 CompilerThre");
            listed(proc, collector.tid(), "VM Thread");
            assertThat(ThreadNice.setAllBut(proc, new int[] {kept.tid()}, 12)).isEqualTo(1);
            assertThat(ThreadNice.niceOf(PROC, lowered.tid())).isEqualTo(12);
            assertThat(ThreadNice.niceOf(PROC, kept.tid())).isEqualTo(before);
            assertThat(ThreadNice.niceOf(PROC, collector.tid())).isEqualTo(before);
        }
    }

    @Test
    void withoutTheListOrTheCallNothingChangesAndNothingThrows(@TempDir Path proc) {
        assertThat(ThreadNice.setAllBut(proc, new int[0], 10)).isIn(-1, 0);
        assertThat(ThreadNice.set(0, 10)).isFalse();
        assertThat(ThreadNice.currentTid(proc)).isZero();
        assertThat(ThreadNice.niceOf(proc, 1)).isNull();
    }

    @Test
    void theLoopsKeepTheirPriorityAndTheOtherThreadsAreLowered(@TempDir Path proc) throws Exception {
        assumeLinuxWithSetpriority();
        try (ZapLoops loops = ZapLoops.create(2, true);
                Parked other = new Parked()) {
            // a loop that has not run yet has no thread: nothing is changed
            listed(proc, other.tid(), "java");
            assertThat(loops.favourLoops(proc)).isEqualTo(-1);
            assertThat(ThreadNice.niceOf(PROC, other.tid())).isNotEqualTo(ZapLoops.OTHERS_NICE);
            int[] tids = new int[2];
            for (int i = 0; i < 2; i++) {
                int k = i;
                loops.group()
                        .next()
                        .submit(() -> tids[k] = ThreadNice.currentTid(PROC))
                        .get(5, TimeUnit.SECONDS);
            }
            assertThat(tids).doesNotContain(0);
            int before = ThreadNice.niceOf(PROC, tids[0]);
            for (int tid : tids) {
                listed(proc, tid, "zapline-client-1-1");
            }
            assertThat(loops.favourLoops(proc)).isEqualTo(1);
            assertThat(ThreadNice.niceOf(PROC, other.tid())).isEqualTo(ZapLoops.OTHERS_NICE);
            assertThat(ThreadNice.niceOf(PROC, tids[0])).isEqualTo(before);
            assertThat(ThreadNice.niceOf(PROC, tids[1])).isEqualTo(before);
        }
    }
}
