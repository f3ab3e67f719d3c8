package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine on a manual clock ({@link Sim}) against connections that answer their requests in any order, as HTTP/2
 * streams do: each request's latency is its own (a fast one is never held back behind a slow one written before
 * it), counts stay exact, and timeouts, the stream limit, {@code --reconnect-every}, warm-up and both models hold.
 */
class OutOfOrderEngineTest {

    private static final long MS = 1_000_000L;

    private static Engine start(Sim sim, LoadPlan plan) {
        return Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
    }

    @Test
    void aFastRequestWrittenAfterASlowOneRecordsItsOwnLatency() {
        // one connection, two streams: every other request takes 20 ms, the others 1 ms
        Sim sim = new Sim();
        sim.outOfOrder = true;
        long[] n = {0};
        sim.answering(t -> t + (n[0]++ % 2 == 0 ? 20 * MS : MS));
        LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.pipeline = 4);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(e.recorders());
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(100);
        Aggregator a = Runs.aggregate(e);
        // half of them took 1 ms from their intended time, not the 20 ms of the one before
        assertThat(a.corrected().getCountBetweenValues(0, 2 * MS)).isEqualTo(50);
        assertThat(a.corrected().getMaxValue()).isLessThan(21 * MS);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 2024})
    void randomServiceTimesEndInAnyOrderAndEachLatencyIsItsServiceTime(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Sim sim = new Sim();
        sim.outOfOrder = true;
        sim.answering(t -> t + MS * (1 + random.nextInt(30)));
        LoadPlan plan = LoadPlan.open(Stages.constant(2000, Duration.ofSeconds(2)), Arrival.POISSON, seed, 2, 1)
                .with(b -> b.pipeline = 200)
                .with(b -> b.warmupNanos = 100 * MS);
        Engine e = start(sim, plan);
        sim.run(e, 20_000 * MS);

        Tally all = new Tally().read(Runs.all(e));
        assertThat(all.count(Outcome.SUCCESS)).isEqualTo(all.sent());
        assertThat(all.errors()).isZero();
        Aggregator a = Runs.aggregate(e);
        // written at their intended time (200 slots are plenty), so latency is service time: 1 to 30 ms
        assertThat(a.corrected().getMinValue()).isGreaterThanOrEqualTo(MS - MS / 100);
        assertThat(a.corrected().getMaxValue()).isLessThanOrEqualTo(30 * MS + 30 * MS / 100);
        assertThat(a.service().getMaxValue()).isLessThanOrEqualTo(30 * MS + 30 * MS / 100);
    }

    @Test
    void neverWritesBeyondTheServersStreamLimit() {
        Sim sim = new Sim();
        sim.outOfOrder = true;
        sim.streamLimit = 3;
        SplittableRandom random = new SplittableRandom(5);
        sim.answering(t -> t + MS * (1 + random.nextInt(10)));
        LoadPlan plan = LoadPlan.maxThroughput(16, 500 * MS, 2, 1);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(Runs.all(e));
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent()).isGreaterThan(100);
        assertThat(sim.connections).allSatisfy(c -> assertThat(c.mostInFlight).isEqualTo(3));
    }

    @Test
    void closedUsersOverOutOfOrderConnectionsReconnectingEveryFiftyRequests() {
        Sim sim = new Sim();
        sim.outOfOrder = true;
        SplittableRandom random = new SplittableRandom(9);
        sim.answering(t -> t + 100_000L * (1 + random.nextInt(50)));
        LoadPlan plan =
                LoadPlan.closed(12, 300 * MS, 2, 1).with(b -> b.pipeline = 6).with(b -> b.reconnectEvery = 50);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(Runs.all(e));
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent()).isGreaterThan(1000);
        assertThat(t.errors()).isZero();
        assertThat(sim.connections).allSatisfy(c -> assertThat(c.written).isLessThanOrEqualTo(50));
        assertThat(sim.connects).isGreaterThan(t.sent() / 50);
    }

    @Test
    void aRequestThatGetsNoAnswerTimesOutWhileLaterOnesCompleteAroundIt() {
        Sim sim = new Sim();
        sim.outOfOrder = true;
        long[] n = {0};
        // the fifth request is never answered (an hour), the others in 1 ms
        sim.answering(t -> t + (n[0]++ == 4 ? 3_600_000 * MS : MS));
        LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.pipeline = 8)
                .with(b -> b.timeoutNanos = 100 * MS);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(e.recorders());
        // the timed-out one, and one of 1 ms in flight when its connection was closed if the check met one
        assertThat(t.count(Outcome.TIMEOUT)).isBetween(1L, 2L);
        assertThat(t.count(Outcome.SUCCESS) + t.count(Outcome.TIMEOUT)).isEqualTo(100);
        assertThat(sim.connects).isEqualTo(2);
    }
}
