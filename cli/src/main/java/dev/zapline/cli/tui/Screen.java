package dev.zapline.cli.tui;

import dev.zapline.load.control.Event;
import dev.zapline.load.metrics.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders one frame of the dashboard from a {@link DashModel} for a terminal of a given size: exactly {@code height}
 * lines, none longer than {@code width} (trailing spaces dropped). Top to bottom: the target and phase; rates, in
 * flight and connections; elapsed and remaining time with a progress bar; four sparklines of the last minute
 * (corrected and service p50 and p99); the last interval's latency histogram; outcomes; a journey run's steps; the
 * events; the help line, always last. Made for 80x24 and up; on a smaller screen sections are cut from the bottom
 * (the help line stays) and lines are cut at the right edge. Pure: no terminal, no clock.
 */
final class Screen {

    /** The most seconds a sparkline shows. */
    static final int MINUTE = 60;

    /** The histogram's bars are this many rows high at most, and at least {@link #MIN_BAR_ROWS}. */
    private static final int MAX_BAR_ROWS = 8;

    private static final int MIN_BAR_ROWS = 2;

    /** Columns per histogram bucket: a bar of {@link #BAR} characters and a space. */
    private static final int COLUMN = 6;

    private static final int BAR = 5;

    /** The progress bar's widest. */
    private static final int PROGRESS = 40;

    private Screen() {}

    /** The frame for {@code m} on a {@code width} x {@code height} screen. */
    static List<String> render(DashModel m, int width, int height) {
        List<String> out = new ArrayList<>();
        if (height <= 0) {
            return out;
        }
        int w = Math.max(0, width);
        out.add(title(m, w));
        out.add(rates(m));
        out.add(time(m, w));
        out.add("");
        out.add("latency per second, last minute; each chart from 0 to the figure at its left");
        int spark = Math.max(0, Math.min(MINUTE, w - 18));
        out.add(chart("corr p50", m.p50(), spark));
        out.add(chart("corr p99", m.p99(), spark));
        out.add(chart("svc p50", m.serviceP50(), spark));
        out.add(chart("svc p99", m.serviceP99(), spark));
        out.add("");
        List<String> steps = steps(m, w);
        int rest = height - 1 - out.size();
        // histogram title + bars + labels, blank, outcomes, steps, and at least an events title and two events
        int rows = Math.max(MIN_BAR_ROWS, Math.min(MAX_BAR_ROWS, rest - 2 - 2 - steps.size() - 3));
        histogram(m, w, rows, out);
        out.add("");
        out.add(outcomes(m));
        out.addAll(steps);
        events(m, height - 1 - out.size(), out);
        List<String> frame = new ArrayList<>(height);
        for (int i = 0; i < height - 1 && i < out.size(); i++) {
            frame.add(cut(out.get(i), w));
        }
        while (frame.size() < height - 1) {
            frame.add("");
        }
        frame.add(cut(m.help(), w));
        return frame;
    }

    private static String title(DashModel m, int w) {
        String right = m.paused()
                ? "PAUSED " + Units.seconds(m.pausedSeconds())
                : m.stopping() && !m.phase().equals("done") ? "stopping" : m.phase();
        String left = "zapline load  " + m.target();
        int room = w - right.length() - 2;
        if (room < 8) {
            return right;
        }
        left = cut(left, room);
        return left + " ".repeat(w - left.length() - right.length()) + right;
    }

    private static String rates(DashModel m) {
        String target = m.open() ? "target " + Units.count(m.targetRate()) + " " + m.unit() + "   " : "";
        String requests = m.unit().equals("req/s") ? "" : " (" + Units.count(m.requestRate()) + " req/s)";
        return "rate  " + target + "achieved " + Units.count(m.rate()) + " " + m.unit() + requests + "   in flight "
                + m.inflight() + "   connections " + m.connections();
    }

    private static String time(DashModel m, int w) {
        double total = m.total();
        double fraction = total > 0 ? Math.max(0, Math.min(1, m.elapsed() / total)) : 0;
        double left = Math.max(0, total - m.elapsed());
        String head = "time  " + Units.seconds(m.elapsed()) + " / " + Units.seconds(total) + "  ";
        String tail = String.format(Locale.ROOT, " %3.0f%%  %s left", fraction * 100, Units.seconds(left))
                + (m.pausedSeconds() > 0 ? "   paused " + Units.seconds(m.pausedSeconds()) : "");
        int bar = Math.max(0, Math.min(PROGRESS, w - head.length() - tail.length() - 2));
        int filled = (int) Math.floor(fraction * bar);
        return head + "[" + "█".repeat(filled) + "░".repeat(bar - filled) + "]" + tail;
    }

    private static String chart(String label, double[] values, int width) {
        double max = Charts.max(values);
        return String.format(Locale.ROOT, "%-9s%8s ", label, Units.micros(max)) + Charts.sparkline(values, width, max);
    }

    private static void histogram(DashModel m, int w, int rows, List<String> out) {
        long[] b = m.buckets();
        long total = 0;
        long max = 0;
        int first = -1;
        for (int i = 0; i < b.length; i++) {
            total += b[i];
            max = Math.max(max, b[i]);
            if (first < 0 && b[i] > 0) {
                first = i;
            }
        }
        int columns = Math.max(1, Math.min(b.length, w / COLUMN));
        int start = Math.max(0, Math.min(Math.max(first, 0), b.length - columns));
        out.add(
                total == 0
                        ? "latency histogram, last interval: no responses"
                        : "latency histogram, last interval, corrected: " + Units.count(total) + " responses");
        for (int r = 0; r < rows; r++) {
            StringBuilder line = new StringBuilder();
            for (int i = start; i < start + columns; i++) {
                line.append(String.valueOf(Charts.barCell(b[i], max, rows, r)).repeat(BAR))
                        .append(' ');
            }
            out.add(line.toString());
        }
        StringBuilder labels = new StringBuilder();
        for (int i = start; i < start + columns; i++) {
            labels.append(String.format(Locale.ROOT, "%-" + COLUMN + "s", Buckets.LABELS[i]));
        }
        out.add(labels.toString());
    }

    /** The outcomes line; only the ones that failed with {@link DashModel#failuresOnly()}. */
    static String outcomes(DashModel m) {
        long[] o = m.outcomes();
        boolean all = !m.failuresOnly();
        StringBuilder b = new StringBuilder();
        if (all) {
            b.append("   success ").append(o[Outcome.SUCCESS.ordinal()]);
        }
        boolean anyError = false;
        for (Outcome k : Outcome.values()) {
            long n = o[k.ordinal()];
            anyError |= k.isError() && n > 0;
            boolean always = all && (k == Outcome.FAILURE_STATUS || k == Outcome.DROPPED);
            if (k != Outcome.SUCCESS && (n > 0 || always)) {
                b.append("   ").append(outcomeName(k)).append(' ').append(n);
            }
            if (k == Outcome.GOAWAY && all && !anyError) {
                b.append("   errors 0");
            }
        }
        return b.isEmpty() ? "outcomes   no failures so far" : "outcomes" + b;
    }

    private static String outcomeName(Outcome k) {
        return switch (k) {
            case FAILURE_STATUS -> "failure status";
            case CHECK_FAILED -> "check failed";
            case EXTRACT_FAILED -> "extract failed";
            case CONNECT_ERROR -> "connect error";
            case PROTOCOL_ERROR -> "protocol error";
            default -> k.key();
        };
    }

    private static List<String> steps(DashModel m, int w) {
        List<String> lines = new ArrayList<>();
        if (m.steps().isEmpty()) {
            return lines;
        }
        int name = 4;
        for (DashModel.StepRow s : m.steps()) {
            name = Math.max(name, s.name().length());
        }
        name = Math.min(name, Math.max(4, w - 40));
        String row = "%-" + name + "s %10s %9s %9s %9s";
        lines.add(String.format(Locale.ROOT, row, "step", "req/s", "p50", "p99", "failures"));
        for (DashModel.StepRow s : m.steps()) {
            if (m.failuresOnly() && s.failures() == 0) {
                continue;
            }
            lines.add(String.format(
                    Locale.ROOT,
                    row,
                    cut(s.name(), name),
                    Units.count(s.rate()),
                    Units.micros(s.p50Us()),
                    Units.micros(s.p99Us()),
                    s.failures()));
        }
        if (lines.size() == 1 && m.failuresOnly()) {
            lines.add("no step failed so far");
        }
        return lines;
    }

    private static void events(DashModel m, int room, List<String> out) {
        if (room <= 0) {
            return;
        }
        List<String> e = m.events();
        if (e.isEmpty()) {
            out.add("events   none yet (m sets a mark)");
            return;
        }
        int shown = Math.min(e.size(), room - 1);
        out.add("events" + (shown < e.size() ? "   (last " + shown + " of " + e.size() + ")" : ""));
        out.addAll(e.subList(e.size() - shown, e.size()));
    }

    /** An event as the events list shows it: when, what, and the target rate from then on. */
    static String event(Event e, String unit) {
        String what = switch (e.kind()) {
            case RATE -> "rate " + Units.count(e.value()) + " " + unit;
            case BIAS -> String.format(Locale.ROOT, "bias %+.1f%% -> %s %s", e.value(), Units.count(e.rate()), unit);
            case MARK -> "mark '" + e.label() + "'";
            default -> e.kind().key();
        };
        return String.format(Locale.ROOT, "%7.1fs  %s  (%s)", e.t(), what, e.source());
    }

    /** {@code s} without trailing spaces, at most {@code w} characters. */
    static String cut(String s, int w) {
        String t = s.length() > w ? s.substring(0, Math.max(0, w)) : s;
        return t.stripTrailing();
    }
}
