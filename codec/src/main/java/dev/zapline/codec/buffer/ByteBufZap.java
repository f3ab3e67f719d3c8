package dev.zapline.codec.buffer;

import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;

/**
 * Bridges the wire runtime and Netty buffers: reads a message held in a {@link ByteBuf} without copying, and
 * writes a finished builder into one.
 *
 * {@snippet class=dev.zapline.codec.snippets.ZapHttpSnippets region=byteBufZap}
 *
 * <p>A heap buffer is read through its array, in place. A direct buffer is read in place through Netty's internal
 * NIO view when the message is larger than {@link #COPY_BELOW} bytes; a smaller one, and a composite spanning
 * several regions, is copied into a scratch array this instance reuses. The copy is what keeps a small message
 * allocation-free: Netty creates the internal NIO view afresh each time a pooled buffer is reused (each socket
 * read), which costs an object per request, while copying 100 bytes costs a few nanoseconds. The wrapped message is
 * valid while the {@code ByteBuf} is neither released nor written in that range. Not thread-safe.
 */
public final class ByteBufZap {

    /** Direct-buffer messages shorter than this are copied rather than viewed (see above). */
    public static final int COPY_BELOW = 4096;

    private byte[] scratch = new byte[0];

    /**
     * Wraps {@code into} over {@code length} bytes of {@code buf} at absolute {@code index}.
     *
     * @throws ZapFormatException when the header does not validate
     */
    public ZapMessage wrap(ZapMessage into, ByteBuf buf, int index, int length) {
        if (buf.hasArray()) {
            return into.wrap(buf.array(), buf.arrayOffset() + index, length);
        }
        if (length >= COPY_BELOW && buf.nioBufferCount() == 1) {
            ByteBuffer nio = buf.internalNioBuffer(index, length);
            return into.wrap(nio, nio.position(), length);
        }
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        buf.getBytes(index, scratch, 0, length);
        return into.wrap(scratch, 0, length);
    }

    /**
     * Starts a message in {@code b} that is written straight into the writable bytes of {@code out} when it is a
     * heap buffer with room for {@code maxSize} bytes; otherwise in the builder's own buffer. Call {@link #commit}
     * after {@code b.finish()} to account for (or copy) the bytes.
     */
    public static void startIn(ZapBuilder b, ByteBuf out, int maxSize, int version) {
        if (out.hasArray() && out.writableBytes() >= maxSize) {
            b.resetInto(out.array(), out.arrayOffset() + out.writerIndex(), out.writableBytes(), version);
        } else {
            b.reset(version);
        }
    }

    /** Completes a message begun with {@link #startIn}: advances the writer index, copying only if needed. */
    public static void commit(ZapBuilder b, ByteBuf out) {
        if (out.hasArray() && b.buffer() == out.array() && b.offset() == out.arrayOffset() + out.writerIndex()) {
            out.writerIndex(out.writerIndex() + b.size());
        } else {
            write(b, out);
        }
    }

    /** Writes the finished message of {@code b} into {@code out}. */
    public static void write(ZapBuilder b, ByteBuf out) {
        out.writeBytes(b.buffer(), b.offset(), b.size());
    }

    /** Writes the finished message of {@code b} as one stream frame: big-endian u32 length, then the message. */
    public static void writeFrame(ZapBuilder b, ByteBuf out) {
        out.ensureWritable(4 + b.size());
        out.writeInt(b.size());
        out.writeBytes(b.buffer(), b.offset(), b.size());
    }
}
