package dev.zapline.cli.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How a NIC's interrupts are spread over cores, read from {@code /proc/interrupts}: the lines whose name mentions
 * the interface or its device, and their counts summed per CPU column.
 *
 * @param lines how many interrupt lines belong to the NIC
 * @param perCpu interrupts handled by each CPU column, in header order
 */
record IrqSpread(int lines, List<Long> perCpu) {

    /** Parses {@code /proc/interrupts}, keeping lines whose description names one of {@code names} as a word. */
    static IrqSpread parse(String text, List<String> names) {
        List<String> rows = text.lines().toList();
        if (rows.isEmpty()) {
            return new IrqSpread(0, List.of());
        }
        int cpus = rows.get(0).strip().split("\\s+").length;
        long[] sums = new long[cpus];
        int lines = 0;
        List<Pattern> patterns = names.stream()
                .map(n -> Pattern.compile("(^|[^A-Za-z0-9])" + Pattern.quote(n) + "($|[^A-Za-z0-9])"))
                .toList();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.strip().split("\\s+");
            if (f.length < cpus + 2
                    || !f[0].endsWith(":")
                    || !f[0].substring(0, f[0].length() - 1).matches("\\d+")) {
                continue;
            }
            String description = String.join(" ", List.of(f).subList(cpus + 1, f.length));
            if (patterns.stream().noneMatch(p -> p.matcher(description).find())) {
                continue;
            }
            lines++;
            for (int c = 0; c < cpus; c++) {
                sums[c] += parseCount(f[c + 1]);
            }
        }
        List<Long> perCpu = new ArrayList<>();
        for (long s : sums) {
            perCpu.add(s);
        }
        return new IrqSpread(lines, List.copyOf(perCpu));
    }

    /** How many CPU columns handled at least one of these interrupts. */
    int busyCpus() {
        return (int) perCpu.stream().filter(n -> n > 0).count();
    }

    /** A one-line description, e.g. {@code 3 IRQ lines, handled on 2 of 4 CPUs (CPU0 4731, CPU1 5681)}. */
    String describe() {
        if (lines == 0) {
            return "no IRQ lines found in /proc/interrupts";
        }
        List<String> busy = new ArrayList<>();
        for (int c = 0; c < perCpu.size(); c++) {
            if (perCpu.get(c) > 0) {
                busy.add("CPU" + c + " " + perCpu.get(c));
            }
        }
        return lines + " IRQ line" + (lines == 1 ? "" : "s") + ", handled on " + busy.size() + " of " + perCpu.size()
                + " CPUs" + (busy.isEmpty() ? "" : " (" + String.join(", ", busy) + ")");
    }

    private static long parseCount(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
