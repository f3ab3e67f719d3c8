package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code --reconnect-every N} on a manual clock ({@link Sim}): a connection takes N requests, is closed once they
 * have ended and replaced; requests due meanwhile wait, their latency counted from their intended time.
 */
class ReconnectEveryTest {

    private static final long MS = 1_000_000L;

    private static Engine start(Sim sim, LoadPlan plan) {
        return Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
    }

    @Test
    void everyRequestOfAnOpenRunGetsAConnectionOfItsOwnWhenNIsOne() {
        Sim sim = new Sim().service(50_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.reconnectEvery = 1);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(e.recorders());
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(1000);
        assertThat(t.errors()).isZero();
        // one connection per request: none opened after the last, since nothing more was due
        assertThat(sim.connects).isEqualTo(1000);
        assertThat(e.connections()).isEqualTo(1000);
        assertThat(sim.connections).allSatisfy(c -> assertThat(c.written).isEqualTo(1));
    }

    @Test
    void requestsDueWhileTheConnectionIsReplacedWaitAndCountFromTheirIntendedTime() {
        // each new connection takes 2 ms to open, requests are due every 1 ms: about half of them wait, the backlog
        // grows over the second, and it is served after the schedule's end (nothing dropped within --max-wait)
        Sim sim = new Sim().service(50_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.reconnectEvery = 1);
        Engine e = start(sim, plan);
        sim.connectDelay = 2 * MS;
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(e.recorders());
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(1000);
        assertThat(t.count(Outcome.DROPPED)).isZero();
        assertThat(sim.connects).isEqualTo(1000);
        Aggregator a = Runs.aggregate(e);
        assertThat(a.service().getMaxValue()).isLessThan(MS);
        // the last request, due at 1 s, waited behind ~1000 reconnects of 2 ms each
        assertThat(a.corrected().getMaxValue()).isGreaterThan(900 * MS);
    }

    @Test
    void aClosedRunsConnectionsEachCarryAtMostNRequestsPipelined() {
        Sim sim = new Sim().service(50_000);
        LoadPlan plan = LoadPlan.closed(4, 200 * MS, 2, 1).with(b -> b.reconnectEvery = 3);
        Engine e = start(sim, plan);
        sim.connectDelay = 100_000;
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(e.recorders());
        assertThat(t.errors()).isZero();
        assertThat(t.count(Outcome.DROPPED)).isZero();
        assertThat(t.count(Outcome.SUCCESS)).isGreaterThan(1000);
        assertThat(sim.connections).allSatisfy(c -> assertThat(c.written).isBetween(0L, 3L));
        // all but the last few connections carried exactly their three
        long full = sim.connections.stream().filter(c -> c.written == 3).count();
        assertThat(full).isGreaterThanOrEqualTo(sim.connections.size() - 4L);
        assertThat(full * 3).isLessThanOrEqualTo(t.count(Outcome.SUCCESS));
    }

    @Test
    void closedUsersStillWaitingForAConnectionWhenTheRunEndsAreNotConnectErrors() {
        // one connection, replaced after every request and 10 ms to open: most of the time none is open, and the
        // users waiting when the run ends leave unsent, as when a run is stopped, without failing the target
        Sim sim = new Sim().service(50_000);
        LoadPlan plan = LoadPlan.closed(4, 200 * MS, 1, 1).with(b -> b.reconnectEvery = 1);
        Engine e = start(sim, plan);
        sim.connectDelay = 10 * MS;
        sim.run(e, 10_000 * MS);

        Tally t = new Tally().read(e.recorders());
        assertThat(t.count(Outcome.SUCCESS)).isGreaterThan(10);
        assertThat(t.errors()).isZero();
        assertThat(t.count(Outcome.CONNECT_ERROR)).isZero();
        assertThat(t.count(Outcome.DROPPED)).isBetween(1L, 4L);
    }

    @Test
    void keepAliveRunsOpenEachConnectionOnce() {
        Sim sim = new Sim().service(50_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 2, 1);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);
        assertThat(new Tally().read(e.recorders()).count(Outcome.SUCCESS)).isEqualTo(1000);
        assertThat(sim.connects).isEqualTo(2);
        assertThat(e.handshakes().any()).isFalse();
    }
}
