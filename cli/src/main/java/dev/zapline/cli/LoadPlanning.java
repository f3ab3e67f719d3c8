package dev.zapline.cli;

import dev.zapline.cli.load.Durations;
import dev.zapline.cli.load.LoadTarget;
import dev.zapline.cli.load.RpcTarget;
import dev.zapline.cli.load.TargetsFile;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.engine.Segment;
import dev.zapline.load.engine.StatusSet;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;

/**
 * {@code zapline load}'s options as a {@link LoadPlan}: which model, how many connections on how many loops, how
 * deep each connection goes and whether it speaks HTTP/2. Kept apart from the command so that what the options mean
 * reads in one place, and so that {@code zapline k8s job} ({@link LoadArgsCheck}) plans a pod's run as the pod would.
 */
final class LoadPlanning {

    /** Connections when neither {@code -c} nor {@code --concurrency} says how many. */
    static final int DEFAULT_CONNECTIONS = 10;

    private final LoadCommand o;

    /** The target (the URL, or the targets file's first) once parsed, for {@link #speaksHttp2}. */
    private LoadTarget origin;

    /** Streams per HTTP/2 connection, or calls in flight per RPC one; 1 for HTTP/1.1. */
    private int depth = 1;

    LoadPlanning(LoadCommand options) {
        this.o = options;
    }

    /** Streams per HTTP/2 connection, or calls in flight per RPC one: the plan's depth (set by {@link #plan}). */
    int depth() {
        return depth;
    }

    /**
     * Whether the run speaks HTTP/2: {@code --http2}, an {@code h2c://} URL, or an {@code https://} target whose
     * {@code --alpn} offers h2.
     *
     * @throws IllegalArgumentException for {@code --http2} with a ZAP target
     */
    boolean speaksHttp2() {
        if (RpcTarget.isRpc(o.url)) {
            if (o.http2) {
                throw new IllegalArgumentException("--http2 is for HTTP targets, not " + o.url);
            }
            return false;
        }
        if (origin == null) {
            try {
                origin = o.journeyPlan() != null
                        ? LoadTarget.parse(o.journeyPlan().origin() + "/")
                        : o.url != null
                                ? LoadTarget.parse(o.url)
                                : o.targets != null
                                        ? TargetsFile.read(o.targets).get(0).target()
                                        : null;
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("--targets " + o.targets + ": " + e.getMessage(), e);
            }
        }
        if (origin == null) {
            return o.http2;
        }
        if (o.journeyPlan() != null && (o.http2 || o.tls.offersH2())) {
            throw new IllegalArgumentException("journeys speak HTTP/1.1 (http:// and https://) in this version: "
                    + "drop --http2 and an --alpn offering h2");
        }
        if (origin.zap() && o.http2) {
            throw new IllegalArgumentException(
                    "--http2 speaks HTTP/2 to an http://, https:// or h2c:// target, not " + origin.url());
        }
        return !origin.zap() && (o.http2 || origin.h2c() || origin.tls() && o.tls.offersH2());
    }

    /**
     * The plan the options ask for, for the command's segment.
     *
     * @throws IllegalArgumentException for options that contradict each other or are out of range
     */
    LoadPlan plan() {
        int cores = Runtime.getRuntime().availableProcessors();
        long timeoutNanos = Durations.nanos(o.timeout);
        long waitNanos = o.maxWait == null ? timeoutNanos : Durations.nanos(o.maxWait);
        long warm = Durations.nanos(o.warmup);
        String stages = o.profile.stages(o.stages, o.rate, o.concurrency, o.duration);
        if (o.rate != null && stages != null) {
            throw new IllegalArgumentException("--rate and --stages are two ways to say the same thing: pick one");
        }
        boolean open = o.rate != null || stages != null;
        if (open && o.concurrency != null) {
            throw new IllegalArgumentException("--concurrency (closed model) does not mix with --rate/--stages");
        }
        Segment part = o.segment();
        int conns = part.connections(
                o.connections != null ? o.connections : o.concurrency != null ? o.concurrency : DEFAULT_CONNECTIONS);
        int users = o.concurrency == null ? 0 : part.share(o.concurrency);
        if (o.concurrency != null && !open && users == 0) {
            throw new IllegalArgumentException("--segment " + part + " of --concurrency " + o.concurrency
                    + " has no users (user u runs in segment u mod " + part.count() + "): use at most "
                    + o.concurrency + " segments");
        }
        if (users > 0 && !open) {
            conns = Math.min(conns, users);
        }
        int loops = o.threads != null ? o.threads : Math.min(cores, conns);
        int pipeline = pipeline(o.concurrency != null && !open ? Math.max(1, (users + conns - 1) / conns) : 1);
        LoadPlan plan;
        if (open) {
            Stages st = stages != null
                    ? Stages.parse(stages)
                    : Stages.constant(o.rate, Duration.ofNanos(Durations.nanos(o.duration)));
            plan = LoadPlan.open(st, Arrival.parse(o.arrival), o.seed, conns, loops)
                    .with(b -> b.pipeline = pipeline == 0 ? 1 : pipeline);
        } else if (o.concurrency != null) {
            plan = LoadPlan.closed(users, Durations.nanos(o.duration), conns, loops)
                    .with(b -> b.pipeline = pipeline)
                    .with(b -> b.thinkNanos = Durations.nanos(o.think));
        } else {
            plan = LoadPlan.maxThroughput(pipeline == 0 ? 1 : pipeline, Durations.nanos(o.duration), conns, loops);
        }
        long slack = open ? o.slack.nanos(plan.stages().peakPerSecond()) : 0;
        return plan.with(b -> b.timeoutNanos = timeoutNanos)
                .with(b -> b.limits(open ? o.maxInflight : Integer.MAX_VALUE, waitNanos))
                .with(b -> b.warmupNanos = warm)
                .with(b -> b.expect = StatusSet.parse(o.expectStatus))
                .with(b -> b.adaptive = o.adaptive)
                .with(b -> b.reconnectEvery = o.reconnectEvery)
                .with(b -> b.steerable = o.control.steerable(o.metrics))
                .with(b -> b.slackNanos = slack);
    }

    /**
     * Requests in flight per connection, and the {@link #depth}: {@code --pipeline} over HTTP/1.1, {@code -m} over
     * HTTP/2 and {@code --pipeline} over RPC, each {@code fallback} when not given (0 over HTTP/1.1, where the plan
     * picks).
     */
    private int pipeline(int fallback) {
        if (speaksHttp2()) {
            if (o.pipeline != 0) {
                throw new IllegalArgumentException(
                        "--pipeline is HTTP/1.1's; HTTP/2 sends requests side by side on streams: use -m/--streams");
            }
            if (o.streams != null && o.streams < 1) {
                throw new IllegalArgumentException("-m/--streams " + o.streams + " must be at least 1");
            }
            depth = o.streams != null ? o.streams : fallback;
            return depth;
        }
        if (RpcTarget.isRpc(o.url)) {
            if (o.streams != null) {
                throw new IllegalArgumentException(
                        "-m/--streams is HTTP/2's: calls in flight per zaprpc:// connection are --pipeline N");
            }
            depth = o.pipeline != 0 ? o.pipeline : fallback;
            return depth;
        }
        if (o.streams != null) {
            throw new IllegalArgumentException(
                    "-m/--streams is for HTTP/2 (--http2 or h2c://); HTTP/1.1 pipelines with --pipeline");
        }
        return o.pipeline;
    }
}
