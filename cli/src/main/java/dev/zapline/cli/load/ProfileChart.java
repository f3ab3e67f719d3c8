package dev.zapline.cli.load;

import dev.zapline.load.schedule.Stage;
import dev.zapline.load.schedule.Stages;
import java.util.ArrayList;
import java.util.List;

/**
 * A load profile drawn as text, rate against time: one column per slice of the run, as high as the slice's mean
 * rate (its exact count over its length, so a spike narrower than a column still shows, lower), scaled to the
 * profile's highest rate. With block characters each row holds eighths of a cell; in ASCII a cell is full ({@code
 * #}), more than half full ({@code :}), partly full ({@code .}) or empty.
 */
public final class ProfileChart {

    private static final String BLOCKS = " ▁▂▃▄▅▆▇█";

    private ProfileChart() {}

    /**
     * The chart's rows, top first, each {@code width} characters.
     *
     * @throws IllegalArgumentException unless width and height are at least 1
     */
    public static List<String> draw(Stages stages, int width, int height, boolean ascii) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a chart needs a width and height of at least 1");
        }
        double peak = stages.peakPerSecond();
        double total = stages.durationNanos();
        int[] eighths = new int[width];
        for (int c = 0; c < width; c++) {
            double from = total * c / width;
            double to = total * (c + 1) / width;
            double mean = count(stages, from, to) / (to - from);
            eighths[c] = peak == 0 ? 0 : (int) Math.round(mean / peak * height * 8);
        }
        List<String> rows = new ArrayList<>(height);
        for (int r = height - 1; r >= 0; r--) {
            StringBuilder row = new StringBuilder(width);
            for (int c = 0; c < width; c++) {
                int fill = Math.max(0, Math.min(8, eighths[c] - r * 8));
                row.append(ascii ? fill == 0 ? ' ' : fill == 8 ? '#' : fill > 4 ? ':' : '.' : BLOCKS.charAt(fill));
            }
            rows.add(row.toString());
        }
        return rows;
    }

    /** Requests due (in expectation) from {@code from} to {@code to} ns: the rate's integral, stage by stage. */
    static double count(Stages stages, double from, double to) {
        double start = 0;
        double sum = 0;
        for (Stage s : stages.stages()) {
            double end = start + s.nanos();
            double a = Math.max(from, start);
            double b = Math.min(to, end);
            if (b > a) {
                sum += (b - a) * (rate(s, start, a) + rate(s, start, b)) / 2;
            }
            start = end;
        }
        return sum;
    }

    /** The stage's rate at {@code t} ns, in requests per second. */
    private static double rate(Stage s, double start, double t) {
        double f = (t - start) / s.nanos();
        return (s.fromMilli() + (s.toMilli() - s.fromMilli()) * f) / 1000.0;
    }
}
