package dev.zapline.load.engine;

import dev.zapline.load.journey.DataMode;
import dev.zapline.load.journey.DataSet;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which data row each new journey takes ({@code --data}, {@code --data-mode}), shared by every loop of a run: the
 * rows are encoded once and never copied. Sequential: the next row in file order, wrapping around. Random: a row
 * drawn from the loop's seeded generator. Unique: each row at most once per run; segment {@code i} of a split run
 * of {@code n} takes the rows {@code r} with {@code r mod n == i}, so the segments together take each row at most
 * once; when they run out, {@link #next} answers {@link #EXHAUSTED}. Thread-safe; allocates nothing.
 */
final class DataRows {

    /** No row left (unique mode). */
    static final byte[][] EXHAUSTED = new byte[0][];

    private final byte[][][] rows;
    private final DataMode mode;
    private final int first;
    private final int stride;
    private final AtomicLong taken = new AtomicLong();

    DataRows(DataSet data, DataMode mode, Segment segment) {
        this.rows = data == null ? new byte[0][][] : data.rows().toArray(new byte[0][][]);
        this.mode = mode == null ? DataMode.SEQUENTIAL : mode;
        this.first = segment.index();
        this.stride = segment.count();
    }

    /** The row of a new journey: null without data, {@link #EXHAUSTED} once unique rows have run out. */
    byte[][] next(SplittableRandom random) {
        if (rows.length == 0) {
            return null;
        }
        return switch (mode) {
            case SEQUENTIAL -> rows[(int) Long.remainderUnsigned(taken.getAndIncrement(), rows.length)];
            case RANDOM -> rows[random.nextInt(rows.length)];
            case UNIQUE -> {
                long r = first + taken.getAndIncrement() * stride;
                yield r < rows.length ? rows[(int) r] : EXHAUSTED;
            }
        };
    }

    /** Rows this segment may take in unique mode (every row otherwise). */
    long available() {
        return mode == DataMode.UNIQUE ? Math.max(0, (rows.length - first + stride - 1) / stride) : rows.length;
    }
}
