package dev.zapline.cli.bench;

import dev.zapline.cli.Progress;
import java.util.List;

/**
 * How long each step of {@code zapline bench} is planned to last, from its settings alone: what its progress line
 * counts the time left down from ({@link Progress}). Starting servers and reading their counters
 * come on top; the progress line scales by what the finished steps really took.
 */
final class BenchSteps {

    private BenchSteps() {}

    /** Plans every step: each arm's warm-up, {@code units} runs a round, each arm's runs after the rounds. */
    static void plan(Progress progress, BenchSettings s, List<Arm> arms, int units, boolean wrk) {
        for (Arm arm : arms) {
            long warm = warm(s, arm);
            long extras = extras(s, arm, wrk);
            progress.plan((warm > 0 ? 1 : 0) + (extras > 0 ? 1 : 0), warm + extras);
        }
        progress.plan(s.rounds() * units, s.rounds() * units * run(s));
    }

    /** An arm's warm-up before the rounds: the warm-up, at least {@link BenchRunner#H2_WARMUP_NANOS} for HTTP/2. */
    static long warm(BenchSettings s, Arm arm) {
        if (s.warmupNanos() <= 0) {
            return 0;
        }
        return arm.h2 && arm.server == Arm.Server.ZAPLINE
                ? Math.max(s.warmupNanos(), BenchRunner.H2_WARMUP_NANOS)
                : s.warmupNanos();
    }

    /** One measured run: its re-warm, then the measured phase. */
    static long run(BenchSettings s) {
        return Math.min(s.warmupNanos(), ArmRun.REWARM_NANOS) + s.durationNanos();
    }

    /** The open-model run and the wrk cross-check after the rounds, when asked for; 0 when neither runs. */
    static long extras(BenchSettings s, Arm arm, boolean wrk) {
        boolean plain = s.pipelines().contains(1);
        long open = plain && s.latencyAt() > 0 ? ArmRun.LATENCY_WARMUP_NANOS + s.durationNanos() : 0;
        return open + (plain && wrk && !arm.zap && !arm.handshakes() ? s.durationNanos() : 0);
    }
}
