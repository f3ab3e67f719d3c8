package dev.zapline.transport.metrics;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes the Prometheus text exposition format, version 0.0.4: per metric family one {@code # HELP} and one
 * {@code # TYPE} line, then its samples, each {@code name{label="value",...} value}. Label values are escaped
 * (backslash, double quote, line feed), help text likewise (backslash, line feed). A family may be declared only
 * once per exposition, and samples belong to the family declared last, so the output cannot repeat a family or
 * interleave two.
 *
 * {@snippet class=dev.zapline.transport.snippets.MetricsSnippets region=exposition}
 *
 * <p>Labels are given as name, value pairs. Allocates freely: it runs on the scrape thread, never on a request
 * path. Not thread-safe: one exposition per scrape.
 */
public final class Exposition {

    /** The {@code Content-Type} of the text format 0.0.4. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    /** The metric types of the text format. */
    public enum Type {
        COUNTER,
        GAUGE,
        HISTOGRAM,
        SUMMARY,
        UNTYPED;

        String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final StringBuilder out = new StringBuilder(8192);
    private final Set<String> declared = new HashSet<>();
    private String family;
    private Type type;

    /**
     * Starts metric family {@code name}: writes its HELP and TYPE lines.
     *
     * @throws IllegalArgumentException for a name that is not a metric name, or a counter not ending in
     *     {@code _total}
     * @throws IllegalStateException when the family was already declared in this exposition
     */
    public Exposition family(String name, Type type, String help) {
        if (!METRIC_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + name + "' is not a metric name ([a-zA-Z_:][a-zA-Z0-9_:]*)");
        }
        if (type == Type.COUNTER && !name.endsWith("_total")) {
            throw new IllegalArgumentException("counter '" + name + "' must end in _total");
        }
        if (!declared.add(name)) {
            throw new IllegalStateException("metric family " + name + " declared twice");
        }
        family = name;
        this.type = type;
        out.append("# HELP ").append(name).append(' ');
        escape(help, false);
        out.append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type.word()).append('\n');
        return this;
    }

    /** A sample of the current (counter, gauge or untyped) family. */
    public Exposition sample(double value, String... labels) {
        if (type == Type.HISTOGRAM || type == Type.SUMMARY) {
            throw new IllegalStateException(
                    family + " is a " + type.word() + ": write it with histogram() or quantile()");
        }
        return line("", value, null, null, labels);
    }

    /**
     * One quantile of the current summary family: the sample with {@code quantile="q"} after {@code labels}. A
     * summary's {@code _sum} and {@code _count}, when it has them, are written with {@link #summaryTotals}.
     */
    public Exposition quantile(double q, double value, String... labels) {
        if (type != Type.SUMMARY) {
            throw new IllegalStateException(family + " is not a summary");
        }
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile " + q + " is not in 0..1");
        }
        return line("", value, "quantile", number(q), labels);
    }

    /** The {@code _sum} and {@code _count} of one labelled summary of the current family. */
    public Exposition summaryTotals(double sum, long count, String... labels) {
        if (type != Type.SUMMARY) {
            throw new IllegalStateException(family + " is not a summary");
        }
        line("_sum", sum, null, null, labels);
        return line("_count", count, null, null, labels);
    }

    /**
     * One labelled histogram of the current family: a {@code _bucket} line per upper bound with its cumulative
     * count, the {@code +Inf} bucket ({@code cumulative[bounds.length]}, which is also {@code _count}), and
     * {@code _sum}.
     *
     * @param bounds upper bounds, ascending
     * @param cumulative observations at or below each bound, then the total; {@code bounds.length + 1} counts,
     *     non-decreasing
     * @param sum the sum of the observed values
     */
    public Exposition histogram(double[] bounds, long[] cumulative, double sum, String... labels) {
        if (type != Type.HISTOGRAM) {
            throw new IllegalStateException(family + " is not a histogram");
        }
        if (cumulative.length != bounds.length + 1) {
            throw new IllegalArgumentException(
                    cumulative.length + " counts for " + bounds.length + " bounds: need bounds + 1 (+Inf)");
        }
        for (int i = 0; i < bounds.length; i++) {
            if (i > 0 && !(bounds[i] > bounds[i - 1])) {
                throw new IllegalArgumentException(
                        "bounds not ascending at " + i + ": " + bounds[i - 1] + ", " + bounds[i]);
            }
        }
        for (int i = 1; i < cumulative.length; i++) {
            if (cumulative[i] < cumulative[i - 1]) {
                throw new IllegalArgumentException(
                        "cumulative counts decrease at " + i + ": " + cumulative[i - 1] + ", " + cumulative[i]);
            }
        }
        for (int i = 0; i < bounds.length; i++) {
            line("_bucket", cumulative[i], "le", number(bounds[i]), labels);
        }
        long count = cumulative[bounds.length];
        line("_bucket", count, "le", "+Inf", labels);
        line("_sum", sum, null, null, labels);
        line("_count", count, null, null, labels);
        return this;
    }

    private Exposition line(String suffix, double value, String extraName, String extraValue, String[] labels) {
        if (family == null) {
            throw new IllegalStateException("no metric family declared");
        }
        if (labels.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name, value pairs; got " + labels.length + " strings");
        }
        for (int i = 0; i < labels.length; i += 2) {
            checkLabel(labels[i]);
        }
        out.append(family).append(suffix);
        if (labels.length > 0 || extraName != null) {
            out.append('{');
            String sep = "";
            for (int i = 0; i < labels.length; i += 2) {
                out.append(sep);
                label(labels[i], labels[i + 1]);
                sep = ",";
            }
            if (extraName != null) {
                out.append(sep);
                label(extraName, extraValue);
            }
            out.append('}');
        }
        out.append(' ').append(number(value)).append('\n');
        return this;
    }

    private static void checkLabel(String name) {
        if (!LABEL_NAME.matcher(name).matches() || name.startsWith("__")) {
            throw new IllegalArgumentException("'" + name + "' is not a label name ([a-zA-Z_][a-zA-Z0-9_]*, no __)");
        }
    }

    private void label(String name, String value) {
        out.append(name).append("=\"");
        escape(value, true);
        out.append('"');
    }

    /** Appends {@code s} escaped: backslash and line feed always, the double quote in label values. */
    private void escape(String s, boolean quote) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '"' -> out.append(quote ? "\\\"" : "\"");
                default -> out.append(c);
            }
        }
    }

    /**
     * A value as the format reads it (Go's float syntax): integers without a fraction, {@code +Inf}, {@code -Inf},
     * {@code NaN}, other values in their shortest decimal form without an exponent ({@code 0.00005}), so bucket
     * bounds read as people write them.
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 0x1p53) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** The exposition written so far. */
    @Override
    public String toString() {
        return out.toString();
    }
}
