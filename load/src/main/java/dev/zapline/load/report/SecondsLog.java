package dev.zapline.load.report;

import dev.zapline.load.metrics.HistogramPair;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The JSON file's {@code intervals} member, for {@code zapline diff}: one entry per second of the measured window
 * (the timeline's measured entries; neither the warm-up nor the drain) with {@code t} (its end, seconds since the
 * measured phase started), {@code seconds}, {@code count} (responses of measured requests: the histograms' count),
 * {@code failed} (of those, responses that were not a success: a status outside {@code --expect-status}, a failed
 * check or extraction), {@code errors} (connect, reset, timeout, protocol, refused, goaway), {@code dropped}, and the
 * second's {@code corrected} and {@code service} histograms (ns) in HdrHistogram's compressed encoding, Base64, as
 * the {@code --hdr-log} lines carry them.
 *
 * <p>Each second is encoded once, when it closes, and kept as its compressed bytes (a few hundred bytes to a few
 * kilobytes: a one-hour run keeps 3,600 pairs); the member is rendered only for the file's final version, so the
 * per-second rewrite of the file does not grow with it. Not thread-safe: the reporting thread's.
 */
public final class SecondsLog {

    private final List<Entry> entries = new ArrayList<>();
    /** The encoder's scratch buffer, grown as needed and reused. */
    private ByteBuffer scratch = ByteBuffer.allocate(1024);
    /**
     * Measured requests that ended in a warm-up interval, for the next second (corrected, service); null until there
     * are some.
     */
    private Histogram[] carried;

    private record Entry(
            double t,
            double seconds,
            long count,
            long failed,
            long errors,
            long dropped,
            byte[] corrected,
            byte[] service) {}

    /**
     * Follows the timeline entry {@code s} (warm-up or measured; not the drain), whose measured requests' histograms
     * are {@code measured}: a measured second is kept; the measured requests that ended in a warm-up interval (the one
     * that closes the warm-up is swapped a moment after the measured phase starts) are carried into the next second.
     */
    public void add(IntervalStats s, HistogramPair measured) {
        Histogram c = measured.corrected();
        Histogram v = measured.service();
        if (s.warmup() || s.seconds() <= 0) {
            if (c.getTotalCount() > 0 || v.getTotalCount() > 0) {
                if (carried == null) {
                    carried = new Histogram[] {LoopRecorder.newHistogram(), LoopRecorder.newHistogram()};
                }
                carried[0].add(c);
                carried[1].add(v);
            }
            return;
        }
        boolean carry = carried != null && carried[0].getTotalCount() + carried[1].getTotalCount() > 0;
        if (carry) {
            carried[0].add(c);
            carried[1].add(v);
            c = carried[0];
            v = carried[1];
        }
        long failed =
                s.outcome(Outcome.FAILURE_STATUS) + s.outcome(Outcome.CHECK_FAILED) + s.outcome(Outcome.EXTRACT_FAILED);
        entries.add(new Entry(
                s.t(), s.seconds(), c.getTotalCount(), failed, s.errors(), s.dropped(), encode(c), encode(v)));
        if (carry) {
            carried[0].reset();
            carried[1].reset();
        }
    }

    /** How many seconds it holds. */
    public int size() {
        return entries.size();
    }

    /** The compressed bytes it holds (both histograms of every second), to size the member. */
    public long bytes() {
        long n = 0;
        for (Entry e : entries) {
            n += e.corrected.length + e.service.length;
        }
        return n;
    }

    /** {@code members} (top-level {@code "key": value} pairs, or "") with {@link #jsonMember()} added last. */
    public String appendTo(String members) {
        return members.isEmpty() ? jsonMember() : members + ",\n  " + jsonMember();
    }

    /** {@code "intervals": [...]}, one line per second. */
    public String jsonMember() {
        StringBuilder b =
                new StringBuilder((int) Math.min(Integer.MAX_VALUE / 2, 64 + bytes() * 4 / 3 + 160L * size()));
        b.append("\"intervals\": [");
        Base64.Encoder base64 = Base64.getEncoder();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            b.append(i == 0 ? "\n    {" : ",\n    {");
            JsonReport.field(b, "t", e.t).append(',');
            JsonReport.field(b, "seconds", e.seconds).append(',');
            JsonReport.field(b, "count", e.count).append(',');
            JsonReport.field(b, "failed", e.failed).append(',');
            JsonReport.field(b, "errors", e.errors).append(',');
            JsonReport.field(b, "dropped", e.dropped).append(',');
            b.append("\"corrected\":\"").append(base64.encodeToString(e.corrected));
            b.append("\",\"service\":\"")
                    .append(base64.encodeToString(e.service))
                    .append("\"}");
        }
        return b.append("\n  ]").toString();
    }

    private byte[] encode(Histogram h) {
        int need = h.getNeededByteBufferCapacity();
        if (scratch.capacity() < need) {
            scratch = ByteBuffer.allocate(need);
        }
        scratch.clear();
        byte[] out = new byte[h.encodeIntoCompressedByteBuffer(scratch)];
        scratch.get(0, out);
        return out;
    }
}
