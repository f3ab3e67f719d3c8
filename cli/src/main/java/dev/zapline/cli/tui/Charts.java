package dev.zapline.cli.tui;

/**
 * The dashboard's two kinds of chart, as text: a sparkline (one character a sample, eight heights) and a block
 * chart of vertical bars several rows high (eight heights a row).
 */
final class Charts {

    /** Eighths of a cell, empty to full. */
    private static final String BLOCKS = " ▁▂▃▄▅▆▇█";

    private Charts() {}

    /**
     * The last {@code width} samples of {@code values} as a sparkline scaled from 0 to {@code max}, left-padded with
     * spaces when there are fewer; a sample of 0 (no responses that second) is a space, any other at least ▁.
     */
    static String sparkline(double[] values, int width, double max) {
        StringBuilder b = new StringBuilder(Math.max(0, width));
        int from = values.length - width;
        for (int i = from; i < values.length; i++) {
            if (i < 0) {
                b.append(' ');
                continue;
            }
            double v = values[i];
            if (!(v > 0) || !(max > 0)) {
                b.append(' ');
            } else {
                int level = (int) Math.ceil(Math.min(1, v / max) * 8);
                b.append(BLOCKS.charAt(Math.max(1, level)));
            }
        }
        return b.toString();
    }

    /** The largest of {@code values}, 0 for none. */
    static double max(double[] values) {
        double m = 0;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
    }

    /**
     * Row {@code row} (0 at the top) of a bar {@code rows} high for {@code count} out of {@code max}: how full
     * that row's cell is, as one character. A count above 0 shows at least ▁.
     */
    static char barCell(long count, long max, int rows, int row) {
        if (count <= 0 || max <= 0) {
            return ' ';
        }
        long eighths = Math.max(1, Math.round(count * rows * 8.0 / max));
        long level = Math.min(8, Math.max(0, eighths - (long) (rows - 1 - row) * 8));
        return BLOCKS.charAt((int) level);
    }
}
