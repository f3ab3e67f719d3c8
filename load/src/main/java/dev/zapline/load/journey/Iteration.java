package dev.zapline.load.journey;

import java.util.Arrays;

/**
 * One virtual user's run through one {@link Journey}: which step is next, the data row it took, and the values its
 * steps extracted so far. The engine pools these and {@link #reset reuses} one per journey started, so a run in
 * steady state allocates none: extracted values are copied into an arena that grows while the run warms up (to the
 * largest set of values a journey needed) and is then reused. Confined to one event loop thread.
 *
 * <p>Slot {@code k} ({@link Export#slot}) is {@code length(k)} bytes of {@link #arena} from {@code offset(k)}, or
 * unset ({@code length(k) == -1}) until a step exports it.
 */
public final class Iteration {

    /** The most bytes one iteration keeps; an extraction past it fails (a 10 MiB token is a broken response). */
    public static final int MAX_ARENA = 1 << 20;

    private final int id;
    private Journey journey;
    private byte[][] row;
    private int step;
    private byte[] arena = new byte[256];
    private int used;
    private int[] offsets = new int[0];
    private int[] lengths = new int[0];
    private long intendedNanos;
    private long firstSendNanos;

    /** @param id the engine's handle for this iteration (an index into its pool, say) */
    public Iteration(int id) {
        this.id = id;
    }

    /**
     * Starts {@code journey} from its first step with data row {@code row} (null when the run has no data): every
     * slot unset, the arena emptied, both times zero. Allocates only when the journey has more slots than any before.
     */
    public void reset(Journey journey, byte[][] row) {
        this.journey = journey;
        this.row = row;
        this.step = 0;
        this.used = 0;
        this.intendedNanos = 0;
        this.firstSendNanos = 0;
        int slots = journey.slots();
        if (lengths.length < slots) {
            offsets = new int[slots];
            lengths = new int[slots];
        }
        Arrays.fill(lengths, -1);
    }

    /**
     * Copies {@code len} bytes of {@code src} from {@code off} into slot {@code slot}, replacing what it held.
     *
     * @return false, leaving the slot as it was, when the iteration's values would pass {@link #MAX_ARENA} bytes
     */
    public boolean set(int slot, byte[] src, int off, int len) {
        int at = reserve(len);
        if (at < 0) {
            return false;
        }
        System.arraycopy(src, off, arena, at, len);
        commit(slot, at, len);
        return true;
    }

    /**
     * Room for {@code len} more bytes at the end of the arena, for a caller that writes a value into
     * {@link #arena()} itself (unescaping a JSON string, say) and then {@link #commit commits} it.
     *
     * @return the offset to write at, or -1 when that would pass {@link #MAX_ARENA}
     */
    public int reserve(int len) {
        long need = (long) used + len;
        if (len < 0 || need > MAX_ARENA) {
            return -1;
        }
        if (need > arena.length) {
            arena = Arrays.copyOf(arena, (int) Math.min(MAX_ARENA, Math.max(need, 2L * arena.length)));
        }
        return used;
    }

    /** Makes the {@code len} bytes written at {@code offset} (from {@link #reserve}) slot {@code slot}'s value. */
    public void commit(int slot, int offset, int len) {
        offsets[slot] = offset;
        lengths[slot] = len;
        used = Math.max(used, offset + len);
    }

    /** The bytes the slots point into; a later {@link #set} or {@link #reserve} may replace the array. */
    public byte[] arena() {
        return arena;
    }

    public int offset(int slot) {
        return offsets[slot];
    }

    /** Slot {@code slot}'s length in bytes, or -1 when no step has set it yet. */
    public int length(int slot) {
        return lengths[slot];
    }

    /** The next step to run (or the one running), from 0. */
    public int step() {
        return step;
    }

    public Step currentStep() {
        return journey.steps().get(step);
    }

    /** Moves to the next step; false when the journey has none left (it is complete). */
    public boolean advance() {
        step++;
        return step < journey.steps().size();
    }

    public Journey journey() {
        return journey;
    }

    /** The journey's data row ({@code row[c]} is column {@code c}), or null when the run has no data. */
    public byte[][] row() {
        return row;
    }

    public int id() {
        return id;
    }

    /** When the schedule meant the journey's first step to be sent, on the engine's nanosecond clock. */
    public long intendedNanos() {
        return intendedNanos;
    }

    public void intendedNanos(long nanos) {
        this.intendedNanos = nanos;
    }

    /** When the first step was actually written, on the engine's nanosecond clock; 0 until then. */
    public long firstSendNanos() {
        return firstSendNanos;
    }

    public void firstSendNanos(long nanos) {
        this.firstSendNanos = nanos;
    }
}
