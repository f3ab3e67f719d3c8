package dev.zapline.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.zapline.load.report.RunTag;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/** Segment result files made for merge's tests: what zapline load writes, as far as merge and report read it. */
final class SegmentFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The instant every file here is anchored on. */
    static final String START_AT = "2026-12-01T23:50:00Z";

    private SegmentFiles() {}

    static Path write(Path dir, String name, ObjectNode doc) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, JSON.writeValueAsString(doc));
        return p;
    }

    /** A segment's file as zapline load writes it, as far as merge and report read it; {@code count} successes. */
    static ObjectNode doc(String id, int segment, int segments, long count, Histogram c, Histogram s) throws Exception {
        long first = count / 2;
        String text = """
                {"summary":{"target":"http://127.0.0.1:1/x","model":"open","complete":true,"duration_s":1.0,
                "scheduled":%1$d,"requests":%1$d,"sent":%1$d,"dropped":0,"unconnected":0,"rate_target":%1$d.0,
                "rate_achieved":%1$d.0,"drain":{"seconds":0.01,"responses":0},"errors":0,"bytes_in":0,"bytes_out":0,
                "outcomes":{"success":%1$d,"timeout":0,"failure_status":0},"statuses":{"200":%1$d},
                "connect":{"count":1,"failures":0,"p50_us":100.0,"max_us":100.0,"mean_us":100.0}},
                "latency":{"corrected":{"count":0},"service":{"count":0}},
                "timeline":[
                {"t":0.5,"seconds":0.5,"rate_target":1,"send_rate":1,"rate":1,"p50_us":1,"p90_us":1,"p99_us":1,
                "p999_us":1,"max_us":%2$d,"service":{"p50_us":1,"p90_us":1,"p99_us":1,"p999_us":1,"max_us":1},
                "outcomes":{"success":%2$d},"status":{"2xx":%2$d},"errors":0,"dropped":0,"inflight":0,
                "connections":1,"ceiling":0,"warmup":false},
                {"t":1.0,"seconds":0.5,"rate_target":1,"send_rate":1,"rate":1,"p50_us":1,"p90_us":1,"p99_us":1,
                "p999_us":1,"max_us":1,"service":{"p50_us":1,"p90_us":1,"p99_us":1,"p999_us":1,"max_us":1},
                "outcomes":{"success":%3$d},"status":{"2xx":%3$d},"errors":0,"dropped":0,"inflight":0,
                "connections":1,"ceiling":0,"warmup":false}
                ]}
                """.formatted(count, first, count - first);
        ObjectNode doc = (ObjectNode) JSON.readTree(text);
        String run = new RunTag(id, segment, segments, java.time.Instant.parse(START_AT), 0).jsonMember(c, s);
        doc.setAll((ObjectNode) JSON.readTree("{" + run + "}"));
        return doc;
    }

    /**
     * A segment's {@code --hdr-log} as zapline load writes it: the run's comment, then for each {@code [from, to)} of
     * {@code ends} (from 0) the corrected interval (untagged) and the service interval.
     */
    static Path hdrLog(Path dir, String name, RunTag tag, double[] ends, Histogram[] corrected, Histogram[] service)
            throws Exception {
        Path p = dir.resolve(name);
        try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(p), false, "US-ASCII")) {
            org.HdrHistogram.HistogramLogWriter w = new org.HdrHistogram.HistogramLogWriter(out);
            w.outputComment("made by a test");
            w.outputComment(tag.hdrLogComment());
            w.outputLogFormatVersion();
            w.outputStartTime(java.time.Instant.parse(START_AT).toEpochMilli());
            w.outputLegend();
            double from = 0;
            for (int i = 0; i < ends.length; i++) {
                corrected[i].setTag(null);
                w.outputIntervalHistogram(from, ends[i], corrected[i], 1e6);
                service[i].setTag("service");
                w.outputIntervalHistogram(from, ends[i], service[i], 1e6);
                from = ends[i];
            }
        }
        return p;
    }
}
