package dev.zapline.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Writes ZAP messages byte-identical to the reference Go runtime. Reusable: {@link #reset()} and build again; after
 * warm-up (the buffers have grown to the largest message) building allocates nothing.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=builder}
 *
 * <p>The layout rules that make the bytes identical: starting an object pads the buffer with zeros to an 8-byte
 * boundary (counted from the message start) and zero-fills its fixed section; a non-empty text or bytes value
 * records its length at once and defers its payload, which the object's {@code finish} appends, unaligned, in the
 * order the set calls were made; starting a list pads to 8 first; {@link #finish} writes root offset and size and
 * does not pad the total.
 *
 * <p>Objects nest as a stack: the last object started must be finished first, and no object or list starts while
 * a list is open. The writers it hands out are owned by the builder and valid until their {@code finish}.
 *
 * <p>Not thread-safe.
 */
public final class ZapBuilder {

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf;
    private int base;
    private int capacity;
    private boolean external;
    private int pos;
    private int root;
    private int version = Zap.VERSION_1;
    private int size = -1;

    private ZapObjectWriter[] writers = new ZapObjectWriter[4];
    private int depth;
    private final ZapListWriter list = new ZapListWriter(this);
    private final Deferred deferred = new Deferred();

    /** A builder with a 256-byte buffer that grows by doubling. */
    public ZapBuilder() {
        this(256);
    }

    /** A builder with {@code initialCapacity} bytes (at least 16) that grows by doubling. */
    public ZapBuilder(int initialCapacity) {
        if (initialCapacity < Zap.HEADER_SIZE) {
            throw new IllegalArgumentException("initial capacity " + initialCapacity + " is below the 16-byte header");
        }
        this.buf = new byte[initialCapacity];
        this.capacity = initialCapacity;
        reset();
    }

    /** Starts a new version 1 message in the builder's own buffer. */
    public ZapBuilder reset() {
        return reset(Zap.VERSION_1);
    }

    /** Starts a new message with header {@code version} (1 or 2) in the builder's own buffer. */
    public ZapBuilder reset(int version) {
        if (external) {
            external = false;
            buf = new byte[Math.max(256, capacity)];
            capacity = buf.length;
        }
        base = 0;
        return start(version);
    }

    /**
     * Starts a new message written straight into {@code target} at {@code offset}, using at most {@code capacity}
     * bytes. The builder never grows a caller's buffer: a message that does not fit throws
     * {@link IllegalStateException}. {@link #reset()} returns to the builder's own buffer.
     */
    public ZapBuilder resetInto(byte[] target, int offset, int capacity, int version) {
        java.util.Objects.checkFromIndexSize(offset, capacity, target.length);
        if (capacity < Zap.HEADER_SIZE) {
            throw new IllegalArgumentException("target capacity " + capacity + " is below the 16-byte header");
        }
        this.buf = target;
        this.base = offset;
        this.capacity = capacity;
        this.external = true;
        return start(version);
    }

    private ZapBuilder start(int version) {
        if (!Zap.isKnownVersion(version)) {
            throw new IllegalArgumentException("version " + version + " is not 1 or 2");
        }
        this.version = version;
        this.pos = 0;
        this.root = 0;
        this.size = -1;
        this.depth = 0;
        this.list.close();
        this.deferred.clear();
        ensure(Zap.HEADER_SIZE);
        return this;
    }

    /**
     * Starts an object whose fixed section is {@code fixedSize} bytes: pads to 8, zero-fills the section.
     *
     * @throws IllegalStateException while a list is open
     */
    public ZapObjectWriter startObject(int fixedSize) {
        if (fixedSize < 0) {
            throw new IllegalArgumentException("fixed size " + fixedSize + " is negative");
        }
        checkNoList("start an object");
        align();
        if (depth == writers.length) {
            writers = Arrays.copyOf(writers, depth * 2);
        }
        ZapObjectWriter w = writers[depth];
        if (w == null) {
            w = writers[depth] = new ZapObjectWriter(this);
        }
        w.open(pos, fixedSize, depth++);
        ensure(pos + fixedSize);
        return w;
    }

    /**
     * Starts a list (pads to 8 even if it stays empty). Finish it before starting anything else.
     *
     * @throws IllegalStateException while another list is open
     */
    public ZapListWriter startList() {
        checkNoList("start a list");
        align();
        return list.open(pos);
    }

    /** Writes the header (magic, version, flags 0, root, size); returns the message size. */
    public int finish() {
        return finish(0);
    }

    /**
     * Writes the header with {@code flags} (see {@link Zap#flags(int, int)} for the message type); returns the
     * message size.
     *
     * @throws IllegalStateException while an object or list is still open
     */
    public int finish(int flags) {
        if (depth != 0 || list.isOpen()) {
            throw new IllegalStateException(
                    "finish with " + depth + " object(s) and " + (list.isOpen() ? 1 : 0) + " list(s) still open");
        }
        putI32(0, Zap.MAGIC);
        putI16(4, version);
        putI16(6, flags);
        putI32(8, root);
        putI32(12, pos);
        size = pos;
        return size;
    }

    /** Sets the root offset explicitly (normally {@link ZapObjectWriter#finishAsRoot()} does it). */
    public ZapBuilder root(int objectPosition) {
        this.root = objectPosition;
        return this;
    }

    /** Current write position, from the start of the message. */
    public int position() {
        return pos;
    }

    /** The array the message is in; it starts at {@link #offset()}. Replaced when the builder grows. */
    public byte[] buffer() {
        return buf;
    }

    /** Where the message starts in {@link #buffer()}. */
    public int offset() {
        return base;
    }

    /** Size of the finished message. @throws IllegalStateException before {@link #finish} */
    public int size() {
        if (size < 0) {
            throw new IllegalStateException("message not finished");
        }
        return size;
    }

    /** Copies the finished message into {@code dst} at {@code dstOffset}; returns its size. */
    public int copyTo(byte[] dst, int dstOffset) {
        System.arraycopy(buf, base, dst, dstOffset, size());
        return size;
    }

    /** Copies the finished message into {@code dst} at its position, advancing it. */
    public int copyTo(ByteBuffer dst) {
        dst.put(buf, base, size());
        return size;
    }

    /** Allocating convenience: a fresh array with the finished message. */
    public byte[] toByteArray() {
        return Arrays.copyOfRange(buf, base, base + size());
    }

    // Package-private primitives for the writers. Positions are relative to the message start.

    void align() {
        int padding = -pos & (Zap.ALIGNMENT - 1);
        if (padding != 0) {
            ensure(pos + padding);
        }
    }

    /** Extends the message to {@code end}, zero-filling what it adds. */
    void ensure(int end) {
        if (end > pos) {
            reserve(end - pos);
            Arrays.fill(buf, base + pos, base + end, (byte) 0);
            pos = end;
        }
    }

    /** Makes room for {@code n} more bytes past pos without moving pos. */
    void reserve(int n) {
        long needed = (long) pos + n;
        if (needed <= capacity) {
            return;
        }
        if (external || needed > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("message needs " + needed + " bytes, target holds " + capacity);
        }
        int grown = (int) Math.max(needed, Math.min((long) capacity * 2, Integer.MAX_VALUE - 8));
        buf = Arrays.copyOf(buf, grown);
        capacity = grown;
    }

    /** Appends {@code len} bytes of {@code src} at pos. */
    void append(byte[] src, int off, int len) {
        reserve(len);
        System.arraycopy(src, off, buf, base + pos, len);
        pos += len;
    }

    void advance(int n) {
        pos += n;
    }

    void putI8(int at, int v) {
        buf[base + at] = (byte) v;
    }

    void putI16(int at, int v) {
        I16.set(buf, base + at, (short) v);
    }

    void putI32(int at, int v) {
        I32.set(buf, base + at, v);
    }

    void putI64(int at, long v) {
        I64.set(buf, base + at, v);
    }

    void putBytes(int at, byte[] src, int off, int len) {
        System.arraycopy(src, off, buf, base + at, len);
    }

    Deferred deferred() {
        return deferred;
    }

    int depth() {
        return depth;
    }

    void popObject(int writerDepth, int objectStart) {
        if (writerDepth != depth - 1) {
            throw new IllegalStateException("object at " + objectStart + " (depth " + writerDepth + ") finished while "
                    + (depth - 1 - writerDepth) + " object(s) started after it are still open");
        }
        depth--;
    }

    void setRoot(int position) {
        this.root = position;
    }

    private void checkNoList(String action) {
        if (list.isOpen()) {
            throw new IllegalStateException("cannot " + action + " while the list at " + list.start() + " is open");
        }
    }
}
