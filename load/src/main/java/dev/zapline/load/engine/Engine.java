package dev.zapline.load.engine;

import dev.zapline.load.control.Steering;
import dev.zapline.load.journey.Layouts;
import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.metrics.JourneyLayout;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.PacingCounter;
import dev.zapline.load.schedule.Schedule;
import dev.zapline.load.schedule.Steered;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Runs a {@link LoadPlan} against one {@link Client} on the event loops of a group: one {@link LoopDriver} per
 * loop, each with its share of the connections and of the schedule (request i goes to loop i mod n, so the global
 * spacing stays the schedule's). Connections are opened before the run starts; the run starts on one instant
 * shared by every loop.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=engine}
 *
 * <p>Thread-safe: {@link #stop()}, {@link #await} and the readers may be called from any thread.
 */
public final class Engine {

    /** Lead between the last connection opening and the run's first intended send. */
    private static final long LEAD = 20_000_000;

    /** {@link #start(LoadPlan, Client, EventLoopGroup, NanoClock, long, Segment, long)}: no anchor, start soon. */
    public static final long NO_ANCHOR = Long.MIN_VALUE;

    private final LoadPlan plan;
    private final Segment segment;
    private final long anchor;
    private final String protocol;
    private final NanoClock clock;
    private final LoopDriver[] drivers;
    private final LoopRecorder[] recorders;
    private final LoopRecorder[] warmupRecorders;
    private final JourneyLayout journeyLayout;
    private final JourneyRecorder[] journeyRecorders;
    private final JourneyRecorder[] journeyWarmupRecorders;
    private final DataRows dataRows;
    /** The schedule as steered while it runs, or null (a closed, split or unsteerable run). */
    private final Steered steered;

    private final RunSteering steering;
    private final CountDownLatch done;
    /** Connect times, TLS handshakes and connect failures, from the loops. */
    final Connects connects = new Connects();

    private volatile long start;
    private volatile long endNanos;
    private volatile long stoppedNanos = Long.MAX_VALUE;

    private Engine(LoadPlan plan, Client client, DriverLoop[] loops, NanoClock clock, Segment segment, long anchor) {
        this.plan = plan;
        this.segment = segment;
        this.anchor = anchor;
        this.protocol = client.protocol();
        this.clock = clock;
        int n = plan.threads();
        this.drivers = new LoopDriver[n];
        this.recorders = new LoopRecorder[n];
        this.warmupRecorders = new LoopRecorder[plan.warmupNanos() > 0 ? n : 0];
        this.done = new CountDownLatch(n);
        this.journeyLayout = client.journeys() == null ? null : Layouts.of(client.journeys());
        this.journeyRecorders = new JourneyRecorder[journeyLayout == null ? 0 : n];
        this.journeyWarmupRecorders = new JourneyRecorder[journeyLayout == null ? 0 : warmupRecorders.length];
        this.dataRows = client.journeys() == null
                ? null
                : new DataRows(client.journeys().data(), client.journeys().mode(), segment);
        Schedule schedule = plan.isOpen() ? plan.schedule().segment(segment.index(), segment.count()) : null;
        this.steered = schedule != null && plan.steerable() && segment.isWhole() ? new Steered(schedule) : null;
        this.steering = new RunSteering(this, steered, drivers);
        for (int i = 0; i < n; i++) {
            drivers[i] = new LoopDriver(
                    this,
                    loops[i],
                    client,
                    clock,
                    plan,
                    i,
                    schedule == null
                            ? null
                            : steered == null
                                    ? schedule.forLoop(i, n).cursor()
                                    : schedule.forLoop(i, n).cursor(steered));
            recorders[i] = drivers[i].ledger().recorder();
            if (journeyRecorders.length > 0) {
                journeyRecorders[i] = drivers[i].ledger().journeyRecorder();
            }
            if (journeyWarmupRecorders.length > 0) {
                journeyWarmupRecorders[i] = drivers[i].ledger().journeyWarmupRecorder();
            }
            if (warmupRecorders.length > 0) {
                warmupRecorders[i] = drivers[i].ledger().warmupRecorder();
            }
        }
    }

    /**
     * Checks the file-descriptor budget, opens the connections (waiting up to {@code connectWait} ms) and starts
     * the run.
     *
     * @throws IllegalStateException when no connection could be opened, naming the first error, or when the
     *     process may not open enough files
     */
    public static Engine start(
            LoadPlan plan, Client client, EventLoopGroup group, NanoClock clock, long connectWaitMillis) {
        return start(plan, client, group, clock, connectWaitMillis, Segment.WHOLE, NO_ANCHOR);
    }

    /**
     * Like {@link #start(LoadPlan, Client, EventLoopGroup, NanoClock, long)} for one segment of a split run: the open
     * schedule is the plan's whole schedule restricted to {@code segment} (a closed plan already holds the segment's
     * users and connections), and unless {@code anchorNanos} is {@link #NO_ANCHOR} the measured phase starts at that
     * {@code clock} instant, the warm-up just before it; a run whose connections open too late for that is not
     * shifted: its requests count from their intended times.
     */
    public static Engine start(
            LoadPlan plan,
            Client client,
            EventLoopGroup group,
            NanoClock clock,
            long connectWaitMillis,
            Segment segment,
            long anchorNanos) {
        FdBudget.check(plan.connections());
        DriverLoop[] loops = new DriverLoop[plan.threads()];
        for (int i = 0; i < loops.length; i++) {
            loops[i] = new NettyLoop(group.next(), plan.tickNanos());
        }
        return start(plan, client, loops, clock, connectWaitMillis, segment, anchorNanos);
    }

    /** {@link #start(LoadPlan, Client, EventLoopGroup, NanoClock, long)} on loops of the caller's (tests: by hand). */
    static Engine start(LoadPlan plan, Client client, DriverLoop[] loops, NanoClock clock, long connectWaitMillis) {
        return start(plan, client, loops, clock, connectWaitMillis, Segment.WHOLE, NO_ANCHOR);
    }

    private static Engine start(
            LoadPlan plan,
            Client client,
            DriverLoop[] loops,
            NanoClock clock,
            long connectWaitMillis,
            Segment segment,
            long anchorNanos) {
        Engine e = new Engine(plan, client, loops, clock, segment, anchorNanos);
        try {
            e.connectAll().get(connectWaitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            e.abort();
            throw new IllegalStateException("interrupted while connecting to " + client.describe());
        } catch (ExecutionException | TimeoutException ex) {
            e.abort();
            throw new IllegalStateException(
                    "connections to " + client.describe() + " not open within " + connectWaitMillis + " ms");
        }
        e.begin(client);
        return e;
    }

    /** An engine whose connections are not opened yet ({@link #connectAll}, then {@link #begin}); for tests. */
    static Engine prepare(LoadPlan plan, Client client, DriverLoop[] loops, NanoClock clock) {
        return new Engine(plan, client, loops, clock, Segment.WHOLE, NO_ANCHOR);
    }

    /** Opens every loop's connections; completes when each has succeeded or failed once. */
    CompletableFuture<Void> connectAll() {
        CompletableFuture<?>[] all = new CompletableFuture<?>[drivers.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = drivers[i].connectAll();
        }
        return CompletableFuture.allOf(all);
    }

    /**
     * Starts the run {@link #LEAD} from now (or with its measured phase at the anchor), or fails (and stops) when no
     * connection opened.
     */
    void begin(Client client) {
        synchronized (this) {
            if (connects.count() == 0) {
                abort();
                throw new IllegalStateException(
                        "cannot connect to " + client.describe() + ": " + connects.firstError());
            }
        }
        long s = anchor == NO_ANCHOR ? clock.nanos() + LEAD : anchor - plan.warmupNanos();
        start = s;
        long end = plan.isOpen() ? Long.MAX_VALUE : s + plan.warmupNanos() + plan.durationNanos();
        for (LoopDriver d : drivers) {
            d.begin(s, end);
        }
    }

    private void abort() {
        for (LoopDriver d : drivers) {
            d.stop();
        }
    }

    /** Stops scheduling; requests in flight get the plan's grace period, then count as timed out. */
    public void stop() {
        synchronized (this) {
            if (stoppedNanos == Long.MAX_VALUE && !isDone()) {
                stoppedNanos = clock.nanos();
            }
        }
        for (LoopDriver d : drivers) {
            d.stop();
        }
    }

    /** Waits for the run to end. @return whether it ended */
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        return done.await(time, unit);
    }

    public boolean isDone() {
        return done.getCount() == 0;
    }

    /** What the client speaks ({@link Client#protocol}), or null. */
    public String protocol() {
        return protocol;
    }

    public LoadPlan plan() {
        return plan;
    }

    /** Which part of a split run this engine runs ({@link Segment#WHOLE} for an unsplit one). */
    public Segment segment() {
        return segment;
    }

    /** The run's one entry point for steering commands (the dashboard, {@code --control}). */
    public Steering steering() {
        return steering;
    }

    /** The schedule as steered so far, or null when the run cannot be steered (its plan's schedule holds). */
    public Steered steered() {
        return steered;
    }

    public NanoClock clock() {
        return clock;
    }

    /** The run's first intended send (clock nanos). */
    public long startNanos() {
        return start;
    }

    /** Where the measured phase starts (after warm-up). */
    public long measuredStartNanos() {
        return start + plan.warmupNanos();
    }

    /** When the last loop finished, or 0 while running. */
    public long endNanos() {
        return done.getCount() == 0 ? endNanos : 0;
    }

    /**
     * One recorder per loop for the measured phase: the requests intended (open model) or started (closed) at or
     * after {@link #measuredStartNanos()}, however late they end.
     */
    public LoopRecorder[] recorders() {
        return recorders.clone();
    }

    /** Which data row each journey takes, shared by the loops; null for a run of fixed requests. */
    DataRows dataRows() {
        return dataRows;
    }

    /** Whether some loop stopped starting journeys because unique data rows ran out. */
    public boolean dataRowsRanOut() {
        return java.util.Arrays.stream(drivers).anyMatch(LoopDriver::rowsOut);
    }

    /** A journey run's names of journeys, steps and checks, or null for a run of fixed requests. */
    public JourneyLayout journeyLayout() {
        return journeyLayout;
    }

    /** Each loop's journey recorder of the measured phase; empty for a run of fixed requests. */
    public JourneyRecorder[] journeyRecorders() {
        return journeyRecorders.clone();
    }

    /** Each loop's journey recorder of the warm-up; empty without a warm-up or journeys. */
    public JourneyRecorder[] journeyWarmupRecorders() {
        return journeyWarmupRecorders.clone();
    }

    /** One recorder per loop for the requests intended or started in the warm-up; empty without a warm-up. */
    public LoopRecorder[] warmupRecorders() {
        return warmupRecorders.clone();
    }

    /** When {@link #stop()} was first called while the run was going on, or {@link Long#MAX_VALUE}. */
    public long stoppedNanos() {
        return stoppedNanos;
    }

    /**
     * Sends of the measured phase per 10 ms bucket ({@link PacingCounter}), summed over the loops; empty for a
     * closed plan. Exact once the run has ended ({@link #isDone()}).
     */
    public int[] pacing() {
        if (!plan.isOpen()) {
            return new int[0];
        }
        PacingCounter[] p = new PacingCounter[drivers.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = drivers[i].ledger().pacing();
        }
        return PacingCounter.merge(p);
    }

    /** Sends of the measured phase outside {@link #pacing()}'s buckets (after the window, or past the cap). */
    public long pacingBeyond() {
        return sum(d -> d.ledger().pacing() == null ? 0 : d.ledger().pacing().beyond());
    }

    /**
     * The loops' in-flight ceilings summed, as of their last tick: the share of {@code --max-inflight} without
     * {@code --adaptive}, the {@link Ceiling} rule's value with it (frozen when the schedule ends); 0 for a closed
     * plan.
     */
    public long ceiling() {
        return sum(d -> d.ceilingNow);
    }

    /** Connections open now (each loop's count as of its last connection opened or closed). */
    public long openConnections() {
        return sum(LoopDriver::openConnections);
    }

    /** Requests in flight or waiting for a connection, as of each loop's last tick. */
    public long outstanding() {
        return sum(d -> d.outstanding);
    }

    /** A figure of each loop, summed. */
    private long sum(ToLongFunction<LoopDriver> figure) {
        long n = 0;
        for (LoopDriver d : drivers) {
            n += figure.applyAsLong(d);
        }
        return n;
    }

    /**
     * TLS handshakes of the run's connections so far (warm-up included, like the connect times): their times, what
     * they negotiated, and the failures by reason. Thread-safe; nothing in it for a plaintext target.
     */
    public Handshakes handshakes() {
        return connects.handshakes();
    }

    /** A copy of the connect-time histogram (ns); for a TLS connection, up to the TCP connection (no handshake). */
    public Histogram connectTimes() {
        return connects.times();
    }

    /** Connections opened so far (the connect-time histogram's count). */
    public long connections() {
        return connects.count();
    }

    public long connectFailures() {
        return connects.failures();
    }

    synchronized void loopFinished(long now) {
        endNanos = Math.max(endNanos, now);
        done.countDown();
    }
}
