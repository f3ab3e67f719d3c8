package dev.zapline.load.engine;

import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Schedule;
import dev.zapline.load.schedule.Stage;
import dev.zapline.load.schedule.Stages;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What to run, independent of the target. Three models:
 * <ul>
 * <li>open ({@code stages != null}): requests at the schedule's intended times, whatever the target does;
 * <li>closed ({@code users > 0}): {@code users} virtual users, each sending its next request {@code thinkNanos}
 * after the previous one ended, for {@code durationNanos};
 * <li>max throughput: {@link #maxThroughput}, a closed model with {@code connections × pipeline} users.
 * </ul>
 *
 * @param stages the open model's rate profile (without warm-up), or null
 * @param arrival uniform or Poisson (open model)
 * @param seed Poisson seed
 * @param users virtual users (closed model), 0 in the open model
 * @param thinkNanos pause between a user's requests
 * @param durationNanos the measured phase of a closed run (the open model takes it from {@code stages})
 * @param warmupNanos run before the measured phase, excluded from the results; the open model runs it at the
 *     first stage's starting rate
 * @param connections connections in total, split across loops
 * @param threads event loops
 * @param pipeline requests in flight per connection at most; 0 = 1 in the open model, enough for the users in
 *     the closed one
 * @param timeoutNanos per request, from its write; on expiry the connection is closed and reopened
 * @param maxInflight requests in flight plus waiting for a connection, in total (open model); beyond it, dropped
 * @param maxWaitNanos longest a request may wait for a free connection before it is dropped
 * @param expect statuses counted as success
 * @param tickNanos period of the pacing tick on event loops without their own timer (a {@code ZapLoops} loop wakes
 *     for each due time instead)
 * @param graceNanos after a stop, how long requests in flight may still finish
 * @param adaptive open model: each loop lowers and raises its in-flight ceiling (at most its share of
 *     {@code maxInflight}) from measured latency, by Little's law ({@link Ceiling})
 * @param reconnectEvery 0 for keep-alive; else each connection is closed by the loader once it has written this
 *     many requests and they have ended, and a new one opened in its place (1: a new connection, so a full TLS
 *     handshake unless resumed, per request); requests due meanwhile wait for a slot as usual
 * @param steerable the run takes steering commands ({@code --tui}, {@code --control}): an open run's loops then
 *     wait for the schedule's end (a pause or a rate of 0 must not end the run)
 * @param slackNanos open model: when a loop wakes for a due request, it also sends the ones due within this much
 *     after it, early, in the same wake-up (one flush per connection); 0 wakes for every due time. A request sent
 *     early is timed from its actual write, never from its later intended time ({@code LoopRecorder})
 */
public record LoadPlan(
        Stages stages,
        Arrival arrival,
        long seed,
        int users,
        long thinkNanos,
        long durationNanos,
        long warmupNanos,
        int connections,
        int threads,
        int pipeline,
        long timeoutNanos,
        int maxInflight,
        long maxWaitNanos,
        StatusSet expect,
        long tickNanos,
        long graceNanos,
        boolean adaptive,
        int reconnectEvery,
        boolean steerable,
        long slackNanos) {

    public static final long DEFAULT_TICK = 100_000;

    /** Per-request timeout and longest wait for a connection, unless changed. */
    static final long DEFAULT_TIMEOUT = 10_000_000_000L;

    /** How long requests in flight may finish after a stop, unless changed. */
    static final long DEFAULT_GRACE = 2_000_000_000L;

    /** The largest send slack a plan takes: 10 ms, the pacing buckets' width. */
    public static final long MAX_SLACK = 10_000_000L;

    /** An open plan's cap on requests in flight plus waiting, unless changed. */
    static final int OPEN_MAX_INFLIGHT = 10_000;

    public LoadPlan {
        if (connections < 1 || threads < 1 || pipeline < 0 || users < 0 || maxInflight < 1) {
            throw new IllegalArgumentException("connections " + connections + ", threads " + threads + ", pipeline "
                    + pipeline + ", users " + users + ", max in flight " + maxInflight + ": need connections, "
                    + "threads, max in flight >= 1 and pipeline, users >= 0");
        }
        if ((stages == null) == (users == 0)) {
            throw new IllegalArgumentException(
                    "a plan is open (stages) or closed (users > 0), not " + (stages == null ? "neither" : "both"));
        }
        if (stages == null && durationNanos <= 0) {
            throw new IllegalArgumentException("a closed run needs a duration, got " + durationNanos + " ns");
        }
        if (timeoutNanos <= 0
                || tickNanos <= 0
                || warmupNanos < 0
                || thinkNanos < 0
                || graceNanos < 0
                || maxWaitNanos <= 0) {
            throw new IllegalArgumentException("timeout " + timeoutNanos + ", tick " + tickNanos + ", warm-up "
                    + warmupNanos + ", think " + thinkNanos + ", grace " + graceNanos + ", max wait " + maxWaitNanos
                    + " ns: timeout, tick and max wait must be positive, the others not negative");
        }
        if (reconnectEvery < 0) {
            throw new IllegalArgumentException(
                    "reconnect every " + reconnectEvery + " requests: need 0 (keep-alive) or more");
        }
        if (slackNanos < 0 || slackNanos > MAX_SLACK) {
            throw new IllegalArgumentException("send slack " + slackNanos + " ns: need 0 to " + MAX_SLACK + " ns");
        }
        if (adaptive && stages == null) {
            throw new IllegalArgumentException("--adaptive needs the open model (--rate or --stages)");
        }
        threads = Math.min(threads, connections);
    }

    /** An open run with the usual defaults: 1 connection per 1000 req/s peak is the caller's business. */
    public static LoadPlan open(Stages stages, Arrival arrival, long seed, int connections, int threads) {
        Builder b = new Builder(connections, threads);
        b.stages = stages;
        b.arrival = arrival;
        b.seed = seed;
        b.pipeline = 1;
        b.maxInflight = OPEN_MAX_INFLIGHT;
        return b.build();
    }

    /** A closed run of {@code users} back-to-back users. */
    public static LoadPlan closed(int users, long durationNanos, int connections, int threads) {
        Builder b = new Builder(connections, threads);
        b.users = users;
        b.durationNanos = durationNanos;
        return b.build();
    }

    /** Every connection kept {@code pipeline} requests deep for {@code durationNanos}. */
    public static LoadPlan maxThroughput(int pipeline, long durationNanos, int connections, int threads) {
        return closed(Math.multiplyExact(connections, Math.max(1, pipeline)), durationNanos, connections, threads)
                .with(b -> b.pipeline = Math.max(1, pipeline));
    }

    /**
     * This plan with {@code change} made to a copy of its fields, e.g. {@code plan.with(b -> b.pipeline = 4)}; the
     * result is checked like any new plan.
     */
    public LoadPlan with(Consumer<Builder> change) {
        Builder b = new Builder(this);
        change.accept(b);
        return b.build();
    }

    public boolean isOpen() {
        return stages != null;
    }

    /** The whole open schedule, warm-up prepended. @throws IllegalStateException for a closed plan */
    public Schedule schedule() {
        if (!isOpen()) {
            throw new IllegalStateException("a closed plan has no schedule");
        }
        if (warmupNanos == 0) {
            return Schedule.of(stages, arrival, seed);
        }
        List<Stage> all = new ArrayList<>();
        long first = stages.stages().get(0).fromMilli();
        all.add(new Stage(warmupNanos, first, first));
        all.addAll(stages.stages());
        return Schedule.of(Stages.of(all), arrival, seed);
    }

    /** Length of the measured phase. */
    public long measuredNanos() {
        return isOpen() ? stages.durationNanos() : durationNanos;
    }

    /** The target rate at {@code t} ns into the measured phase (0 for a closed plan). */
    public double rateAt(long t) {
        if (!isOpen() || t < 0) {
            return isOpen() && t < 0 ? stages.stages().get(0).fromMilli() / 1e3 : 0;
        }
        long begin = 0;
        for (Stage s : stages.stages()) {
            if (t < begin + s.nanos()) {
                double f = (t - begin) / (double) s.nanos();
                return (s.fromMilli() + f * (s.toMilli() - s.fromMilli())) / 1e3;
            }
            begin += s.nanos();
        }
        return 0;
    }

    /** Requests the measured phase schedules, expected (0 for a closed plan). */
    public double expectedRequests() {
        return isOpen() ? stages.expectedCount() : 0;
    }

    /**
     * A plan's fields, open to change, for {@link #with}: one field per component of the same name, so a change
     * names just what it sets, plus a setter for each pair that goes together; the plan is checked when built. The
     * initial values are the defaults both models share.
     */
    public static final class Builder {
        public Stages stages;
        public Arrival arrival = Arrival.UNIFORM;
        public long seed;
        public int users;
        public long thinkNanos;
        public long durationNanos;
        public long warmupNanos;
        public int connections;
        public int threads;
        public int pipeline;
        public long timeoutNanos = DEFAULT_TIMEOUT;
        public int maxInflight = Integer.MAX_VALUE;
        public long maxWaitNanos = DEFAULT_TIMEOUT;
        public StatusSet expect = StatusSet.parse("2xx");
        public long tickNanos = DEFAULT_TICK;
        public long graceNanos = DEFAULT_GRACE;
        public boolean adaptive;
        public int reconnectEvery;
        /** Steered while it runs ({@code --tui}, {@code --control}): an open run's loops wait for its end. */
        public boolean steerable;
        /** Open model: requests due within this much after a wake-up go out in it ({@link LoadPlan#slackNanos}). */
        public long slackNanos;

        private Builder(int connections, int threads) {
            this.connections = connections;
            this.threads = threads;
        }

        private Builder(LoadPlan p) {
            stages = p.stages;
            arrival = p.arrival;
            seed = p.seed;
            users = p.users;
            thinkNanos = p.thinkNanos;
            durationNanos = p.durationNanos;
            warmupNanos = p.warmupNanos;
            connections = p.connections;
            threads = p.threads;
            pipeline = p.pipeline;
            limits(p.maxInflight, p.maxWaitNanos);
            timeoutNanos = p.timeoutNanos;
            expect = p.expect;
            adaptive = p.adaptive;
            reconnectEvery = p.reconnectEvery;
            steerable = p.steerable;
            slackNanos = p.slackNanos;
            tick(p.tickNanos, p.graceNanos);
        }

        /** Requests in flight plus waiting, at most, and how long one may wait for a connection. */
        public Builder limits(int most, long waitNanos) {
            maxInflight = most;
            maxWaitNanos = waitNanos;
            return this;
        }

        /** The pacing tick, and how long requests in flight may finish after a stop. */
        public Builder tick(long nanos, long graceNanos) {
            tickNanos = nanos;
            this.graceNanos = graceNanos;
            return this;
        }

        private LoadPlan build() {
            return new LoadPlan(
                    stages,
                    arrival,
                    seed,
                    users,
                    thinkNanos,
                    durationNanos,
                    warmupNanos,
                    connections,
                    threads,
                    pipeline,
                    timeoutNanos,
                    maxInflight,
                    maxWaitNanos,
                    expect,
                    tickNanos,
                    graceNanos,
                    adaptive,
                    reconnectEvery,
                    steerable,
                    slackNanos);
        }
    }
}
