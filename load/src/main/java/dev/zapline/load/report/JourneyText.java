package dev.zapline.load.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text summary's part for a journey run, after the run-wide figures: a table of the steps (requests, the share
 * that succeeded, corrected latency percentiles, the service time's p99, failed checks) and each journey's line
 * (started, completed, failed and at which steps, unfinished, its own latency). Lines stay within 100 columns: a step
 * key longer than the column is cut with an ellipsis, and the failed-at list wraps.
 */
final class JourneyText {

    static final int WIDTH = 100;
    /** The step column's width. */
    private static final int KEY = 25;

    private JourneyText() {}

    static void render(StringBuilder b, Summary s) {
        b.append(String.format(
                Locale.ROOT,
                "Steps       %-" + (KEY - 10) + "s %9s %8s %8s %8s %8s %8s %8s %8s%n",
                "",
                "requests",
                "success",
                "p50",
                "p90",
                "p99",
                "max",
                "svc p99",
                "chk fail"));
        for (StepSummary st : s.steps()) {
            b.append(String.format(
                    Locale.ROOT,
                    "  %-" + KEY + "s %9d %8s %8s %8s %8s %8s %8s %8s%n",
                    cut(st.key(), KEY),
                    st.requests(),
                    share(st),
                    Text.micros(st.corrected().p(50)),
                    Text.micros(st.corrected().p(90)),
                    Text.micros(st.corrected().p(99)),
                    Text.micros(st.corrected().maxUs()),
                    Text.micros(st.service().p(99)),
                    st.checks().isEmpty() ? "-" : Long.toString(st.checksFailed())));
        }
        Journeys j = s.journeys();
        for (Journeys.Journey one : j.each()) {
            wrap(
                    b,
                    "Journey     " + cut(one.name(), KEY) + ":",
                    List.of(
                            one.started() + " started",
                            one.completed() + " completed",
                            one.failed() + " failed",
                            one.unfinished() + " unfinished",
                            "p50 " + micros(one.corrected(), 50),
                            "p99 " + micros(one.corrected(), 99)));
            if (one.failed() > 0) {
                wrap(b, "  failed at", failedAt(one.failedAt()));
            }
        }
        if (j.checksPassed() + j.checksFailed() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "Checks      %d passed, %d failed (%s passed)%n",
                    j.checksPassed(),
                    j.checksFailed(),
                    percent(j.checksPassed(), j.checksPassed() + j.checksFailed())));
        }
    }

    /** A percentile of {@code l}, or "-" when nothing was recorded (no journey completed). */
    private static String micros(Summary.Latency l, double percentile) {
        return l.count() == 0 ? "-" : Text.micros(l.p(percentile));
    }

    /** The share of the step's ended requests (drops aside) that succeeded, or "-" when none ended. */
    private static String share(StepSummary st) {
        long ended = 0;
        for (Map.Entry<String, Long> e : st.outcomes().entrySet()) {
            if (!e.getKey().equals("dropped")) {
                ended += e.getValue();
            }
        }
        return ended == 0 ? "-" : percent(st.success(), ended);
    }

    private static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.2f%%", 100.0 * part / whole);
    }

    /** "step n" for each step some journeys failed at. */
    private static List<String> failedAt(Map<String, Long> at) {
        List<String> out = new ArrayList<>();
        at.forEach((k, v) -> {
            if (v > 0) {
                out.add(k + " " + v);
            }
        });
        return out;
    }

    /** {@code items} after {@code head}, space-separated, wrapped within {@link #WIDTH} columns. */
    private static void wrap(StringBuilder b, String head, List<String> items) {
        StringBuilder line = new StringBuilder(head);
        boolean first = true;
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i + 1 < items.size() ? "," : "");
            if (!first && line.length() + 1 + item.length() > WIDTH) {
                b.append(line).append('\n');
                line = new StringBuilder("           ");
            }
            line.append(' ').append(item);
            first = false;
        }
        b.append(line).append('\n');
    }

    /** {@code s} cut to {@code n} characters, its end an ellipsis when cut. */
    static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "…";
    }
}
