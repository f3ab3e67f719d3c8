package dev.zapline.load.report;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The JSON file's {@code run} member, which lets {@code zapline merge} put the segments of one run back together:
 * {@code run.{id, segment, segments, start_at (RFC 3339, ms; null without --start-at), late_ms, histograms.{corrected,
 * service}}}, the histograms of the measured phase in HdrHistogram's compressed encoding, Base64, so that merging
 * them is exact.
 *
 * <p>Immutable.
 *
 * @param id shared by every segment of a run
 * @param segment 0-based
 * @param segments how many the run has
 * @param startAt the wall-clock instant of the measured phase's time 0, or null
 * @param lateNanos how long after the schedule's first intended send the connections were open (0: in time); the
 *     requests due meanwhile went out late and count from their intended times. How far this host's wall clock is
 *     from the others' is not known here (NTP's business), so it is not recorded.
 */
public record RunTag(String id, int segment, int segments, Instant startAt, long lateNanos) {

    /** The first word of {@link #hdrLogComment}. */
    public static final String HDR_LOG_COMMENT = "zapline-run";

    /** {@code "run": {...}} with {@code corrected} and {@code service} encoded. */
    public String jsonMember(Histogram corrected, Histogram service) {
        StringBuilder b = names(new StringBuilder(256).append("\"run\": "));
        b.append(",\"late_ms\":").append(Math.max(0, lateNanos) / 1_000_000);
        b.append(",\"histograms\":{\"corrected\":\"").append(encode(corrected));
        return b.append("\",\"service\":\"")
                .append(encode(service))
                .append("\"}}")
                .toString();
    }

    /**
     * The comment line ({@code #} left out) that names the run in the {@code --hdr-log} file, so that {@code zapline
     * merge} matches a log to its segment: {@value #HDR_LOG_COMMENT} and {@code {"id", "segment", "segments",
     * "start_at"}} as JSON. Readers of the log format skip comments.
     */
    public String hdrLogComment() {
        return names(new StringBuilder(HDR_LOG_COMMENT).append(' ')).append('}').toString();
    }

    /** Appends {@code {"id":…,"segment":…,"segments":…,"start_at":…} without its closing brace. */
    private StringBuilder names(StringBuilder b) {
        b.append("{\"id\":");
        JsonReport.quote(b, id).append(",\"segment\":").append(segment);
        b.append(",\"segments\":").append(segments).append(",\"start_at\":");
        return startAt == null ? b.append("null") : JsonReport.quote(b, rfc3339(startAt));
    }

    /** {@code t} to the millisecond, e.g. {@code 2026-12-01T23:50:00.000Z}. */
    public static String rfc3339(Instant t) {
        String s = t.truncatedTo(ChronoUnit.MILLIS).toString();
        return s.length() == 20 ? s.substring(0, 19) + ".000Z" : s;
    }

    /** HdrHistogram's compressed encoding of {@code h}, in Base64. */
    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] out = new byte[n];
        buf.flip();
        buf.get(out);
        return Base64.getEncoder().encodeToString(out);
    }

    /** The histogram {@link #encode} wrote. @throws IllegalArgumentException when {@code text} is not one */
    public static Histogram decode(String text) {
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}
