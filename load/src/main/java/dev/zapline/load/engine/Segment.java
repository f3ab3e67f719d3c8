package dev.zapline.load.engine;

/**
 * One part of a run split across machines ({@code zapline load --segment index/count}): the open model's requests
 * whose global index is {@code index mod count} ({@link dev.zapline.load.schedule.Schedule#segment}), the closed
 * model's users {@code u} with {@code u mod count == index}, and its share of the connections.
 *
 * <p>Immutable.
 *
 * @param index 0-based, below {@code count}
 * @param count segments of the run, at least 1
 */
public record Segment(int index, int count) {

    /** The whole run: segment 0 of 1. */
    public static final Segment WHOLE = new Segment(0, 1);

    public Segment {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException(
                    "segment " + index + "/" + count + ": need 0 <= i < n and n >= 1 (0-based, e.g. 0/3, 1/3, 2/3)");
        }
    }

    /** {@code "i/n"}, as {@code --segment} takes it. */
    public static Segment parse(String s) {
        int slash = s.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("--segment '" + s + "': expected i/n, e.g. 0/3");
        }
        try {
            return new Segment(
                    Integer.parseInt(s.substring(0, slash).strip()),
                    Integer.parseInt(s.substring(slash + 1).strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--segment '" + s + "': expected i/n with whole numbers, e.g. 0/3", e);
        }
    }

    public boolean isWhole() {
        return count == 1;
    }

    /**
     * How many of {@code total} items (users) fall in this segment when item {@code u} goes to segment {@code u mod
     * count}: the split {@link LoadPlan} makes across event loops.
     */
    public int share(int total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /** This segment's connections out of the run's {@code total}: its share, at least 1. */
    public int connections(int total) {
        return Math.max(1, share(total));
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
