package dev.zapline.load.report;

/**
 * The JSON file's members of a journey run, after its timeline: {@code steps[]} with {@code key, journey, requests,
 * errors, outcomes.{…}, statuses.{…}, checks[].{check, passed, failed}, latency.{corrected, service}.{count, p50_us …
 * p9999_us, max_us, mean_us, curve}, histograms.{corrected, service}}, and {@code journeys.{started, completed,
 * failed, unfinished, checks.{passed, failed}, each.NAME.{started, completed, failed, failed_at.STEP, unfinished,
 * latency.{corrected, service}, histograms.{corrected, service}}}}. The histograms are HdrHistogram's compressed
 * encoding in Base64, as the {@code run} member's, so that {@code zapline merge} adds them exactly; docs/load.md has
 * every key.
 */
final class JourneyJson {

    private JourneyJson() {}

    /** Appends {@code ,"steps":[…],"journeys":{…}} of {@code s}, which has journeys. */
    static void render(StringBuilder b, Summary s) {
        b.append(",\n  \"steps\": [");
        for (int i = 0; i < s.steps().size(); i++) {
            StepSummary st = s.steps().get(i);
            b.append(i == 0 ? "\n    {" : ",\n    {");
            JsonReport.field(b, "key", st.key()).append(',');
            JsonReport.field(b, "journey", st.journey()).append(',');
            JsonReport.field(b, "requests", st.requests()).append(',');
            JsonReport.field(b, "errors", st.errors()).append(',');
            JsonReport.counts(b, "outcomes", st.outcomes());
            JsonReport.counts(b.append(','), "statuses", st.statuses());
            b.append(",\"checks\":[");
            for (int c = 0; c < st.checks().size(); c++) {
                StepSummary.CheckCount k = st.checks().get(c);
                b.append(c == 0 ? "{" : ",{");
                JsonReport.field(b, "check", k.check()).append(',');
                JsonReport.field(b, "passed", k.passed()).append(',');
                JsonReport.field(b, "failed", k.failed()).append('}');
            }
            b.append("],");
            latencies(b, st.corrected(), st.service(), st.histograms());
            b.append('}');
        }
        b.append("\n  ],\n  \"journeys\": {");
        Journeys j = s.journeys();
        JsonReport.field(b, "started", j.started()).append(',');
        JsonReport.field(b, "completed", j.completed()).append(',');
        JsonReport.field(b, "failed", j.failed()).append(',');
        JsonReport.field(b, "unfinished", j.unfinished()).append(',');
        b.append("\"checks\":{");
        JsonReport.field(b, "passed", j.checksPassed()).append(',');
        JsonReport.field(b, "failed", j.checksFailed()).append("},\"each\":{");
        for (int i = 0; i < j.each().size(); i++) {
            Journeys.Journey one = j.each().get(i);
            JsonReport.quote(b.append(i == 0 ? "\n    " : ",\n    "), one.name())
                    .append(":{");
            JsonReport.field(b, "started", one.started()).append(',');
            JsonReport.field(b, "completed", one.completed()).append(',');
            JsonReport.field(b, "failed", one.failed()).append(',');
            JsonReport.counts(b, "failed_at", one.failedAt());
            JsonReport.field(b.append(','), "unfinished", one.unfinished()).append(',');
            latencies(b, one.corrected(), one.service(), one.histograms());
            b.append('}');
        }
        b.append("\n  }}");
    }

    /** {@code "latency":{"corrected":…,"service":…},"histograms":{"corrected":"…","service":"…"}}. */
    private static void latencies(
            StringBuilder b, Summary.Latency corrected, Summary.Latency service, StepSummary.Histograms h) {
        b.append("\"latency\":{\"corrected\":");
        JsonReport.latency(b, corrected);
        b.append(",\"service\":");
        JsonReport.latency(b, service);
        b.append("},\"histograms\":{");
        JsonReport.field(b, "corrected", h.corrected()).append(',');
        JsonReport.field(b, "service", h.service()).append('}');
    }
}
