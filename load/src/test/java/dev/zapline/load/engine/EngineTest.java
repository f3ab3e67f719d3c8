package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EngineTest {

    @Test
    void openModelOutcomesAddUpToTheScheduleAndAllSucceed() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(2000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 4, 2);
            Tally tally = Runs.run(plan, t.zap("/health"), t.loops.group(), 20);
            assertThat(tally.ended()).isEqualTo(plan.schedule().count()).isEqualTo(2000);
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(2000);
            assertThat(tally.sent()).isEqualTo(2000);
            assertThat(tally.status(200)).isEqualTo(2000);
            assertThat(tally.bytesOut()).isPositive();
            assertThat(tally.bytesIn()).isPositive();
        }
    }

    @Test
    void httpOpenModelOutcomesAddUpToTheSchedule() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(2000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 4, 2);
            Tally tally = Runs.run(plan, t.http("/health"), t.loops.group(), 20);
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(2000);
            Tally failed = Runs.run(plan, t.http("/status/500"), t.loops.group(), 20);
            assertThat(failed.count(Outcome.FAILURE_STATUS)).isEqualTo(2000);
            assertThat(failed.status(500)).isEqualTo(2000);
        }
    }

    @Test
    void httpMaxThroughputPipelines() throws Exception {
        try (Target t = new Target(2)) {
            Tally tally =
                    Runs.run(LoadPlan.maxThroughput(4, 500_000_000, 2, 2), t.http("/health"), t.loops.group(), 20);
            // every one of the 8 users got going and each pipelined response found its request; how many fit in
            // 0.5 s is the machine's business (benchmarks), the depth kept is HandDrivenEngineTest's
            assertThat(tally.sent()).isGreaterThanOrEqualTo(8);
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(tally.sent());
            assertThat(tally.status(200)).isEqualTo(tally.sent());
        }
    }

    @Test
    void poissonWithWarmupAddsUpToTheWholeSchedule() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.open(Stages.parse("500ms:0->2000,500ms:2000"), Arrival.POISSON, 7, 3, 2)
                    .with(b -> b.warmupNanos = 200_000_000);
            Tally tally = Runs.run(plan, t.zap("/health"), t.loops.group(), 20);
            assertThat(tally.ended()).isEqualTo(plan.schedule().count());
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(tally.ended());
        }
    }

    @Test
    void statusesOutsideTheExpectedSetAreFailures() throws Exception {
        try (Target t = new Target(1)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(500, Duration.ofMillis(400)), Arrival.UNIFORM, 0, 2, 1);
            Tally tally = Runs.run(plan, t.zap("/status/503"), t.loops.group(), 20);
            assertThat(tally.count(Outcome.FAILURE_STATUS)).isEqualTo(200);
            assertThat(tally.status(503)).isEqualTo(200);
            Tally ok = Runs.run(
                    plan.with(b -> b.expect = StatusSet.parse("2xx,503")), t.zap("/status/503"), t.loops.group(), 20);
            assertThat(ok.count(Outcome.SUCCESS)).isEqualTo(200);
        }
    }

    @Test
    void closedModelUsersRunBackToBackAndEveryStartedRequestEnds() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.closed(8, 500_000_000, 4, 2);
            Tally tally = Runs.run(plan, t.zap("/health"), t.loops.group(), 20);
            // every user started and the run ended cleanly; how many requests 0.5 s holds is the machine's business
            // (a loaded CI box managed 23), so the volume is for benchmarks, not this test
            assertThat(tally.sent()).isGreaterThanOrEqualTo(8);
            assertThat(tally.ended()).isEqualTo(tally.sent());
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(tally.sent());
        }
    }

    @Test
    void thinkTimeSpacesAUsersRequests() throws Exception {
        try (Target t = new Target(1)) {
            LoadPlan plan = LoadPlan.closed(2, 500_000_000, 1, 1).with(b -> b.thinkNanos = 50_000_000);
            Tally tally = Runs.run(plan, t.zap("/health"), t.loops.group(), 20);
            // 2 users, each starting a request at most every 50 ms within 0.5 s: 11 each at most, however fast the
            // target; a loaded machine may manage fewer (the exact spacing is HandDrivenEngineTest's, on a manual
            // clock)
            assertThat(tally.sent()).isBetween(2L, 22L);
            assertThat(tally.ended()).isEqualTo(tally.sent());
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(tally.sent());
        }
    }

    @Test
    void maxThroughputKeepsThePipelineFull() throws Exception {
        try (Target t = new Target(2)) {
            LoadPlan plan = LoadPlan.maxThroughput(4, 500_000_000, 2, 2);
            Tally tally = Runs.run(plan, t.zap("/health"), t.loops.group(), 20);
            // the 8 users all ran and every request ended well; the volume is for benchmarks, the depth kept is
            // HandDrivenEngineTest's
            assertThat(tally.sent()).isGreaterThanOrEqualTo(8);
            assertThat(tally.ended()).isEqualTo(tally.sent());
            assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(tally.sent());
        }
    }

    @Test
    void refusedTargetFailsAtStartWithTheReason() throws Exception {
        try (Target t = new Target(1)) {
            int port = t.zapPort();
            Client client = t.zap("/health");
            t.app.stop(Duration.ofMillis(100));
            LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofMillis(100)), Arrival.UNIFORM, 0, 1, 1);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Runs.start(plan, client, t.loops.group()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot connect")
                    .hasMessageContaining(String.valueOf(port));
        }
    }
}
