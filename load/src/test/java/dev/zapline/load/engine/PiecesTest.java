package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import org.junit.jupiter.api.Test;

/** The engine's small pure parts. */
class PiecesTest {

    @Test
    void statusSetsTakeCodesClassesAndRanges() {
        StatusSet s = StatusSet.parse("2xx, 304, 400-402");
        assertThat(s.contains(200)).isTrue();
        assertThat(s.contains(299)).isTrue();
        assertThat(s.contains(304)).isTrue();
        assertThat(s.contains(401)).isTrue();
        assertThat(s.contains(300)).isFalse();
        assertThat(s.contains(403)).isFalse();
        assertThat(s.contains(-1)).isFalse();
        assertThatThrownBy(() -> StatusSet.parse("2yy")).hasMessageContaining("2yy");
        assertThatThrownBy(() -> StatusSet.parse("700")).hasMessageContaining("100..599");
    }

    @Test
    void longRingIsAFifoOfFixedCapacity() {
        LongRing r = new LongRing(3);
        assertThat(r.capacity()).isEqualTo(4);
        for (int round = 0; round < 3; round++) {
            for (long i = 0; i < 4; i++) {
                r.add(i + round);
            }
            assertThatThrownBy(() -> r.add(9)).isInstanceOf(IllegalStateException.class);
            for (long i = 0; i < 4; i++) {
                assertThat(r.poll()).isEqualTo(i + round);
            }
        }
        assertThat(r.isEmpty()).isTrue();
    }

    @Test
    void fdBudgetReadsTheSoftLimitAndExplains() {
        String limits = "Limit                     Soft Limit           Hard Limit           Units\n"
                + "Max open files            1024                 524288               files\n";
        assertThat(FdBudget.softLimit(limits)).isEqualTo(1024);
        assertThat(FdBudget.softLimit("Max open files  unlimited unlimited files\n"))
                .isEqualTo(-1);
        FdBudget.check(900, 1024, 20);
        assertThatThrownBy(() -> FdBudget.check(1000, 1024, 20))
                .hasMessageContaining("ulimit -n 1084")
                .hasMessageContaining("1000 connections");
    }

    @Test
    void planRateFollowsTheStagesAndWarmupPrecedesThem() {
        LoadPlan p = LoadPlan.open(Stages.parse("10s:0->1000,10s:1000"), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.warmupNanos = 2_000_000_000L);
        assertThat(p.rateAt(5_000_000_000L)).isEqualTo(500.0);
        assertThat(p.rateAt(15_000_000_000L)).isEqualTo(1000.0);
        assertThat(p.rateAt(25_000_000_000L)).isZero();
        assertThat(p.schedule().count()).isEqualTo(15_000);
        LoadPlan q = LoadPlan.open(Stages.constant(100, java.time.Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.warmupNanos = 500_000_000);
        assertThat(q.schedule().count()).isEqualTo(150);
        assertThatThrownBy(() -> new LoadPlan(
                        null,
                        Arrival.UNIFORM,
                        0,
                        0,
                        0,
                        1,
                        0,
                        1,
                        1,
                        1,
                        1,
                        1,
                        1,
                        StatusSet.parse("2xx"),
                        1,
                        0,
                        false,
                        0,
                        false,
                        0))
                .hasMessageContaining("neither");
    }
}
