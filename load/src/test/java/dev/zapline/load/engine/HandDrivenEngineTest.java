package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.ScheduleCursor;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The engine on a manual clock against a simulated target ({@link Sim}): pacing, queueing, drops, timeouts,
 * warm-up boundaries and the closed model's cycles, with exact counts. The socket-level behaviour has its own
 * tests against a real server (EngineTest, FaultTest, WriteBatchingTest).
 */
class HandDrivenEngineTest {

    private static final long MS = 1_000_000L;

    private static Engine start(Sim sim, LoadPlan plan) {
        return Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
    }

    private static Tally all(Engine e) {
        return new Tally().read(Runs.all(e));
    }

    @Test
    void everyRequestIsWrittenAtItsIntendedTimeAndEveryTenMillisecondBucketHoldsTheScheduledCount() {
        Sim sim = new Sim().service(50_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(2000, Duration.ofSeconds(2)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.warmupNanos = 300 * MS);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);

        Tally measured = new Tally().read(e.recorders());
        assertThat(measured.sent()).isEqualTo(4000);
        assertThat(measured.count(Outcome.SUCCESS)).isEqualTo(4000);
        int[] buckets = e.pacing();
        assertThat(buckets).hasSize(200);
        assertThat(Arrays.stream(buckets).distinct().toArray())
                .as(Arrays.toString(buckets))
                .containsExactly(20);
        assertThat(e.pacingBeyond()).isZero();
        // written at the intended time: corrected latency is the service time, to the histogram's precision
        Aggregator a = new Aggregator(e.recorders());
        a.interval(0, 1, 0, 0, 0, 0, false);
        assertThat(a.corrected().getMaxValue()).isEqualTo(a.corrected().highestEquivalentValue(50_000));
        assertThat(a.service().getMaxValue()).isEqualTo(a.service().highestEquivalentValue(50_000));
        // the timer woke once per request (the 600 warm-up ones included), not every 100 us
        assertThat(sim.wakes).isBetween(4600L, 4700L);
    }

    @Test
    void aPoissonRunWakesOnlyWhenARequestIsDue() {
        Sim sim = new Sim().service(20_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(500, Duration.ofSeconds(4)), Arrival.POISSON, 7, 2, 1);
        Engine e = start(sim, plan);
        sim.run(e, 20_000 * MS);
        long scheduled = slots(plan)[0] + slots(plan)[1];
        assertThat(new Tally().read(e.recorders()).count(Outcome.SUCCESS)).isEqualTo(scheduled);
        // 4 s of a 100 us tick would be 40,000 wake-ups
        assertThat(sim.wakes).isBetween(scheduled, scheduled + 10);
    }

    /**
     * The target stalls for 1 s at 1 s into a 1,000 req/s run on 8 connections. The 8 requests in flight when the
     * stall begins are answered at its end: only they have a service time near 1 s. The ~1,000 intended during it
     * wait for a connection, and their latency from the intended time is what the stall cost: 1 s − x for the one
     * intended x into it, plus the drain afterwards (50 us each, 8 at a time).
     */
    @Test
    void aOneSecondStallShowsInCorrectedLatencyButNotInServiceTime() {
        Sim sim = new Sim();
        long[] stall = new long[2];
        sim.answering(t -> (t >= stall[0] && t < stall[1] ? stall[1] : t) + 50_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(3)), Arrival.UNIFORM, 0, 8, 1);
        Engine e = start(sim, plan);
        stall[0] = e.startNanos() + 1000 * MS;
        stall[1] = stall[0] + 1000 * MS;
        sim.run(e, 10_000 * MS);

        assertThat(all(e).count(Outcome.SUCCESS)).isEqualTo(3000);
        Aggregator a = Runs.aggregate(e);
        Histogram corrected = a.corrected();
        Histogram service = a.service();
        assertThat(above(corrected, 500 * MS)).isBetween(500L, 510L);
        assertThat(above(corrected, 20 * MS)).isBetween(980L, 1010L);
        assertThat(above(service, 500 * MS)).isEqualTo(8);
        assertThat(corrected.getMaxValue()).isGreaterThan(999 * MS);
        assertThat(service.getValueAtPercentile(99)).isLessThan(MS);
    }

    @Test
    void requestsWaitingLongerThanTheMaximumAreDroppedAndEveryScheduledOneIsCounted() {
        // one connection answering in 10 ms cannot carry 1,000 req/s: the backlog grows until requests have waited
        // 50 ms, and from then on the oldest is dropped at 50 ms + 1 ns
        Sim sim = new Sim().service(10 * MS);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.limits(10_000, 50 * MS));
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);
        Tally t = new Tally().read(e.recorders());
        assertThat(t.sent() + t.count(Outcome.DROPPED)).isEqualTo(1000);
        // about one send per 10 ms over the second, plus the first
        assertThat(t.sent()).isBetween(100L, 106L);
        Aggregator a = new Aggregator(e.recorders());
        a.interval(0, 1, 0, 0, 0, 0, false);
        // a sent request waited at most 50 ms, then was served in 10 ms
        assertThat(a.corrected().getMaxValue()).isLessThanOrEqualTo(60 * MS + 100_000);
    }

    @Test
    void beyondTheCeilingARequestIsDroppedAtOnce() {
        Sim sim = new Sim().service(10 * MS);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.limits(5, 10_000 * MS));
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);
        Tally t = new Tally().read(e.recorders());
        assertThat(t.sent() + t.count(Outcome.DROPPED)).isEqualTo(500);
        // one in flight and four waiting at most: about 50 sends in 500 ms plus the backlog's 4
        assertThat(t.sent()).isBetween(50L, 56L);
    }

    @Test
    void aRequestThatGetsNoAnswerTimesOutWithinOneCheckAndItsConnectionIsReopened() {
        Sim sim = new Sim().service(MS);
        LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1)
                .with(b -> b.timeoutNanos = 100 * MS);
        Engine e = start(sim, plan);
        // 200 ms in, the target stops answering for good
        sim.at(e.startNanos() + 195 * MS, () -> sim.silent = true);
        sim.run(e, 100_000 * MS);
        Tally t = new Tally().read(e.recorders());
        assertThat(t.sent() + t.count(Outcome.DROPPED) + t.count(Outcome.CONNECT_ERROR))
                .isEqualTo(100);
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(20);
        // from then on each request times out 100-110 ms after its write (checks every 10 ms), the connection is
        // reopened at once and the requests due meanwhile waited for it
        assertThat(t.count(Outcome.TIMEOUT)).isPositive();
        assertThat(t.sent()).isEqualTo(t.count(Outcome.SUCCESS) + t.count(Outcome.TIMEOUT));
        // the first connection and one reopened after each timeout but the last, which ended the run
        assertThat(sim.connects).isEqualTo(t.count(Outcome.TIMEOUT));
        // one after the other, each timed out 100 ms to 100 ms + one check after its write
        long chain = e.endNanos() - (e.startNanos() + 200 * MS);
        assertThat(chain).isBetween(80 * 100 * MS, 80 * 110 * MS);
    }

    @Test
    void theMeasuredPhaseHoldsExactlyTheSlotsOfTheMeasuredWindowWhenWarmupRequestsEndLate() {
        Sim sim = new Sim();
        long[] stall = new long[2];
        sim.answering(t -> (t >= stall[0] && t < stall[1] ? stall[1] : t) + 100_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofMillis(600)), Arrival.POISSON, 11, 4, 1)
                .with(b -> b.warmupNanos = 400 * MS);
        long[] slots = slots(plan);
        Engine e = start(sim, plan);
        // the target stalls 30 ms before the boundary for 150 ms: the last warm-up requests end after it
        stall[0] = e.measuredStartNanos() - 30 * MS;
        stall[1] = stall[0] + 150 * MS;
        sim.run(e, 10_000 * MS);

        Tally measured = new Tally().read(e.recorders());
        Tally warmup = new Tally().read(e.warmupRecorders());
        assertThat(measured.sent()).isEqualTo(slots[1]);
        assertThat(measured.count(Outcome.SUCCESS)).isEqualTo(slots[1]);
        assertThat(warmup.sent()).isEqualTo(slots[0]);
        assertThat(warmup.count(Outcome.SUCCESS)).isEqualTo(slots[0]);
        Aggregator w = new Aggregator(e.warmupRecorders());
        w.interval(0, 1, 0, 0, 0, 0, false);
        assertThat(w.corrected().getMaxValue()).isGreaterThan(100 * MS);
    }

    @Test
    void closedUsersCycleThroughServiceAndThinkUntilTheEnd() {
        Sim sim = new Sim().service(MS);
        LoadPlan plan = LoadPlan.closed(4, 1000 * MS, 4, 1).with(b -> b.thinkNanos = 10 * MS);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);
        // each user starts a request every 11 ms: at 0, 11, ..., 990 ms of the 1,000 ms run
        Tally t = all(e);
        assertThat(t.sent()).isEqualTo(4 * 91);
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(4 * 91);
    }

    @Test
    void maxThroughputKeepsEveryConnectionsPipelineFull() {
        Sim sim = new Sim().service(MS);
        // 2 connections 4 deep for 100 ms, each request answered 1 ms after its flush
        LoadPlan plan = LoadPlan.maxThroughput(4, 100 * MS, 2, 1);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);
        Tally t = all(e);
        // a full pipeline is 8 requests per millisecond, started at 0, 1, ..., 99 ms; one request deep would be 2
        assertThat(t.sent()).isEqualTo(8 * 100);
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent());
        assertThat(sim.connections)
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.written).isEqualTo(4 * 100));
    }

    @Test
    void closedUsersWithMoreUsersThanSlotsQueueAndNothingIsLost() {
        Sim sim = new Sim().service(MS);
        // 8 users on 2 connections of depth 1 (pipeline 0 in a closed plan means users / connections = 4)
        LoadPlan plan = LoadPlan.closed(8, 100 * MS, 2, 1).with(b -> b.pipeline = 1);
        Engine e = start(sim, plan);
        sim.run(e, 10_000 * MS);
        Tally t = all(e);
        // two requests at a time, 1 ms each, for 100 ms. At the end six wait: the two answered then retire, and
        // their slots go to the two oldest waiting requests (started before the end); the other four are dropped.
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(202);
        assertThat(t.sent()).isEqualTo(t.count(Outcome.SUCCESS));
        assertThat(t.count(Outcome.DROPPED)).isEqualTo(4);
    }

    @Test
    void aStopDropsTheWaitingRequestsAndLetsTheInFlightOnesFinish() {
        Sim sim = new Sim().service(30 * MS);
        LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(10)), Arrival.UNIFORM, 0, 1, 1);
        Engine e = start(sim, plan);
        sim.advanceTo(e.startNanos() + 100 * MS);
        e.stop();
        sim.run(e, 10_000 * MS);
        Tally t = new Tally().read(e.recorders());
        // 101 due by then; about 4 sent (one per 30 ms), the rest waited and were dropped at the stop
        assertThat(t.sent() + t.count(Outcome.DROPPED)).isEqualTo(101);
        assertThat(t.sent()).isBetween(4L, 5L);
        assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent());
        assertThat(sim.cancelled()).isTrue();
    }

    @Test
    void connectionsOpenAtMostAWindowAtATimeAndTheRunStartsOnceAllAre() {
        // the simulated target accepts a connection 1 ms after it is asked
        Sim sim = new Sim();
        sim.connectDelay = MS;
        LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofMillis(100)), Arrival.UNIFORM, 0, 1000, 1);
        Engine e = Engine.prepare(plan, sim, new DriverLoop[] {sim}, sim);
        long t0 = sim.nanos();
        CompletableFuture<Void> open = e.connectAll();
        assertThat(sim.connects).as("asked at once").isEqualTo(Slots.CONNECT_WINDOW);
        sim.advanceTo(t0 + MS);
        assertThat(sim.connects).isEqualTo(2L * Slots.CONNECT_WINDOW);
        sim.advanceTo(t0 + 15 * MS);
        assertThat(open).isNotDone();
        // 1,000 connections, 64 at a time, 1 ms each: 16 waves
        sim.advanceTo(t0 + 16 * MS);
        assertThat(open).isDone();
        assertThat(sim.connects).isEqualTo(1000);
        assertThat(e.connectTimes().getTotalCount()).isEqualTo(1000);
        assertThat(e.connectTimes().getMaxValue()).isBetween(MS, MS + MS / 100);
        e.begin(sim);
        sim.run(e, 10_000 * MS);
        assertThat(new Tally().read(e.recorders()).count(Outcome.SUCCESS)).isEqualTo(10);
    }

    private static long above(Histogram h, long value) {
        return h.getTotalCount() - h.getCountBetweenValues(0, value);
    }

    /** The schedule's slots before and after the end of the warm-up. */
    private static long[] slots(LoadPlan plan) {
        long[] n = new long[2];
        ScheduleCursor c = plan.schedule().cursor();
        for (long due = c.next(); due >= 0; due = c.next()) {
            n[due < plan.warmupNanos() ? 0 : 1]++;
        }
        return n;
    }
}
