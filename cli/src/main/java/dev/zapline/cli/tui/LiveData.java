package dev.zapline.cli.tui;

import dev.zapline.load.control.Event;
import dev.zapline.load.control.Steering;
import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.HistogramPair;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.report.JourneyResults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What the dashboard keeps of the run: written by the reporting thread once an interval ({@link #interval}, which
 * copies what it needs out of what it is handed), read by the drawing thread ({@link #model}). The last minute of
 * percentiles sits in fixed arrays; outcomes are summed over every interval, warm-up and drain included.
 * Thread-safe (one lock, held for copies only).
 */
final class LiveData {

    private final String target;
    private final String unit;
    private final boolean open;
    private final double total;
    private final double warmup;

    private final double[] p50 = new double[Screen.MINUTE];
    private final double[] p99 = new double[Screen.MINUTE];
    private final double[] serviceP50 = new double[Screen.MINUTE];
    private final double[] serviceP99 = new double[Screen.MINUTE];
    /** Samples kept, at most {@link Screen#MINUTE}; the newest is at index {@code samples - 1}. */
    private int samples;

    private final long[] buckets = new long[Buckets.COUNT];
    private final long[] outcomes = new long[Outcome.values().length];
    private List<DashModel.StepRow> steps = List.of();

    private String phase = "starting";
    private double rate;
    private double requestRate;
    private double targetRate;
    private long inflight;
    private long connections;
    private double elapsed;

    /**
     * @param target what the run loads
     * @param journeys whether it runs journeys (rates are journeys/s)
     * @param open whether it has a target rate
     * @param warmupSeconds its warm-up
     * @param measuredSeconds its measured phase
     */
    LiveData(String target, boolean journeys, boolean open, double warmupSeconds, double measuredSeconds) {
        this.target = target;
        this.unit = journeys ? "journeys/s" : "req/s";
        this.open = open;
        this.warmup = warmupSeconds;
        this.total = warmupSeconds + measuredSeconds;
    }

    /** Keeps interval {@code s}, its histograms {@code h} and a journey run's steps. */
    synchronized void interval(IntervalStats s, HistogramPair h, String phase, JourneyResults journeys) {
        this.phase = phase;
        requestRate = s.rate();
        rate = journeys == null ? s.rate() : completed(journeys, s.seconds());
        targetRate = s.targetRate();
        inflight = s.inflight();
        connections = s.connections();
        elapsed = s.t() + warmup;
        for (int i = 0; i < outcomes.length; i++) {
            outcomes[i] += s.outcomes()[i];
        }
        Buckets.count(h.corrected(), buckets);
        if (s.seconds() >= 0.5) {
            push(p50, s.p50Us());
            push(p99, s.p99Us());
            push(serviceP50, s.service().p50Us());
            push(serviceP99, s.service().p99Us());
            samples = Math.min(Screen.MINUTE, samples + 1);
        }
        if (journeys != null) {
            steps = steps(journeys, s.seconds());
        }
    }

    /** The run ended. */
    synchronized void done() {
        phase = "done";
        inflight = 0;
        elapsed = Math.max(elapsed, total);
    }

    /** Shifts {@code series} one to the left and puts {@code v} last. */
    private static void push(double[] series, double v) {
        System.arraycopy(series, 1, series, 0, series.length - 1);
        series[series.length - 1] = v;
    }

    /** Journeys completed per second over the interval just closed. */
    private static double completed(JourneyResults j, double seconds) {
        long n = 0;
        for (int i = 0; i < j.layout().journeys().size(); i++) {
            n += j.journey(i).lastInterval().corrected().getTotalCount();
        }
        return seconds > 0 ? n / seconds : 0;
    }

    private static List<DashModel.StepRow> steps(JourneyResults j, double seconds) {
        List<String> names = j.layout().steps();
        List<DashModel.StepRow> rows = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            Aggregator a = j.step(i);
            Histogram c = a.lastInterval().corrected();
            Tally t = a.measured();
            long n = c.getTotalCount();
            rows.add(new DashModel.StepRow(
                    names.get(i),
                    seconds > 0 ? n / seconds : 0,
                    n == 0 ? 0 : c.getValueAtPercentile(50) / 1e3,
                    n == 0 ? 0 : c.getValueAtPercentile(99) / 1e3,
                    t.ended() - t.count(Outcome.SUCCESS)));
        }
        return List.copyOf(rows);
    }

    /** A frame's model as of now: the run's figures, {@code steering}'s state and events, the keys' state. */
    synchronized DashModel model(Steering steering, Controls keys) {
        List<String> events = new ArrayList<>();
        for (Event e : steering.events()) {
            events.add(Screen.event(e, unit));
        }
        boolean done = phase.equals("done");
        return new DashModel(
                target,
                phase,
                unit,
                open,
                open && !done ? steering.targetRate() : targetRate,
                rate,
                requestRate,
                inflight,
                connections,
                elapsed,
                total,
                !done && steering.paused(),
                steering.pausedSeconds(),
                keys.stopping(),
                last(p50),
                last(p99),
                last(serviceP50),
                last(serviceP99),
                buckets.clone(),
                outcomes.clone(),
                steps,
                events,
                keys.failuresOnly(),
                keys.help());
    }

    /** The samples kept of {@code series}, oldest first. */
    private double[] last(double[] series) {
        return Arrays.copyOfRange(series, series.length - samples, series.length);
    }
}
