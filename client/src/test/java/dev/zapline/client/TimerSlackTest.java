package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A loop's thread sets its own timer slack ({@link TimerSlack}); other threads keep theirs. */
class TimerSlackTest {

    @Test
    void theThreadFileNamedByThreadSelfIsWritten(@TempDir Path proc) throws Exception {
        Files.createDirectories(proc.resolve("100"));
        Files.writeString(proc.resolve("100/timerslack_ns"), "50000\n");
        Files.createSymbolicLink(proc.resolve("thread-self"), Path.of("99/task/100"));
        assertThat(TimerSlack.current(proc)).isEqualTo(50_000);
        assertThat(TimerSlack.set(proc, 1000)).isTrue();
        assertThat(Files.readString(proc.resolve("100/timerslack_ns"), StandardCharsets.US_ASCII))
                .isEqualTo("1000");
        assertThat(TimerSlack.current(proc)).isEqualTo(1000);
    }

    @Test
    void withoutTheFilesNothingChangesAndNothingThrows(@TempDir Path proc) {
        assertThat(TimerSlack.set(proc, 1000)).isFalse();
        assertThat(TimerSlack.current(proc)).isEqualTo(-1);
    }

    @Test
    void everyLoopThreadRunsWithOneMicrosecondOfSlackAndTheCallerKeepsItsOwn() throws Exception {
        Path proc = Path.of("/proc");
        assumeTrue(Files.isSymbolicLink(proc.resolve("thread-self")), "Linux /proc/thread-self");
        long mine = TimerSlack.current(proc);
        assumeTrue(mine > 0, "this kernel shows timerslack_ns");
        try (ZapLoops loops = ZapLoops.create(2, true)) {
            for (int i = 0; i < 2; i++) {
                long slack = loops.next().submit(() -> TimerSlack.current(proc)).get(5, TimeUnit.SECONDS);
                assertThat(slack).isEqualTo(TimerSlack.NANOS);
            }
        }
        assertThat(TimerSlack.current(proc)).isEqualTo(mine);
        assertThat(mine).isNotEqualTo(TimerSlack.NANOS);
    }
}
