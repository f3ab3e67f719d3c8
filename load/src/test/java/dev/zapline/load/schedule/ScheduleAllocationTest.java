package dev.zapline.load.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's per-request call allocates nothing (STYLE.md rule 3): after warm-up, {@value #STEPS} steps of a
 * cursor leave the thread's allocated-bytes counter where it was, less the counter's own cost.
 */
@Tag("allocation")
class ScheduleAllocationTest {

    static final int WARM_UP = 2_000_000;
    static final int STEPS = 1_000_000;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private long sink;

    private long allocatedWhileStepping(Schedule schedule) {
        assertThat(schedule.count()).isGreaterThan(WARM_UP + STEPS);
        ScheduleCursor cursor = schedule.cursor();
        for (int i = 0; i < WARM_UP; i++) {
            sink += cursor.next();
        }
        long id = Thread.currentThread().threadId();
        for (int i = 0; i < 3; i++) {
            sink += THREADS.getThreadAllocatedBytes(id) & 1;
        }
        long calibrate = THREADS.getThreadAllocatedBytes(id);
        long overhead = THREADS.getThreadAllocatedBytes(id) - calibrate;
        long before = THREADS.getThreadAllocatedBytes(id);
        for (int i = 0; i < STEPS; i++) {
            sink += cursor.next();
        }
        long allocated = THREADS.getThreadAllocatedBytes(id) - before - overhead;
        assertThat(sink).isPositive();
        return allocated;
    }

    @Test
    void steppingAConstantScheduleAllocatesNothing() {
        assertThat(allocatedWhileStepping(
                        Schedule.constant(50_000, Duration.ofHours(1)).forLoop(1, 2)))
                .isZero();
    }

    @Test
    void steppingRampsAndHoldsAllocatesNothing() {
        Schedule s = Schedule.uniform(Stages.parse("10s:0->50000,10s:50000,20s:50000->1000,1h:777.5"));
        assertThat(allocatedWhileStepping(s)).isZero();
    }

    @Test
    void steppingPoissonArrivalsAcrossBlocksAllocatesNothing() {
        Schedule s =
                Schedule.poisson(Stages.parse("10s:0->50000,200s:50000"), 3).segment(0, 2);
        assertThat(allocatedWhileStepping(s)).isZero();
    }
}
