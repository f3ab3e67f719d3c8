package dev.zapline.cli.tune;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Prints findings as aligned columns: setting, current, recommended, status. */
final class SettingTable {

    private SettingTable() {}

    static void print(PrintWriter out, List<Finding> findings) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"SETTING", "CURRENT", "RECOMMENDED", "STATUS"});
        for (Finding f : findings) {
            rows.add(new String[] {f.setting().name(), f.shown(), recommended(f.setting()), status(f.state())});
        }
        int[] widths = new int[3];
        for (String[] row : rows) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < widths.length; c++) {
                sb.append(row[c]).append(" ".repeat(widths[c] - row[c].length() + 2));
            }
            out.println(sb.append(row[3]));
        }
    }

    /** The recommended value with the comparison it is held to, e.g. {@code >= 300000}. */
    static String recommended(Setting setting) {
        return switch (setting.match()) {
            case AT_LEAST -> ">= " + setting.desired();
            case AT_MOST -> "<= " + setting.desired();
            default -> setting.desired();
        };
    }

    private static String status(Finding.State state) {
        return switch (state) {
            case TUNED -> "tuned";
            case NOT_TUNED -> "NOT TUNED";
            case ABSENT -> "not available";
        };
    }
}
