package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.ZapRequest;
import dev.zapline.load.engine.FaultServer.Act;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The engine against a server that fails in every way it can: the counts still add up to the schedule. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FaultTest {

    private final ZapLoops loops = ZapLoops.create(2, true);

    @AfterEach
    void close() {
        loops.close();
    }

    private Client client(FaultServer s) {
        return new ZapLoadClient(
                loops,
                ZapAddress.tcp("127.0.0.1", s.port()),
                ZapRequest.get("/x").encode(),
                "/x");
    }

    private static LoadPlan plan(double rate, long millis, int connections, int threads) {
        return LoadPlan.open(
                Stages.constant(rate, Duration.ofMillis(millis)), Arrival.UNIFORM, 0, connections, threads);
    }

    @Test
    void failuresResetsAndTruncatedResponsesEachEndInOneOutcome() throws Exception {
        try (FaultServer s = new FaultServer(
                n -> n % 10 == 3 ? Act.FAIL : n % 50 == 7 ? Act.RESET : n % 50 == 27 ? Act.HALF : Act.OK)) {
            LoadPlan plan = plan(500, 1000, 2, 2);
            Tally t = Runs.run(plan, client(s), loops.group(), 20);
            assertThat(t.ended()).isEqualTo(500);
            assertThat(t.count(Outcome.FAILURE_STATUS)).isGreaterThan(30);
            assertThat(t.count(Outcome.RESET)).isGreaterThanOrEqualTo(15);
            assertThat(t.count(Outcome.SUCCESS)).isGreaterThan(350);
            assertThat(t.status(500)).isEqualTo(t.count(Outcome.FAILURE_STATUS));
            assertThat(s.connections.get()).as("reconnects").isGreaterThan(10);
        }
    }

    @Test
    void aHungConnectionTimesOutAndIsReplaced() throws Exception {
        try (FaultServer s = new FaultServer(n -> n == 20 ? Act.HANG : Act.OK)) {
            // a timeout no answer of a loaded machine reaches: only the hung request's (exact times:
            // HandDrivenEngineTest)
            LoadPlan plan = plan(200, 1000, 1, 1).with(b -> b.timeoutNanos = 2_000_000_000L);
            Tally t = Runs.run(plan, client(s), loops.group(), 20);
            assertThat(t.ended()).isEqualTo(200);
            assertThat(t.count(Outcome.TIMEOUT)).isEqualTo(1);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(199);
            assertThat(s.connections.get()).isEqualTo(2);
        }
    }

    @Test
    void requestsBeyondTheInFlightCeilingAreDroppedAndCounted() throws Exception {
        try (FaultServer s = new FaultServer(n -> n == 0 ? Act.HANG : Act.OK)) {
            // the first request hangs for the 1 s timeout; meanwhile the other 99 fall due and only 10 may be in
            // flight or wait: the hung one and the first 9 behind it
            LoadPlan plan = plan(200, 500, 1, 1)
                    .with(b -> b.timeoutNanos = 1_000_000_000L)
                    .with(b -> b.limits(10, 10_000_000_000L));
            Tally t = Runs.run(plan, client(s), loops.group(), 20);
            assertThat(t.ended()).isEqualTo(100);
            assertThat(t.count(Outcome.TIMEOUT)).isEqualTo(1);
            assertThat(t.count(Outcome.DROPPED)).isEqualTo(90);
            // (a request dropped while the timed-out connection is being reopened counts as a connect error)
            assertThat(t.count(Outcome.SUCCESS) + t.count(Outcome.DROPPED) + t.count(Outcome.CONNECT_ERROR))
                    .isEqualTo(99);
        }
    }

    @Test
    void requestsWaitingLongerThanAllowedAreDropped() throws Exception {
        try (FaultServer s = new FaultServer(n -> n == 0 ? Act.HANG : Act.OK)) {
            LoadPlan plan = plan(200, 500, 1, 1)
                    .with(b -> b.timeoutNanos = 300_000_000)
                    .with(b -> b.limits(10_000, 100_000_000));
            Tally t = Runs.run(plan, client(s), loops.group(), 20);
            assertThat(t.ended()).isEqualTo(100);
            // the hang outlasts the 100 ms wait, so some are dropped; how many depends on when this machine sees the
            // timeout and lands the reconnect (exact counts for exact times: HandDrivenEngineTest)
            assertThat(t.count(Outcome.DROPPED)).isBetween(1L, 99L);
            assertThat(t.count(Outcome.SUCCESS)
                            + t.count(Outcome.DROPPED)
                            + t.count(Outcome.CONNECT_ERROR)
                            + t.count(Outcome.TIMEOUT))
                    .isEqualTo(100);
        }
    }

    @Test
    void closedUsersSurviveResetsAndEveryStartedRequestEnds() throws Exception {
        try (FaultServer s = new FaultServer(n -> n % 20 == 5 ? Act.RESET : Act.OK)) {
            LoadPlan plan = LoadPlan.closed(4, 400_000_000, 2, 2);
            Tally t = Runs.run(plan, client(s), loops.group(), 20);
            assertThat(t.count(Outcome.RESET)).isPositive();
            assertThat(t.ended()).isEqualTo(t.sent() + t.count(Outcome.DROPPED) + t.count(Outcome.CONNECT_ERROR));
        }
    }
}
