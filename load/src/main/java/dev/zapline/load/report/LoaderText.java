package dev.zapline.load.report;

import java.util.Locale;

/**
 * The text summary's loader lines: the verdict first (a loader-bound run says {@code LOADER-BOUND} plainly), then
 * the loops' busy shares, the send lag and the process's CPU, then each note on its own line.
 */
final class LoaderText {

    private LoaderText() {}

    static void render(StringBuilder b, LoaderLoad l) {
        String head = switch (l.verdict()) {
            case LOADER -> "LOADER-BOUND: ";
            case TARGET -> "target-bound: ";
            case NEITHER -> "";
        };
        b.append("Loader      ").append(head).append(l.reason()).append('\n');
        StringBuilder busy = new StringBuilder();
        for (double v : l.busy()) {
            busy.append(busy.isEmpty() ? "" : " ")
                    .append(Double.isNaN(v) ? "?" : String.format(Locale.ROOT, "%.0f%%", 100 * v));
        }
        b.append(String.format(
                Locale.ROOT,
                "            loops busy %s; send lag p50 %s p99 %s max %s; %d waited for a connection; "
                        + "CPU %.2f s, %.1f µs/response%n",
                busy,
                Text.micros(l.sendLag().p50() / 1e3),
                Text.micros(l.sendLag().p99() / 1e3),
                Text.micros(l.sendLag().max() / 1e3),
                l.waitedLag().count(),
                Double.isNaN(l.cpuSeconds()) ? 0 : l.cpuSeconds(),
                l.cpuMicrosPerResponse()));
        for (String n : l.notes()) {
            b.append("  note      ").append(n).append('\n');
        }
    }
}
