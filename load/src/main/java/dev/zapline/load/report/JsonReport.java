package dev.zapline.load.report;

import dev.zapline.load.control.Event;
import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.metrics.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code --json FILE}: the summary and the per-second timeline, rewritten atomically (write a sibling, then rename)
 * so a reader never sees half a file. Keys: {@code summary.{command (when known), target, protocol (when known),
 * model, scheduled, requests (= sent), sent, dropped, unconnected, rate_target, rate_achieved, drain.{seconds,
 * responses}, errors, …}} with {@code scheduled = sent + dropped + unconnected}, {@code summary.pacing.{bucket_ms,
 * buckets, within, worst_over, worst_under}} (open model, once complete), {@code summary.inflight_ceiling} and
 * {@code summary.adaptive} (open model), {@code machine.{cpu, cores, os, jdk}}, {@code latency.{corrected,
 * service}.{p50_us … p9999_us, max_us, mean_us, count, curve}} ({@code curve}: {@code [percentile, value_us]} pairs
 * on the "nines" scale), {@code timeline[]} with {@code t, rate, send_rate, p50_us, p90_us, p99_us, p999_us,
 * max_us, service.{p50_us … max_us}, outcomes.{success, failure_status, check, extract, connect, reset, timeout,
 * protocol, refused, goaway, dropped}, status.{1xx … 5xx}, errors, dropped, inflight, connections, ceiling, …} over the
 * warm-up and the
 * measured window (not the drain). For a TLS target only, {@code summary.tls.{handshakes, full, resumed, failed,
 * handshake.{count, p50_us … max_us, mean_us}, protocols, ciphers, groups, alpn, failures}}, the last five counts
 * keyed by the negotiated value (or the failure's reason). {@code summary.connect.{count, failures, p50_us, max_us,
 * p75_us … p9999_us, mean_us}}. {@code summary.loader} is the loader's own load and who set the pace
 * ({@link LoaderJson}). With a {@link RunTag}, the final file has its {@code run} member. A journey run's file has
 * {@code steps} and {@code journeys} after the timeline ({@link JourneyJson}). With
 * thresholds, the final file has their verdicts ({@link #write(Summary, String)}); a run's final file ends with its
 * measured seconds' histograms, {@code intervals} ({@link SecondsLog}, added by the {@link Reporter}). A run's
 * steering events are its top-level {@code events[]} ({@link #events}, {@link EventLines}). When known, {@code
 * summary.transport} after {@code protocol} names the event loops' I/O transport: io_uring, epoll or nio.
 */
public final class JsonReport {

    private final Path file;
    /** {@code summary.command}, or null. */
    private final String command;
    /** The timeline entries rendered so far: they never change once made, so each is rendered once. */
    private final StringBuilder timeline = new StringBuilder();

    private int rendered;
    /** The run's steering events, written with each rewrite; null for none. */
    private Supplier<List<Event>> events;

    /**
     * A writer for one run's file. Rewriting the whole file each second would cost time in proportion to the run's
     * length (a one-hour run has 3,600 timeline entries), on the loader's own CPU; this one renders only the summary
     * and the new entries each time.
     */
    public JsonReport(Path file) {
        this(file, null);
    }

    /** A writer that records {@code command} (the command line that started the run; null for none). */
    public JsonReport(Path file, String command) {
        this.file = file;
        this.command = command;
    }

    /**
     * Writes {@code events}' list as the top-level {@code events} array ({@link EventLines#jsonMember}) with every
     * rewrite, before the other members. Call before the first {@link #write}.
     */
    public JsonReport events(Supplier<List<Event>> events) {
        this.events = events;
        return this;
    }

    /** Rewrites the file from {@code s}, whose timeline extends the one of the previous call. */
    public void write(Summary s) throws IOException {
        write(s, "");
    }

    /**
     * Like {@link #write(Summary)}, with {@code members} ({@code "key": value} pairs joined by commas, or "") added at
     * the top level after the timeline: the thresholds' verdicts.
     */
    public void write(Summary s, String members) throws IOException {
        List<IntervalStats> t = s.timeline();
        if (t.size() < rendered) {
            throw new IllegalArgumentException("the timeline shrank from " + rendered + " to " + t.size() + " entries");
        }
        renderTimeline(timeline, t, rendered);
        rendered = t.size();
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        String all = events == null ? members : EventLines.withMembers(events.get(), members);
        Files.writeString(tmp, render(s, command, timeline, all), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes {@code s} to {@code file} once. */
    public static void write(Path file, Summary s) throws IOException {
        new JsonReport(file).write(s);
    }

    public static String render(Summary s) {
        return render(s, null);
    }

    /** The file's text for {@code s}, with {@code command} as {@code summary.command} (left out when null). */
    public static String render(Summary s, String command) {
        return render(s, command, "");
    }

    /** {@link #render(Summary, String)} with {@code members} at the top level, as {@link #write(Summary, String)}. */
    public static String render(Summary s, String command, String members) {
        return render(s, command, renderTimeline(new StringBuilder(), s.timeline(), 0), members);
    }

    private static String render(Summary s, String command, CharSequence timeline, String members) {
        StringBuilder b = new StringBuilder(4096 + timeline.length());
        b.append("{\n  \"summary\": {");
        if (command != null) {
            field(b, "command", command).append(',');
        }
        field(b, "target", s.target()).append(',');
        if (s.protocol() != null) {
            field(b, "protocol", s.protocol()).append(',');
        }
        if (s.transport() != null) {
            field(b, "transport", s.transport()).append(',');
        }
        field(b, "model", s.model()).append(',');
        field(b, "complete", s.complete()).append(',');
        field(b, "duration_s", s.seconds()).append(',');
        field(b, "scheduled", s.scheduled()).append(',');
        field(b, "requests", s.requests()).append(',');
        field(b, "sent", s.sent()).append(',');
        field(b, "dropped", s.dropped()).append(',');
        field(b, "unconnected", s.unconnected()).append(',');
        field(b, "rate_target", s.rateTarget()).append(',');
        field(b, "rate_achieved", s.rateAchieved()).append(',');
        b.append("\"drain\":{");
        field(b, "seconds", s.drainSeconds()).append(',');
        field(b, "responses", s.drainResponses()).append("},");
        field(b, "errors", s.errors()).append(',');
        field(b, "bytes_in", s.bytesIn()).append(',');
        field(b, "bytes_out", s.bytesOut()).append(',');
        counts(b, "outcomes", s.outcomes());
        counts(b.append(','), "statuses", s.statuses());
        b.append(",\"connect\":{");
        field(b, "count", s.connect().count()).append(',');
        field(b, "failures", s.connectFailures()).append(',');
        field(b, "p50_us", s.connect().p(50)).append(',');
        field(b, "max_us", s.connect().maxUs());
        for (int k = 1; k < Summary.KEYS.length; k++) {
            field(b.append(','), Summary.KEYS[k] + "_us", s.connect().percentilesUs()[k]);
        }
        field(b.append(','), "mean_us", s.connect().meanUs()).append('}');
        if (s.tls() != null) {
            tls(b.append(','), s.tls());
        }
        if (s.model().equals("open")) {
            field(b.append(','), "inflight_ceiling", s.inflightCeiling()).append(',');
            field(b, "adaptive", s.adaptive());
        }
        if (s.pacing() != null) {
            Pacing p = s.pacing();
            b.append(",\"pacing\":{");
            field(b, "bucket_ms", p.bucketMs()).append(',');
            field(b, "buckets", p.buckets()).append(',');
            field(b, "within", p.within()).append(',');
            field(b, "worst_over", p.worstOver()).append(',');
            field(b, "worst_under", p.worstUnder()).append('}');
        }
        if (s.loader() != null) {
            LoaderJson.render(b.append(','), s.loader());
        }
        b.append("},\n  \"machine\": {");
        Machine m = Machine.current();
        field(b, "cpu", m.cpu()).append(',');
        field(b, "cores", m.cores()).append(',');
        field(b, "os", m.os()).append(',');
        field(b, "jdk", m.jdk()).append('}');
        b.append(",\n  \"latency\": {\"corrected\":");
        latency(b, s.corrected());
        b.append(",\"service\":");
        latency(b, s.service());
        b.append("},\n  \"timeline\": [").append(timeline);
        b.append("\n  ]");
        if (s.journeys() != null) {
            JourneyJson.render(b, s);
        }
        if (!members.isEmpty()) {
            b.append(",\n  ").append(members);
        }
        return b.append("\n}\n").toString();
    }

    private static StringBuilder renderTimeline(StringBuilder b, List<IntervalStats> list, int from) {
        for (int i = from; i < list.size(); i++) {
            IntervalStats t = list.get(i);
            b.append(i == 0 ? "\n    {" : ",\n    {");
            field(b, "t", t.t()).append(',');
            field(b, "seconds", t.seconds()).append(',');
            field(b, "rate_target", t.targetRate()).append(',');
            field(b, "send_rate", t.sendRate()).append(',');
            field(b, "rate", t.rate()).append(',');
            percentiles(b, t.corrected()).append(',');
            percentiles(b.append("\"service\":{"), t.service()).append("},");
            b.append("\"outcomes\":{");
            for (Outcome o : Outcome.values()) {
                field(b.append(o.ordinal() == 0 ? "" : ","), o.key(), t.outcome(o));
            }
            b.append("},\"status\":{");
            for (int c = 1; c <= 5; c++) {
                field(b.append(c == 1 ? "" : ","), c + "xx", t.statusClasses()[c]);
            }
            b.append("},");
            field(b, "errors", t.errors()).append(',');
            field(b, "dropped", t.dropped()).append(',');
            field(b, "inflight", t.inflight()).append(',');
            field(b, "connections", t.connections()).append(',');
            field(b, "ceiling", t.ceiling()).append(',');
            field(b, "warmup", t.warmup()).append('}');
        }
        return b;
    }

    private static StringBuilder percentiles(StringBuilder b, IntervalStats.Latencies l) {
        field(b, "p50_us", l.p50Us()).append(',');
        field(b, "p90_us", l.p90Us()).append(',');
        field(b, "p99_us", l.p99Us()).append(',');
        field(b, "p999_us", l.p999Us()).append(',');
        return field(b, "max_us", l.maxUs());
    }

    private static void tls(StringBuilder b, Summary.Tls t) {
        Handshakes.Counts c = t.counts();
        b.append("\"tls\":{");
        field(b, "handshakes", t.count()).append(',');
        field(b, "full", t.full()).append(',');
        field(b, "resumed", c.resumed()).append(',');
        field(b, "failed", c.failed()).append(',');
        b.append("\"handshake\":");
        latency(b, t.handshake());
        counts(b.append(','), "protocols", c.protocols());
        counts(b.append(','), "ciphers", c.ciphers());
        counts(b.append(','), "groups", c.groups());
        counts(b.append(','), "alpn", c.alpn());
        counts(b.append(','), "failures", c.failures());
        b.append('}');
    }

    /** {@code "key":{...}}: each of {@code m}'s keys, as a string, with its count, in the map's order. */
    static void counts(StringBuilder b, String key, Map<?, Long> m) {
        b.append('"').append(key).append("\":{");
        int i = 0;
        for (Map.Entry<?, Long> e : m.entrySet()) {
            field(b.append(i++ == 0 ? "" : ","), e.getKey().toString(), e.getValue());
        }
        b.append('}');
    }

    /** {@code h} as the file's {@code latency.corrected} object has it (percentiles, max, mean, curve), for merging. */
    public static String latency(org.HdrHistogram.Histogram h) {
        StringBuilder b = new StringBuilder(2048);
        latency(b, Summary.Latency.withCurve(h));
        return b.toString();
    }

    static void latency(StringBuilder b, Summary.Latency l) {
        b.append('{');
        field(b, "count", l.count());
        for (int i = 0; i < Summary.KEYS.length; i++) {
            field(b.append(','), Summary.KEYS[i] + "_us", l.percentilesUs()[i]);
        }
        field(b.append(','), "max_us", l.maxUs());
        field(b.append(','), "mean_us", l.meanUs());
        if (l.curve().length > 0) {
            b.append(",\"curve\":[");
            for (int i = 0; i < l.curve().length; i++) {
                double[] point = l.curve()[i];
                b.append(i == 0 ? "[" : ",[").append(point[0]).append(',');
                field(b, point[1]).append(']');
            }
            b.append(']');
        }
        b.append('}');
    }

    /** Appends {@code s} as a JSON string: quoted, with quotes, backslashes and control characters escaped. */
    public static StringBuilder quote(StringBuilder b, String s) {
        b.append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"');
    }

    static StringBuilder field(StringBuilder b, String key, Object value) {
        return field(b.append('"').append(key).append("\":"), value);
    }

    private static StringBuilder field(StringBuilder b, Object value) {
        if (value instanceof String s) {
            return quote(b, s);
        }
        if (value instanceof Double d) {
            return b.append(Double.isFinite(d) ? String.format(Locale.ROOT, "%.3f", d) : "0");
        }
        return b.append(value);
    }
}
