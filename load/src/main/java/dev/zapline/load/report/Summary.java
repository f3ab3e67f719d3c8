package dev.zapline.load.report;

import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Percentiles;
import dev.zapline.load.metrics.Tally;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The results of a run's measured phase (or of it so far): what the summary, the JSON file and the tests read.
 *
 * <p>Counts: {@code scheduled = requests + dropped + unconnected}, where {@code requests} are the requests written
 * ({@link #sent()}), {@code dropped} those never written because of the in-flight ceiling or the wait limit, and
 * {@code unconnected} those never written because no connection of their loop was open (they are also counted in
 * the {@code connect} outcome). Once the run is complete every scheduled request has ended in one outcome.
 *
 * @param target the URL
 * @param model "open", "closed" or "max-throughput"
 * @param complete false while the run goes on (the JSON file is rewritten each second)
 * @param seconds length of the measured window so far (to the schedule's end, or the stop; the drain excluded)
 * @param scheduled requests of the measured phase taken from the schedule (open) or started by a user (closed)
 * @param requests requests of the measured phase written to a connection
 * @param dropped scheduled requests never written: beyond the in-flight ceiling, or waited too long
 * @param unconnected scheduled requests never written because no connection of their loop was open
 * @param rateTarget the schedule's mean rate, 0 without one
 * @param rateAchieved responses (any status) that arrived within the measured window, per second of it
 * @param drainSeconds time from the window's end until the last request in flight ended (0 while the window lasts)
 * @param drainResponses responses that arrived in the drain (counted in the outcomes and latencies, not the rate)
 * @param outcomes count per outcome, keyed by {@link Outcome#key()}
 * @param statuses count per status code
 * @param corrected latency from the intended send time
 * @param service latency from the actual write
 * @param connect connect times (ns), connectFailures failed attempts (a failed TLS handshake among them); for a TLS
 *     target, up to the TCP connection: the handshake is in {@code tls}
 * @param tls the TLS handshakes, or null for a plaintext target
 * @param inflightCeiling the in-flight ceiling (open model): {@code --max-inflight}, or with {@code --adaptive} its
 *     value when the schedule ended; 0 for a closed run
 * @param adaptive whether the ceiling was adaptive
 * @param pacing sends per 10 ms bucket against the schedule (open model, final summary only), or null
 * @param timeline one entry per second of the warm-up and the measured window (the drain is not in it)
 * @param protocol what the client spoke ({@code HTTP/1.1}, {@code HTTP/2 (h2c)}, ...), or null when not known
 * @param transport the I/O transport the loader's event loops ran on ({@code io_uring}, {@code epoll}, {@code nio}),
 *     or null when not known
 * @param steps a journey run's results per step, in run-wide step order; empty for a run of fixed requests
 * @param journeys a journey run's results per journey, or null for a run of fixed requests
 * @param loader the loader's own load and who set the pace, or null when not measured (a merged run)
 */
public record Summary(
        String target,
        String model,
        boolean complete,
        double seconds,
        long scheduled,
        long requests,
        long dropped,
        long unconnected,
        double rateTarget,
        double rateAchieved,
        double drainSeconds,
        long drainResponses,
        long errors,
        Map<String, Long> outcomes,
        Map<Integer, Long> statuses,
        long bytesIn,
        long bytesOut,
        Latency corrected,
        Latency service,
        Latency connect,
        long connectFailures,
        Tls tls,
        long inflightCeiling,
        boolean adaptive,
        Pacing pacing,
        List<IntervalStats> timeline,
        String protocol,
        String transport,
        List<StepSummary> steps,
        Journeys journeys,
        LoaderLoad loader) {

    public Summary {
        steps = List.copyOf(steps);
    }

    /** The step keyed {@code key}, or null. */
    public StepSummary step(String key) {
        for (StepSummary s : steps) {
            if (s.key().equals(key)) {
                return s;
            }
        }
        return null;
    }

    /** Requests written to a connection: the same figure as {@link #requests()}. */
    public long sent() {
        return requests;
    }

    /** Percentiles reported, and their JSON key suffixes. */
    static final double[] PERCENTILES = {50, 75, 90, 99, 99.9, 99.99};

    static final String[] KEYS = {"p50", "p75", "p90", "p99", "p999", "p9999"};

    /** Percentile ticks per halving of the distance to 100 % in a {@link Latency#curve()}. */
    static final int CURVE_TICKS_PER_HALF = 5;

    /**
     * Percentiles of one histogram in microseconds.
     *
     * @param curve the whole distribution as {@code [percentile, value_us]} pairs from 0 to 100 on the "nines"
     *     scale ({@link #CURVE_TICKS_PER_HALF} ticks per halving of the distance to 100 %, HdrHistogram's percentile
     *     iteration), non-decreasing in both; empty when not asked for ({@link #of}) or when nothing was recorded
     */
    public record Latency(long count, double[] percentilesUs, double maxUs, double meanUs, double[][] curve) {

        /** Every reported percentile and the mean from one walk of {@code h}; no curve. */
        public static Latency of(Histogram h) {
            Percentiles walk = new Percentiles(PERCENTILES).read(h);
            double[] p = new double[PERCENTILES.length];
            for (int i = 0; i < p.length; i++) {
                p[i] = walk.value(i) / 1e3;
            }
            boolean empty = walk.count() == 0;
            return new Latency(walk.count(), p, empty ? 0 : h.getMaxValue() / 1e3, walk.mean() / 1e3, new double[0][]);
        }

        /** Like {@link #of}, with the {@link #curve()} of {@code h}. */
        public static Latency withCurve(Histogram h) {
            Latency l = of(h);
            List<double[]> points = new ArrayList<>();
            if (h.getTotalCount() > 0) {
                for (HistogramIterationValue v : h.percentiles(CURVE_TICKS_PER_HALF)) {
                    points.add(new double[] {v.getPercentileLevelIteratedTo(), v.getValueIteratedTo() / 1e3});
                }
            }
            return new Latency(l.count, l.percentilesUs, l.maxUs, l.meanUs, points.toArray(new double[0][]));
        }

        public double p(double percentile) {
            for (int i = 0; i < PERCENTILES.length; i++) {
                if (PERCENTILES[i] == percentile) {
                    return percentilesUs[i];
                }
            }
            throw new IllegalArgumentException("percentile " + percentile + " is not reported");
        }
    }

    /**
     * What the TLS handshakes of every connection the run opened came to (warm-up included, like the connect times).
     *
     * @param handshake handshake times, from the TCP connection being established to the handshake's end
     * @param counts what the connections negotiated, how many resumed a session, and the failed handshakes
     */
    public record Tls(Latency handshake, Handshakes.Counts counts) {

        public static Tls of(Handshakes.Snapshot s) {
            return new Tls(Latency.of(s.times()), s.counts());
        }

        /** Completed handshakes. */
        public long count() {
            return handshake.count();
        }

        /** Completed handshakes that did not resume a session. */
        public long full() {
            return handshake.count() - counts.resumed();
        }
    }

    static Map<String, Long> outcomes(Tally t) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Outcome o : Outcome.values()) {
            m.put(o.key(), t.count(o));
        }
        return m;
    }

    static Map<Integer, Long> statuses(Tally t) {
        Map<Integer, Long> m = new LinkedHashMap<>();
        for (int s = 100; s < 600; s++) {
            if (t.status(s) != 0) {
                m.put(s, t.status(s));
            }
        }
        return m;
    }
}
