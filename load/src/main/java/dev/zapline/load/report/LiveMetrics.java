package dev.zapline.load.report;

import dev.zapline.load.control.Command;
import dev.zapline.load.control.Event;
import dev.zapline.load.control.Steering;
import dev.zapline.load.engine.Engine;
import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.transport.metrics.Exposition;
import dev.zapline.transport.metrics.JvmMetrics;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A running load's figures for a Prometheus scrape: the {@link Reporter} hands over each interval it closes (once
 * a second), this keeps an immutable copy, and a scrape writes that copy. Nothing here runs on the event loops:
 * the counters are the ones the reporter's {@link Aggregator} already summed, the percentiles come from the
 * histograms it already merged. So the figures are as of the last interval, at most a second old.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=live-metrics}
 *
 * <p>Thread-safe: the reporter publishes, any thread writes.
 */
public final class LiveMetrics {

    /** The quantiles of every latency series. */
    static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999};

    private static final String[] LATENCY = {"corrected", "service"};
    private static final String[] WINDOW = {"second", "measured"};

    /** What a scrape writes: counters, gauges and percentiles (seconds; NaN without a response). */
    private record Frame(
            String phase,
            double elapsed,
            Tally all,
            long inflight,
            long open,
            long opened,
            long connectFailures,
            double targetRate,
            double sendRate,
            double rate,
            long ceiling,
            double[][] latency) {}

    /** The loader's own load as of the last interval: each loop's busy share, send lag (s), process CPU (s). */
    private record Loader(double[] busy, double[] sendLag, double cpuSeconds) {}

    private volatile Frame last;
    private volatile Loader loader;
    /** The running engine, for its steering's figures at scrape time; null until {@link #follow}. */
    private volatile Engine engine;
    /** A journey run's step and journey figures as of the last interval, or null. */
    private volatile LiveJourneyMetrics journeys;

    /** Follows {@code e}'s steering from now on (the target rate, a pause, the events), not only each interval. */
    LiveMetrics follow(Engine e) {
        this.engine = e;
        return this;
    }

    /** Publishes the interval just closed ({@code stats}, from {@code agg}); called by the reporter's thread. */
    void update(Engine engine, Aggregator agg, IntervalStats stats, String phase) {
        double[][] latency = {
            quantiles(agg.lastInterval().corrected()),
            quantiles(agg.lastInterval().service()),
            quantiles(agg.corrected()),
            quantiles(agg.service())
        };
        last = new Frame(
                phase,
                stats.t(),
                agg.all(),
                stats.inflight(),
                engine.openConnections(),
                engine.connections(),
                engine.connectFailures(),
                stats.targetRate(),
                stats.sendRate(),
                stats.rate(),
                stats.ceiling(),
                latency);
    }

    /** Publishes the loader's load of the interval just closed: {@code meter}'s shares and {@code sendLag}. */
    void loader(LoaderMeter meter, Histogram sendLag) {
        double[] busy = new double[meter.loops()];
        for (int i = 0; i < busy.length; i++) {
            busy[i] = meter.last(i);
        }
        loader = new Loader(busy, quantiles(sendLag), meter.processCpuSeconds());
    }

    /** Publishes a journey run's step and journey figures of the interval just closed; the reporter's thread. */
    void journeys(JourneyResults r) {
        journeys = LiveJourneyMetrics.of(r);
    }

    /** Marks the run ended: the figures stay as the last interval left them. */
    void done() {
        Frame f = last;
        if (f != null) {
            last = new Frame(
                    "done",
                    f.elapsed(),
                    f.all(),
                    0,
                    0,
                    f.opened(),
                    f.connectFailures(),
                    f.targetRate(),
                    f.sendRate(),
                    f.rate(),
                    f.ceiling(),
                    f.latency());
        }
    }

    /** Quantiles then the maximum, in seconds; NaN for an empty histogram. */
    private static double[] quantiles(Histogram h) {
        double[] q = new double[QUANTILES.length + 1];
        boolean empty = h.getTotalCount() == 0;
        for (int i = 0; i < QUANTILES.length; i++) {
            q[i] = empty ? Double.NaN : h.getValueAtPercentile(QUANTILES[i] * 100) / 1e9;
        }
        q[QUANTILES.length] = empty ? Double.NaN : h.getMaxValue() / 1e9;
        return q;
    }

    /** Writes the run's families (zeros before the first interval) and the JVM's. */
    public void write(Exposition e) {
        Frame f = last;
        Tally t = f == null ? new Tally() : f.all();
        e.family(
                        "zapline_load_phase",
                        Exposition.Type.GAUGE,
                        "1 for the phase the run is in: starting, warmup, " + "measured, drain or done.")
                .sample(1, "phase", f == null ? "starting" : f.phase());
        e.family(
                        "zapline_load_elapsed_seconds",
                        Exposition.Type.GAUGE,
                        "Seconds since the measured phase began " + "(negative in the warm-up), at the last interval.")
                .sample(f == null ? 0 : f.elapsed());
        e.family(
                        "zapline_load_requests_scheduled_total",
                        Exposition.Type.COUNTER,
                        "Requests taken from the " + "schedule (or started by a user), every phase.")
                .sample(t.scheduled());
        e.family(
                        "zapline_load_requests_sent_total",
                        Exposition.Type.COUNTER,
                        "Requests written to a " + "connection, every phase.")
                .sample(t.sent());
        e.family("zapline_load_responses_total", Exposition.Type.COUNTER, "Responses of any status, every phase.")
                .sample(t.responses());
        e.family(
                "zapline_load_outcomes_total",
                Exposition.Type.COUNTER,
                "Ended requests by outcome, every phase: success, failure_status, connect, reset, timeout, protocol, "
                        + "refused, goaway, dropped.");
        for (Outcome o : Outcome.values()) {
            e.sample(t.count(o), "outcome", o.key());
        }
        e.family("zapline_load_received_bytes_total", Exposition.Type.COUNTER, "Response bytes received.")
                .sample(t.bytesIn());
        e.family("zapline_load_sent_bytes_total", Exposition.Type.COUNTER, "Request bytes sent.")
                .sample(t.bytesOut());
        gauges(e, f, engine);
        latency(e, f);
        loader(e, loader);
        LiveJourneyMetrics j = journeys;
        if (j != null) {
            j.write(e);
        }
        JvmMetrics.write(e);
    }

    private static void gauges(Exposition e, Frame f, Engine engine) {
        boolean none = f == null;
        e.family("zapline_load_in_flight", Exposition.Type.GAUGE, "Requests in flight or waiting for a connection.")
                .sample(none ? 0 : f.inflight());
        e.family("zapline_load_connections_open", Exposition.Type.GAUGE, "Connections open.")
                .sample(none ? 0 : f.open());
        e.family("zapline_load_connections_opened_total", Exposition.Type.COUNTER, "Connections opened.")
                .sample(none ? 0 : f.opened());
        e.family(
                        "zapline_load_connect_failures_total",
                        Exposition.Type.COUNTER,
                        "Connections that could not " + "be opened.")
                .sample(none ? 0 : f.connectFailures());
        steering(e, f, engine);
        e.family(
                        "zapline_load_send_rate",
                        Exposition.Type.GAUGE,
                        "Requests written per second over the last " + "interval.")
                .sample(none ? 0 : f.sendRate());
        e.family(
                        "zapline_load_achieved_rate",
                        Exposition.Type.GAUGE,
                        "Responses per second over the last " + "interval.")
                .sample(none ? 0 : f.rate());
        e.family(
                        "zapline_load_inflight_ceiling",
                        Exposition.Type.GAUGE,
                        "The in-flight ceiling (open model; " + "moves with --adaptive), 0 for closed runs.")
                .sample(none ? 0 : f.ceiling());
    }

    /**
     * The target rate (the steering's now while the measured window runs, else the last interval's), whether the
     * schedule is paused, and the control events by kind.
     */
    private static void steering(Exposition e, Frame f, Engine engine) {
        Steering s = engine == null ? null : engine.steering();
        boolean live = s != null
                && (f == null || !f.phase().equals("done"))
                && engine.stoppedNanos() == Long.MAX_VALUE
                && engine.clock().nanos() - engine.measuredStartNanos()
                        < engine.plan().measuredNanos();
        steering(e, s, live, f == null ? 0 : f.targetRate());
    }

    /**
     * The steering's families from {@code s} (null before the run: zeros): the target rate is {@code s}'s now when
     * {@code live}, else {@code intervalRate}.
     */
    static void steering(Exposition e, Steering s, boolean live, double intervalRate) {
        e.family(
                        "zapline_load_target_rate",
                        Exposition.Type.GAUGE,
                        "The schedule's target rate, requests/s: now while the run is on (steering included, 0 "
                                + "while paused), over the last interval after it; 0 without a schedule (closed and "
                                + "max-throughput runs).")
                .sample(live ? s.targetRate() : intervalRate);
        e.family(
                        "zapline_load_paused",
                        Exposition.Type.GAUGE,
                        "1 while the schedule is paused (--control, --tui), else 0.")
                .sample(s != null && s.paused() ? 1 : 0);
        long[] counts = new long[Command.Kind.values().length];
        for (Event ev : s == null ? List.<Event>of() : s.events()) {
            counts[ev.kind().ordinal()]++;
        }
        e.family(
                "zapline_load_control_events_total",
                Exposition.Type.COUNTER,
                "Steering commands applied, by kind: rate, bias, pause, resume, mark, stop.");
        for (Command.Kind k : Command.Kind.values()) {
            e.sample(counts[k.ordinal()], "kind", k.key());
        }
    }

    private static void loader(Exposition e, Loader l) {
        e.family(
                "zapline_load_loop_busy_ratio",
                Exposition.Type.GAUGE,
                "Each event loop's CPU share over the last interval (its thread's CPU time over wall time; a loop "
                        + "starved of CPU by other processes reads lower); NaN when not known.");
        for (int i = 0; l != null && i < l.busy().length; i++) {
            e.sample(l.busy()[i], "loop", Integer.toString(i + 1));
        }
        e.family(
                "zapline_load_send_lag_seconds",
                Exposition.Type.SUMMARY,
                "How late requests left after their intended time over the last interval, requests that waited for "
                        + "a connection slot excluded; NaN before a send. No _sum and _count.");
        for (int q = 0; q < QUANTILES.length; q++) {
            e.quantile(QUANTILES[q], l == null ? Double.NaN : l.sendLag()[q]);
        }
        e.family(
                        "zapline_load_process_cpu_seconds_total",
                        Exposition.Type.COUNTER,
                        "The loader process's CPU time, user and system, since the run started.")
                .sample(l == null || Double.isNaN(l.cpuSeconds()) ? 0 : l.cpuSeconds());
    }

    private static void latency(Exposition e, Frame f) {
        e.family(
                "zapline_load_latency_seconds",
                Exposition.Type.SUMMARY,
                "Latency percentiles: corrected (from the intended send time) or service (from the actual "
                        + "send), over the last interval (window=second) or the measured phase so far "
                        + "(window=measured); NaN before a response. No _sum and _count: the last second's would "
                        + "not be counters; the counts are zapline_load_responses_total.");
        for (int w = 0; w < WINDOW.length; w++) {
            for (int l = 0; l < LATENCY.length; l++) {
                for (int q = 0; q < QUANTILES.length; q++) {
                    double v = f == null ? Double.NaN : f.latency()[w * 2 + l][q];
                    e.quantile(QUANTILES[q], v, "latency", LATENCY[l], "window", WINDOW[w]);
                }
            }
        }
        e.family(
                "zapline_load_latency_max_seconds",
                Exposition.Type.GAUGE,
                "The largest latency, corrected or "
                        + "service, over the last interval or the measured phase so far; NaN before a response.");
        for (int w = 0; w < WINDOW.length; w++) {
            for (int l = 0; l < LATENCY.length; l++) {
                double v = f == null ? Double.NaN : f.latency()[w * 2 + l][QUANTILES.length];
                e.sample(v, "latency", LATENCY[l], "window", WINDOW[w]);
            }
        }
    }
}
