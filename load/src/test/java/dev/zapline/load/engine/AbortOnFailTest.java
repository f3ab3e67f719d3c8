package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.threshold.Gate;
import dev.zapline.load.threshold.Thresholds;
import dev.zapline.load.threshold.Verdicts;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --abort-on-fail} on a manual clock ({@link Sim}), the reporter waiting on it: a threshold that can no longer
 * pass stops the run at the end of the first second of the measured phase that shows it, and not before its delay.
 * The command's wiring (exit status, verdict lines, the JSON file) is LoadThresholdsTest's, in the CLI module.
 */
class AbortOnFailTest {

    private static final long MS = 1_000_000L;

    /** A 20 s open run at 200/s judged by {@code gate} against {@code sim}; the final summary. */
    private static Summary run(Sim sim, Gate gate, double rate) throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(rate, Duration.ofSeconds(20)), Arrival.UNIFORM, 0, 2, 1);
        Engine e = Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
        return new Reporter(e, new ReportOptions("sim://target", null, null, null, false))
                .watch(gate)
                .waitWith(sim.reporterWait(e))
                .run();
    }

    @Test
    void aThresholdThatCanNoLongerPassStopsTheRunAtTheNextSecondsCheck() throws Exception {
        // the 301st answer and all after it are 500s: the first is due 1.5 s in, the check at 2 s sees it
        Sim sim = new Sim().service(MS).statuses(n -> n > 300 ? 500 : 200);
        Gate gate = new Gate(Thresholds.parse(List.of("error_rate<1%", "requests>=1")), 0);
        Summary s = run(sim, gate, 200);

        assertThat(gate.verdicts().aborted()).isEqualTo(new Verdicts.Abort("error_rate<1%", 2.0));
        assertThat(s.seconds()).isEqualTo(2.0);
        // the requests due up to the check's instant, that one included: the first 300 answered 200, the rest 500
        assertThat(s.scheduled()).isEqualTo(401);
        assertThat(s.statuses()).containsEntry(200, 300L).containsEntry(500, 101L);
        assertThat(gate.verdicts().passed()).isFalse();
    }

    @Test
    void anAbortWaitsForItsDelayIntoTheMeasuredPhase() throws Exception {
        // every answer fails, from the first second on; the delay of 3 s holds the abort until the check at 3 s
        Sim sim = new Sim().service(MS).statuses(n -> 503);
        Gate gate = new Gate(Thresholds.parse(List.of("status_5xx<1")), 3);
        Summary s = run(sim, gate, 100);

        assertThat(gate.verdicts().aborted()).isEqualTo(new Verdicts.Abort("status_5xx<1", 3.0));
        assertThat(s.seconds()).isEqualTo(3.0);
        assertThat(s.scheduled()).isEqualTo(301);
    }

    @Test
    void withoutAbortTheRunGoesToItsEndAndIsJudgedThen() throws Exception {
        Sim sim = new Sim().service(MS).statuses(n -> 503);
        Gate gate = new Gate(Thresholds.parse(List.of("status_5xx<1")), Gate.NO_ABORT);
        Summary s = run(sim, gate, 100);

        assertThat(gate.verdicts().aborted()).isNull();
        assertThat(gate.verdicts().passed()).isFalse();
        assertThat(s.seconds()).isEqualTo(20.0);
        assertThat(s.scheduled()).isEqualTo(2000);
    }
}
