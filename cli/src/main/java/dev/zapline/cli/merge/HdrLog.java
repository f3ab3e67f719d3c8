package dev.zapline.cli.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.report.RunTag;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One {@code zapline load --hdr-log} file read back: the run it names (its {@code #zapline-run} comment, {@link
 * RunTag#hdrLogComment}) and its interval histograms, the measured phase's seconds as the timeline cuts them, each
 * twice: corrected latency (untagged) and service time ({@code Tag=service}), in nanoseconds. Timestamps are seconds
 * from the measured phase's time 0, so the logs of one run's segments (one {@code --start-at}) share them.
 *
 * <p>The line format is HdrHistogram's interval log (version 1.3): {@code [Tag=T,]start,length,max,BASE64} where
 * BASE64 is a compressed histogram; {@code #} lines are comments and the quoted line is the legend.
 *
 * <p>Immutable.
 *
 * @param name the file, for messages
 * @param run the {@code #zapline-run} member ({@code id, segment, segments, start_at}), or null when the log has none
 * @param intervals in file order
 */
public record HdrLog(String name, JsonNode run, List<Interval> intervals) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MARK = "#" + RunTag.HDR_LOG_COMMENT + " ";

    /**
     * One interval histogram.
     *
     * @param start seconds from the measured phase's time 0
     * @param end seconds from the measured phase's time 0
     * @param service true for service time, false for corrected latency
     * @param histogram the interval's values, ns
     */
    public record Interval(double start, double end, boolean service, Histogram histogram) {

        /** Its start and end to the millisecond. */
        Span span() {
            return new Span(Math.round(start * 1000), Math.round(end * 1000));
        }
    }

    /**
     * Where an interval lies, in milliseconds from the measured phase's time 0: a timeline entry's is {@code [t -
     * seconds, t]}. Both ends, because the end alone is ambiguous: a drain shorter than the log's millisecond starts
     * and ends where the window's last second ends, and must not be added into it. Ordered by end, then start.
     *
     * @param startMillis the start
     * @param endMillis the end
     */
    public record Span(long startMillis, long endMillis) implements Comparable<Span> {

        /** The span of a timeline entry ({@code t} and {@code seconds}, in seconds). */
        static Span ofEntry(double t, double seconds) {
            return new Span(Math.round((t - seconds) * 1000), Math.round(t * 1000));
        }

        @Override
        public int compareTo(Span o) {
            int c = Long.compare(endMillis, o.endMillis);
            return c != 0 ? c : Long.compare(startMillis, o.startMillis);
        }
    }

    /** Reads {@code file}. @throws IllegalArgumentException naming the file and line when it is not such a log */
    public static HdrLog read(Path file) throws IOException {
        String name = file.toString();
        JsonNode run = null;
        List<Interval> intervals = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith(MARK)) {
                run = JSON.readTree(line.substring(MARK.length()));
            } else if (!line.isEmpty() && !line.startsWith("#") && !line.startsWith("\"")) {
                try {
                    intervals.add(interval(line));
                } catch (RuntimeException | DataFormatException e) {
                    throw new IllegalArgumentException(
                            name + ":" + (i + 1) + ": not an HdrHistogram interval line: " + e.getMessage(), e);
                }
            }
        }
        return new HdrLog(name, run, List.copyOf(intervals));
    }

    private static Interval interval(String line) throws DataFormatException {
        boolean service = false;
        String rest = line;
        if (rest.startsWith("Tag=")) {
            int comma = rest.indexOf(',');
            service = rest.substring(4, comma).equals("service");
            rest = rest.substring(comma + 1);
        }
        String[] f = rest.split(",", 4);
        if (f.length != 4) {
            throw new IllegalArgumentException("4 fields expected, " + f.length + " found");
        }
        double start = Double.parseDouble(f[0]);
        double end = start + Double.parseDouble(f[1]);
        byte[] bytes = Base64.getDecoder().decode(f[3].trim());
        Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        return new Interval(start, end, service, h);
    }

    /**
     * The logs' intervals added per second: for each {@link Span} (ascending), the sum of the corrected intervals
     * there and the sum of the service intervals; either is null when no log has one.
     */
    public static TreeMap<Span, Interval[]> added(List<HdrLog> logs) {
        TreeMap<Span, Interval[]> bySpan = new TreeMap<>();
        for (HdrLog log : logs) {
            for (Interval i : log.intervals()) {
                Interval[] pair = bySpan.computeIfAbsent(i.span(), k -> new Interval[2]);
                int k = i.service() ? 1 : 0;
                if (pair[k] == null) {
                    pair[k] = new Interval(
                            i.start(), i.end(), i.service(), i.histogram().copy());
                } else {
                    pair[k].histogram().add(i.histogram());
                }
            }
        }
        return bySpan;
    }

    /** The segment it names, or -1 without a {@code #zapline-run} comment. */
    int segment() {
        return run == null ? -1 : run.path("segment").asInt();
    }

    /**
     * Writes {@code intervals} ({@link #added}) as an interval log any HdrHistogram log reader takes, with {@code
     * title} and {@code run} (its {@code id, segments, start_at}) as its comments; the run's {@code start_at} is the
     * log's start and base time, so readers place the intervals on the wall clock.
     */
    public static void write(Path file, String title, JsonNode run, TreeMap<Span, Interval[]> intervals)
            throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.US_ASCII)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment(title);
            w.outputComment(RunTag.HDR_LOG_COMMENT + " " + run);
            w.outputLogFormatVersion();
            if (run.path("start_at").isTextual()) {
                long t0 = Instant.parse(run.path("start_at").asText()).toEpochMilli();
                w.outputStartTime(t0);
                w.outputBaseTime(t0);
            }
            w.outputLegend();
            for (Interval[] pair : intervals.values()) {
                for (Interval i : pair) {
                    if (i != null) {
                        i.histogram().setTag(i.service() ? "service" : null);
                        w.outputIntervalHistogram(i.start(), i.end(), i.histogram(), 1e6);
                    }
                }
            }
        }
    }
}
