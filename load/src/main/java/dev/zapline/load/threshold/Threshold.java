package dev.zapline.load.threshold;

import java.math.BigDecimal;

/**
 * One pass/fail condition on a run's figures, such as {@code p99<5ms}, {@code error_rate<0.1%} or
 * {@code status_5xx==0}: a metric, a comparison and a limit. Immutable and thread-safe.
 *
 * {@snippet class=dev.zapline.load.snippets.LoadSnippets region=threshold}
 *
 * <p>The grammar is {@code METRIC OP VALUE [UNIT]}, spaces allowed between the parts; docs/load.md, "Thresholds",
 * has it in full with every metric.
 */
public final class Threshold {

    private final String expression;
    private final Metric metric;
    private final Op op;
    private final double limit;
    private final String canonical;
    /** The unit the expression gave ({@code ms}, {@code %}, ...), "" for none: verdicts show the actual in it. */
    private final String shownUnit;

    Threshold(String expression, Metric metric, Op op, BigDecimal limit, String shownUnit) {
        this.expression = expression;
        this.metric = metric;
        this.op = op;
        this.limit = limit.doubleValue();
        this.shownUnit = shownUnit;
        this.canonical = metric.name()
                + op.symbol()
                + limit.stripTrailingZeros().toPlainString()
                + (metric.kind() == Metric.Kind.LATENCY ? "us" : "");
    }

    /**
     * Parses {@code expression}.
     *
     * @throws IllegalArgumentException naming the expression, the 1-based column of the mistake and what was
     *     expected there, e.g. {@code threshold 'p99<5mss': column 6: unknown unit 'mss' (expected ns, us, µs, ms or
     *     s)}
     */
    public static Threshold parse(String expression) {
        return new ThresholdParser(expression).parse();
    }

    /** The expression as given. */
    public String expression() {
        return expression;
    }

    /** The metric's canonical name: {@code corrected.p99} for {@code p99}, {@code rate_of_target} for a rate in %. */
    public String metric() {
        return metric.name();
    }

    public Op op() {
        return op;
    }

    /** The limit in {@link #unit()}: microseconds for a latency, a fraction for {@code %}. */
    public double limit() {
        return limit;
    }

    /** The unit of the limit and of the actual value: {@code us}, {@code fraction}, {@code req/s} or {@code count}. */
    public String unit() {
        return metric.kind().unit();
    }

    /** The step a step threshold selects ({@code login} of {@code p99{step=login}<50ms}), or null. */
    public String step() {
        String n = metric.name();
        int at = n.indexOf("{step=");
        return at < 0 ? null : n.substring(at + 6, n.length() - 1);
    }

    /**
     * Whether the metric is the achieved rate against the schedule's ({@code rate>=99%}), which only an open-model run
     * has.
     */
    public boolean needsTargetRate() {
        return metric.name().equals("rate_of_target");
    }

    /**
     * The threshold in a normal form that parses to the same threshold: canonical metric, no spaces, the limit in the
     * unit of {@link #unit()} ({@code corrected.p99<5000us}, {@code error_rate<0.001}).
     */
    public String canonical() {
        return canonical;
    }

    /** Judges {@code facts}: failed, with a reason, when they lack the metric. */
    public Verdict evaluate(Facts facts) {
        Metric.Reading r = metric.reader().apply(facts);
        if (r.reason() != null) {
            return new Verdict(
                    expression, metric.name(), op.symbol(), limit, null, unit(), shownUnit, false, r.reason());
        }
        return new Verdict(
                expression,
                metric.name(),
                op.symbol(),
                limit,
                r.value(),
                unit(),
                shownUnit,
                op.holds(r.value(), limit),
                null);
    }

    /**
     * Whether this threshold, failing on data so far with {@code actual}, can no longer pass however the run goes on.
     * A count only grows: one that exceeds a {@code <} or {@code <=} limit (or an {@code ==} one) stays failed; one
     * below a {@code >}, {@code >=} or {@code ==} limit may still reach it, and {@code !=} may go either way.
     * Percentiles and rates are judged on the data so far, as k6 does: they count as decided.
     */
    boolean decidedBy(double actual) {
        if (metric.kind() != Metric.Kind.COUNT) {
            return true;
        }
        return switch (op) {
            case LT, LE -> true;
            case EQ -> actual > limit;
            case GT, GE, NE -> false;
        };
    }

    @Override
    public String toString() {
        return canonical;
    }
}
