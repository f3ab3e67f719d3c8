package dev.zapline.load.report;

import dev.zapline.load.engine.Engine;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.PacingCounter;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Schedule;
import dev.zapline.load.schedule.Steered;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Follows a running {@link Engine} from its own thread: once a second (intervals aligned on the end of warm-up) it
 * swaps the loops' interval histograms through an {@link Aggregator}, prints the live line, keeps the timeline,
 * appends the interval to the HdrHistogram log and rewrites the JSON file; when the engine ends (its schedule done,
 * or stopped) it closes the last partial interval and returns the final {@link Summary}.
 *
 * <p>An interval is also cut where the measured window ends (the schedule's end, {@link Window}): the timeline
 * covers the warm-up and the window, and the intervals after it (the drain: requests still in flight finishing)
 * go into the totals, the HdrHistogram log and the summary's drain figures, not into the timeline. The live line
 * marks them {@code drain} and its last frame shows the window's achieved rate and latency. A stop is seen at the
 * next interval, so on a stop the last timeline entry may hold the first moments of the drain.
 *
 * <p>Unless the run is stopped, the window's intervals end on the grid (the measured phase's start plus whole
 * seconds, and the window's end), however the run ends: one whose last response comes before the window's end
 * still closes its last second at that end, and one seen ending only after a tick (this thread late on a loaded
 * machine) closes that tick's interval at the tick and the rest as the next one. So the segments of a split run,
 * sharing the measured phase's start, cut the same seconds, and their timeline entries and HdrHistogram log
 * intervals carry the same times ({@code zapline merge} adds them by those times).
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=reporter}
 */
public final class Reporter {

    private static final long SECOND = 1_000_000_000L;

    private final Engine engine;
    private final ReportOptions options;
    private final Aggregator agg;
    /** A journey run's per-step and per-journey figures, or null. */
    private final JourneyResults journeys;

    private final List<IntervalStats> timeline = new ArrayList<>();
    /** The measured seconds' histograms, for the JSON file's {@code intervals} member. */
    private final SecondsLog secondsLog = new SecondsLog();
    /** The {@code --json} file's writer, or null. */
    private final JsonReport json;

    private final String model;
    private final LiveLine liveLine;
    private HistogramLogWriter hdr;
    private PrintStream hdrOut;
    /** Where each closed interval is published for a metrics scrape, or null. */
    private LiveMetrics liveMetrics;
    /** Follows each closed interval ({@code --tui}), or null. */
    private LiveSink sink;
    /** Thresholds following the run, or null. */
    private SummaryWatch watch;

    private RunTag tag;
    /** The event loops' transport, for the summary, or null. */
    private String transport;
    /** The loader's own load: loop CPU shares, process CPU. */
    private final LoaderMeter meter;
    /** Notes on the network path for the final summary's loader part. */
    private Supplier<List<String>> loaderNotes = List::of;

    /** The connect-time figures of {@link #connectLatency}, and the connection count they were read at. */
    private Summary.Latency connectLatency;

    private long connectsRead;

    /** How the reporter waits for an interval's end; real time unless a test drives a manual clock. */
    private Wait wait;

    /**
     * Blocks until the engine's clock reads {@code nanos} or the engine has ended, whichever comes first.
     * The default waits on {@link Engine#await} in real time; a test on a manual clock moves its clock instead.
     */
    @FunctionalInterface
    public interface Wait {
        /** @return whether the engine ended */
        boolean until(long nanos) throws InterruptedException;
    }

    public Reporter(Engine engine, ReportOptions options) {
        this.engine = engine;
        this.options = options;
        this.agg = new Aggregator(engine.recorders(), engine.warmupRecorders());
        this.meter = new LoaderMeter(engine.recorders());
        this.journeys = engine.journeyLayout() == null
                ? null
                : new JourneyResults(
                        engine.journeyLayout(), engine.journeyRecorders(), engine.journeyWarmupRecorders());
        LoadPlan p = engine.plan();
        this.model = p.isOpen() ? "open" : p.thinkNanos() == 0 && p.pipeline() > 0 ? "max-throughput" : "closed";
        this.liveLine = new LiveLine(engine, journeys != null, options.terminal());
        this.json = options.json() == null
                ? null
                : new JsonReport(options.json(), options.command()).events(engine.steering()::events);
        this.wait = nanos -> engine.await(Math.max(0, nanos - engine.clock().nanos()), TimeUnit.NANOSECONDS);
    }

    /** Waits for each interval's end with {@code w} (tests on a manual clock). Call before {@link #run()}. */
    public Reporter waitWith(Wait w) {
        this.wait = w;
        return this;
    }

    /**
     * Also publishes every interval it closes to {@code metrics} (for {@code --metrics}), from the reporting
     * thread: the event loops do nothing more. Call before {@link #run()}.
     */
    public Reporter metrics(LiveMetrics metrics) {
        this.liveMetrics = metrics == null ? null : metrics.follow(engine);
        return this;
    }

    /** Hands every interval it closes to {@code s}, and the final summary. Call before {@link #run()}. */
    public Reporter sink(LiveSink s) {
        this.sink = s;
        return this;
    }

    /**
     * Has {@code w} follow the run's summaries (thresholds): {@link SummaryWatch#interim} each second of the measured
     * window, which may stop the run, and {@link SummaryWatch#complete} with the final one, whose members go into the
     * JSON file. Call before {@link #run()}.
     */
    public Reporter watch(SummaryWatch w) {
        this.watch = w;
        return this;
    }

    /**
     * Adds {@code tag}'s {@code run} member (with the measured phase's histograms) to the JSON file's final version,
     * for {@code zapline merge}. Call before {@link #run()}.
     */
    public Reporter tag(RunTag tag) {
        this.tag = tag;
        return this;
    }

    /** Names the event loops' I/O transport ({@code io_uring}, {@code epoll}, {@code nio}) in the summaries. */
    public Reporter transport(String name) {
        this.transport = name;
        return this;
    }

    /**
     * Adds the notes {@code notes} gives (read once, when the run has ended) to the final summary's loader part
     * ({@link LoaderLoad#notes}): the text summary prints them under the loader lines, the JSON file and the HTML
     * report list them. Call before {@link #run()}.
     */
    public Reporter loaderNotes(Supplier<List<String>> notes) {
        this.loaderNotes = notes;
        return this;
    }

    /** Reports until the engine ends; returns the final summary (files written). */
    public Summary run() throws InterruptedException {
        long start = engine.startNanos();
        long measured = engine.measuredStartNanos();
        long last = start;
        try {
            openHdr();
            while (true) {
                long next = last + SECOND;
                if (last < measured && next > measured) {
                    next = measured;
                }
                // the timeline stops exactly at the window's end: no stub bucket of drain after it
                long end = window(measured).end();
                if (last - end < 0 && next - end > 0) {
                    next = end;
                }
                boolean ended = wait.until(next);
                Window w = window(measured);
                long now = next;
                if (ended) {
                    long endedAt = Math.max(last, engine.endNanos());
                    if (endedAt - next > 0) {
                        // seen late (this thread was not scheduled at the tick): the tick still closes this interval
                        ended = false;
                    } else if (w.inDrain(last) || engine.stoppedNanos() != Long.MAX_VALUE) {
                        now = endedAt;
                    }
                }
                interval(last, now, measured, w.inDrain(last), ended);
                last = now;
                if (!ended && options.json() == null && watch == null) {
                    // a summary before the end is for the JSON file and the thresholds: none asked, none built
                    continue;
                }
                Summary s = summary(ended, now, w);
                String members = "";
                if (ended) {
                    if (watch != null) {
                        members = watch.complete(s);
                    }
                    if (tag != null) {
                        String run = tag.jsonMember(agg.corrected(), agg.service());
                        members = members.isEmpty() ? run : run + ",\n  " + members;
                    }
                    members = secondsLog.appendTo(members);
                } else if (watch != null && now - measured > 0 && now - w.end() < 0 && watch.interim(s)) {
                    engine.stop();
                }
                if (options.json() != null) {
                    json.write(s, members);
                }
                if (ended) {
                    if (liveMetrics != null) {
                        liveMetrics.done();
                    }
                    if (sink != null) {
                        sink.done(s);
                    }
                    if (options.live() != null) {
                        liveLine.finalFrame(options.live(), s);
                    }
                    return s;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (hdrOut != null) {
                hdrOut.close();
            }
        }
    }

    /** The measured window as of now (a stop ends it early). */
    private Window window(long measured) {
        return new Window(measured, engine.plan().measuredNanos(), engine.stoppedNanos());
    }

    private void openHdr() throws IOException {
        if (options.hdrLog() == null) {
            return;
        }
        hdrOut = new PrintStream(Files.newOutputStream(options.hdrLog()), false, "US-ASCII");
        hdr = new HistogramLogWriter(hdrOut);
        long wallStart = System.currentTimeMillis()
                + (engine.measuredStartNanos() - engine.clock().nanos()) / 1_000_000;
        hdr.outputComment("zapline load " + options.target() + ": corrected latency (untagged) and service time "
                + "(tag=service), ns; max column in ms");
        if (tag != null) {
            hdr.outputComment(tag.hdrLogComment());
        }
        hdr.outputLogFormatVersion();
        hdr.outputStartTime(wallStart);
        hdr.setBaseTime(wallStart);
        hdr.outputLegend();
    }

    private void interval(long from, long to, long measured, boolean drain, boolean ended) {
        boolean warmup = to <= measured;
        double t = (to - measured) / 1e9;
        double seconds = (to - from) / 1e9;
        Steered steered = engine.steered();
        double target = steered == null || to == from
                ? engine.plan().rateAt((from + to) / 2 - measured)
                        / engine.segment().count()
                : steered.expectedCount(from - engine.startNanos(), to - engine.startNanos()) / seconds;
        IntervalStats s = agg.interval(
                t, seconds, target, engine.outstanding(), engine.openConnections(), engine.ceiling(), warmup);
        meter.sample(!warmup, ended);
        if (journeys != null) {
            journeys.interval(t, seconds, warmup);
        }
        if (!drain) {
            timeline.add(s);
        }
        if (json != null && !drain) {
            secondsLog.add(s, agg.lastMeasuredInterval());
        }
        if (liveMetrics != null) {
            liveMetrics.update(engine, agg, s, warmup ? "warmup" : drain ? "drain" : "measured");
            liveMetrics.loader(meter, agg.lastSendLag());
            if (journeys != null) {
                liveMetrics.journeys(journeys);
            }
        }
        if (sink != null) {
            sink.interval(engine, s, agg.lastInterval(), warmup ? "warmup" : drain ? "drain" : "measured", journeys);
        }
        // a measured request may end in the interval that closes the warm-up (the swap comes a moment after it)
        if (hdr != null
                && (!warmup && seconds > 0
                        || agg.lastMeasuredInterval().service().getTotalCount() > 0)) {
            double a = Math.max(0, from - measured) / 1e9;
            Histogram c = agg.lastMeasuredInterval().corrected();
            c.setTag(null);
            hdr.outputIntervalHistogram(a, t, c, 1e6);
            Histogram sv = agg.lastMeasuredInterval().service();
            sv.setTag("service");
            hdr.outputIntervalHistogram(a, t, sv, 1e6);
            hdrOut.flush();
        }
        if (options.live() != null && seconds >= 0.05) {
            liveLine.line(options.live(), s, drain, meter.lastMax());
        }
    }

    private Summary summary(boolean complete, long now, Window w) {
        Tally m = agg.measured();
        LoadPlan p = engine.plan();
        double seconds = w.seconds(now, complete);
        double share = 1.0 / engine.segment().count();
        Steered steered = engine.steered();
        double expected = steered == null
                ? share * p.expectedRequests()
                : steered.expectedCount(p.warmupNanos(), p.warmupNanos() + p.measuredNanos());
        double target = p.isOpen() ? expected / (p.measuredNanos() / 1e9) : 0;
        long dropped = m.count(Outcome.DROPPED);
        return new Summary(
                options.target(),
                model,
                complete,
                seconds,
                m.scheduled(),
                m.sent(),
                dropped,
                Math.max(0, m.notSent() - dropped),
                target,
                seconds > 0 ? (m.responses() - m.drained()) / seconds : 0,
                w.drainSeconds(now),
                m.drained(),
                m.errors(),
                Summary.outcomes(m),
                Summary.statuses(m),
                m.bytesIn(),
                m.bytesOut(),
                Summary.Latency.withCurve(agg.corrected()),
                Summary.Latency.withCurve(agg.service()),
                connectLatency(),
                engine.connectFailures(),
                engine.handshakes().any() ? Summary.Tls.of(engine.handshakes().snapshot()) : null,
                engine.ceiling(),
                p.adaptive(),
                complete && p.isOpen() ? pacing(w.start()) : null,
                List.copyOf(timeline),
                engine.protocol(),
                transport,
                journeys == null ? List.of() : journeys.steps(),
                journeys == null ? null : journeys.journeys(),
                loader(m, complete));
    }

    /** The connect times so far, read again only when a connection has opened since the last read. */
    private Summary.Latency connectLatency() {
        long n = engine.connections();
        if (connectLatency == null || n != connectsRead) {
            connectLatency = Summary.Latency.of(engine.connectTimes());
            connectsRead = n;
        }
        return connectLatency;
    }

    /** The loader's load so far; with the notes once the run is complete. */
    private LoaderLoad loader(Tally m, boolean complete) {
        LoaderLoad l =
                meter.load(agg, agg.all().responses(), m.sent(), m.count(Outcome.DROPPED), !"open".equals(model));
        return complete ? l.withNotes(List.copyOf(loaderNotes.get())) : l;
    }

    /** The run's sends per bucket against the schedule's, over the buckets the run completed. */
    private Pacing pacing(long measured) {
        LoadPlan p = engine.plan();
        int[] actual = engine.pacing();
        long stopped = engine.stoppedNanos();
        int buckets = actual.length;
        if (stopped != Long.MAX_VALUE) {
            buckets = (int) Math.max(0, Math.min(buckets, (stopped - measured) / PacingCounter.BUCKET_NANOS));
        }
        Schedule share =
                p.schedule().segment(engine.segment().index(), engine.segment().count());
        int[] expected = engine.steered() == null
                ? share.countPerBucket(p.warmupNanos(), PacingCounter.BUCKET_NANOS, buckets)
                : share.countPerBucket(engine.steered(), p.warmupNanos(), PacingCounter.BUCKET_NANOS, buckets);
        return Pacing.compare(PacingCounter.BUCKET_NANOS / 1_000_000, actual, expected, buckets);
    }
}
