package dev.zapline.load.report;

import java.util.Locale;

/**
 * The summary's {@code loader} member of the JSON file: each loop's busy share and the busiest, the send lag
 * percentiles in µs (of the sends that waited for no slot, and apart those that waited), the process's CPU, the
 * verdict ({@code loader}, {@code target} or {@code neither}) with its reason, and the notes. Shares are fractions
 * (0 to 1, three decimals); a share that is not known is {@code null}.
 */
final class LoaderJson {

    private LoaderJson() {}

    /** Appends {@code "loader":{...}} for {@code l} to {@code b}. */
    static StringBuilder render(StringBuilder b, LoaderLoad l) {
        b.append("\"loader\":{\"busy\":[");
        for (int i = 0; i < l.busy().size(); i++) {
            share(b.append(i == 0 ? "" : ","), l.busy().get(i));
        }
        share(b.append("],\"busy_max\":"), l.busyMax());
        share(b.append(",\"busy_second_median\":"), l.busySecondMedian());
        lag(b.append(",\"send_lag\":"), l.sendLag());
        lag(b.append(",\"waited\":"), l.waitedLag());
        JsonReport.field(b.append(','), "cpu_s", Double.isNaN(l.cpuSeconds()) ? 0 : l.cpuSeconds());
        JsonReport.field(b.append(','), "cpu_us_per_response", l.cpuMicrosPerResponse());
        JsonReport.field(b.append(','), "verdict", l.verdict().key());
        JsonReport.field(b.append(','), "reason", l.reason());
        b.append(",\"notes\":[");
        for (int i = 0; i < l.notes().size(); i++) {
            JsonReport.quote(b.append(i == 0 ? "" : ","), l.notes().get(i));
        }
        return b.append("]}");
    }

    private static void share(StringBuilder b, double v) {
        b.append(Double.isNaN(v) ? "null" : String.format(Locale.ROOT, "%.3f", v));
    }

    private static void lag(StringBuilder b, LoaderLoad.Lag g) {
        b.append('{');
        JsonReport.field(b, "count", g.count());
        JsonReport.field(b.append(','), "p50_us", g.p50() / 1e3);
        JsonReport.field(b.append(','), "p90_us", g.p90() / 1e3);
        JsonReport.field(b.append(','), "p99_us", g.p99() / 1e3);
        JsonReport.field(b.append(','), "p999_us", g.p999() / 1e3);
        JsonReport.field(b.append(','), "max_us", g.max() / 1e3);
        b.append('}');
    }
}
