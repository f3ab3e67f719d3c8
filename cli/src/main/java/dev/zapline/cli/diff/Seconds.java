package dev.zapline.cli.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.zapline.load.report.RunTag;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A run's measured seconds from its file's {@code intervals}: each second's length, counts and latency histograms
 * ({@link Sparse}, ns).
 *
 * <p>Immutable once made.
 */
final class Seconds {

    final double[] length;
    final long[] count;
    final long[] failed;
    final long[] errors;
    final long[] dropped;
    final Sparse corrected;
    final Sparse service;

    private Seconds(int n, Sparse corrected, Sparse service) {
        this.length = new double[n];
        this.count = new long[n];
        this.failed = new long[n];
        this.errors = new long[n];
        this.dropped = new long[n];
        this.corrected = corrected;
        this.service = service;
    }

    /** How many seconds. */
    int size() {
        return length.length;
    }

    /**
     * The {@code intervals} array of file {@code name}.
     *
     * @throws IllegalArgumentException {@code "FILE: intervals[i]: what"} for an entry that is not one
     */
    static Seconds parse(String name, JsonNode intervals) {
        if (!intervals.isArray()) {
            throw new IllegalArgumentException(name + ": intervals is not an array");
        }
        List<long[][]> c = new ArrayList<>();
        List<long[][]> v = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            JsonNode e = intervals.get(i);
            c.add(Sparse.recorded(histogram(name, i, e, "corrected")));
            v.add(Sparse.recorded(histogram(name, i, e, "service")));
        }
        Seconds s = new Seconds(intervals.size(), Sparse.of(c), Sparse.of(v));
        for (int i = 0; i < intervals.size(); i++) {
            JsonNode e = intervals.get(i);
            s.length[i] = number(name, i, e, "seconds");
            s.count[i] = (long) number(name, i, e, "count");
            s.failed[i] = (long) number(name, i, e, "failed");
            s.errors[i] = (long) number(name, i, e, "errors");
            s.dropped[i] = (long) number(name, i, e, "dropped");
        }
        return s;
    }

    /**
     * Seconds of one second each from histograms (ns) and counts, as a file's {@code intervals} would give them; the
     * count of each second is its corrected histogram's.
     */
    static Seconds of(
            List<Histogram> corrected, List<Histogram> service, long[] failed, long[] errors, long[] dropped) {
        Seconds s = new Seconds(
                corrected.size(),
                Sparse.of(corrected.stream().map(Sparse::recorded).toList()),
                Sparse.of(service.stream().map(Sparse::recorded).toList()));
        for (int i = 0; i < s.size(); i++) {
            s.length[i] = 1;
            s.count[i] = corrected.get(i).getTotalCount();
            s.failed[i] = failed[i];
            s.errors[i] = errors[i];
            s.dropped[i] = dropped[i];
        }
        return s;
    }

    private static Histogram histogram(String name, int i, JsonNode e, String key) {
        JsonNode n = e.path(key);
        if (!n.isTextual()) {
            throw new IllegalArgumentException(name + ": intervals[" + i + "] has no " + key + " histogram");
        }
        try {
            return RunTag.decode(n.asText());
        } catch (IllegalArgumentException x) {
            throw new IllegalArgumentException(name + ": intervals[" + i + "]." + key + ": " + x.getMessage());
        }
    }

    private static double number(String name, int i, JsonNode e, String key) {
        JsonNode n = e.path(key);
        if (!n.isNumber() || n.asDouble() < 0) {
            throw new IllegalArgumentException(name + ": intervals[" + i + "] has no " + key + " (a number >= 0)");
        }
        return n.asDouble();
    }
}
