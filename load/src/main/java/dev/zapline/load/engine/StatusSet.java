package dev.zapline.load.engine;

import java.util.Arrays;

/**
 * The statuses that count as success ({@code --expect-status}): a comma-separated list of codes ({@code 200}),
 * classes ({@code 2xx}) and ranges ({@code 200-204}). Others end as {@code FAILURE_STATUS}. Immutable.
 */
public final class StatusSet {

    private final boolean[] ok = new boolean[600];
    private final String text;

    private StatusSet(String text) {
        this.text = text;
    }

    /** @throws IllegalArgumentException naming the bad element */
    public static StatusSet parse(String text) {
        StatusSet s = new StatusSet(text.strip());
        for (String part : text.split(",")) {
            String p = part.strip().toLowerCase(java.util.Locale.ROOT);
            int from;
            int to;
            try {
                if (p.length() == 3 && p.endsWith("xx")) {
                    from = Integer.parseInt(p.substring(0, 1)) * 100;
                    to = from + 99;
                } else if (p.contains("-")) {
                    from = Integer.parseInt(p.substring(0, p.indexOf('-')).strip());
                    to = Integer.parseInt(p.substring(p.indexOf('-') + 1).strip());
                } else {
                    from = Integer.parseInt(p);
                    to = from;
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected status '" + part + "' in '" + text
                        + "': use codes (200), classes (2xx) or ranges (200-204)");
            }
            if (from < 100 || to > 599 || from > to) {
                throw new IllegalArgumentException(
                        "expected status '" + part + "' in '" + text + "' is outside 100..599");
            }
            Arrays.fill(s.ok, from, to + 1, true);
        }
        return s;
    }

    public boolean contains(int status) {
        return status >= 0 && status < ok.length && ok[status];
    }

    @Override
    public String toString() {
        return text;
    }
}
