package dev.zapline.codec.buffer;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Small writes made in a heap array and moved to a Netty buffer in one copy: a small copy into a direct buffer costs
 * more in its checks (bounds, reference count) than in the bytes it moves, so a connection that writes many small
 * messages per flush stages them here first. The array grows to {@link #MAX} bytes at most and is kept, so a warm
 * connection stages without allocating; what does not {@link #fits fit} must be moved out first. Used by the
 * client's and the server's outbound buffers. Not thread-safe.
 */
public final class StagedBytes {

    /** The most bytes staged at once, and the array's largest size (10,000 connections each keep theirs). */
    public static final int MAX = 4096;

    private static final int INITIAL = 256;

    private byte[] array;
    private int length;

    /** Whether {@code n} more bytes fit beside what is staged. */
    public boolean fits(int n) {
        return n <= MAX - length;
    }

    /**
     * The array, with room for {@code n} more bytes from {@link #end()}; write them, then {@link #commit}.
     *
     * @throws IllegalStateException when they do not {@link #fits fit}
     */
    public byte[] room(int n) {
        if (!fits(n)) {
            throw new IllegalStateException(n + " bytes do not fit beside " + length + " staged (at most " + MAX + ")");
        }
        byte[] a = array;
        if (a == null || a.length - length < n) {
            int size = Math.min(MAX, Math.max(Math.max(INITIAL, length + n), a == null ? 0 : 2 * a.length));
            a = a == null ? new byte[size] : Arrays.copyOf(a, size);
            array = a;
        }
        return a;
    }

    /** Where the next bytes go in the array {@link #room} returns. */
    public int end() {
        return length;
    }

    /** Adds the {@code n} bytes written from {@link #end()}. */
    public void commit(int n) {
        length += n;
    }

    /** Stages {@code n} bytes of {@code src} from {@code offset}; they must {@link #fits fit}. */
    public void append(byte[] src, int offset, int n) {
        System.arraycopy(src, offset, room(n), length, n);
        length += n;
    }

    public boolean isEmpty() {
        return length == 0;
    }

    /** Writes what is staged to {@code dst} and starts again empty; the array is kept. */
    public void moveTo(ByteBuf dst) {
        dst.writeBytes(array, 0, length);
        length = 0;
    }

    /** Drops what is staged; the array is kept. */
    public void clear() {
        length = 0;
    }

    /** Drops what is staged and the array (the connection is gone). */
    public void release() {
        array = null;
        length = 0;
    }
}
