package dev.zapline.load.engine;

import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.H2Exception;
import dev.zapline.load.internal.h2.HpackDecoder;
import dev.zapline.load.internal.h2.HpackException;
import java.util.Arrays;

/**
 * The header blocks one {@link Http2Connection} receives: a HEADERS payload stripped of its padding and priority,
 * a block continued in CONTINUATION frames gathered, and every whole block decoded by the connection's HPACK
 * decoder (every one, to keep its dynamic table in step with the server's). Confined to the connection's event
 * loop; allocates only to grow its buffer for a block continued beyond the largest so far.
 */
final class H2HeaderBlocks {

    /** What {@link #headers} and {@link #continuation} return while the block goes on in CONTINUATION frames. */
    static final int MORE = Integer.MIN_VALUE;

    /** Largest header block accepted across CONTINUATION frames. */
    private static final int MAX_BLOCK = 1 << 20;

    private final HpackDecoder hpack = new HpackDecoder(H2.DEFAULT_TABLE_SIZE);

    /** A block continued in CONTINUATION frames: its stream (0: none), its HEADERS flags, its bytes. */
    private int stream;

    private int flags;
    private byte[] block = new byte[0];
    private int length;

    /** The stream whose block goes on in CONTINUATION frames, 0 when none does. */
    int continuing() {
        return stream;
    }

    /** The HEADERS flags of the block that ended last (whether its END_STREAM ends the stream). */
    int flags() {
        return flags;
    }

    /**
     * A HEADERS frame's payload ({@code len} bytes of {@code p}) on {@code stream}: the block's {@code :status}
     * ({@link HpackDecoder#decode}) when it ends here, {@link #MORE} when it goes on.
     *
     * @throws H2Exception for padding and priority longer than the frame, or a block HPACK cannot decode
     */
    int headers(int flags, int stream, byte[] p, int len) throws H2Exception {
        int off = 0;
        int end = len;
        if ((flags & H2.FLAG_PADDED) != 0) {
            end -= len > 0 ? p[0] & 0xff : 0;
            off = 1;
        }
        if ((flags & H2.FLAG_PRIORITY) != 0) {
            off += 5;
        }
        if (off > end) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "HEADERS of " + len + " bytes, padding and priority " + off);
        }
        this.flags = flags;
        if ((flags & H2.FLAG_END_HEADERS) != 0) {
            return decode(p, off, end - off);
        }
        this.stream = stream;
        length = 0;
        append(p, off, end - off);
        return MORE;
    }

    /**
     * A CONTINUATION frame's payload on {@code stream}: the block's {@code :status} when it ends here, {@link #MORE}
     * when it goes on.
     *
     * @throws H2Exception for a CONTINUATION of no block or of another stream's, a block beyond 1 MiB, or a block
     *     HPACK cannot decode
     */
    int continuation(int flags, int stream, byte[] p, int len) throws H2Exception {
        if (stream != this.stream || stream == 0) {
            throw new H2Exception(H2.PROTOCOL_ERROR, "CONTINUATION on stream " + stream + ", not " + this.stream);
        }
        append(p, 0, len);
        if ((flags & H2.FLAG_END_HEADERS) == 0) {
            return MORE;
        }
        this.stream = 0;
        return decode(block, 0, length);
    }

    private void append(byte[] p, int off, int n) throws H2Exception {
        if (length + n > block.length) {
            if (length + n > MAX_BLOCK) {
                throw new H2Exception(H2.PROTOCOL_ERROR, "header block beyond 1 MiB");
            }
            block = Arrays.copyOf(block, Math.max(length + n, block.length * 2));
        }
        System.arraycopy(p, off, block, length, n);
        length += n;
    }

    private int decode(byte[] b, int off, int n) throws H2Exception {
        try {
            return hpack.decode(b, off, n, null);
        } catch (HpackException e) {
            throw new H2Exception(H2.COMPRESSION_ERROR, e.getMessage());
        }
    }
}
