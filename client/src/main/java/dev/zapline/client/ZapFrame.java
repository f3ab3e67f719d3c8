package dev.zapline.client;

import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.Arrays;

/**
 * A pre-encoded zaphttp request frame, length prefix included, sent as often as wanted: {@link ZapChannel}
 * copies its bytes into the connection's outbound buffer, so nothing is allocated or reference-counted per send.
 * Get one from {@link ZapRequest#encode()} or, for a request built by hand, {@link #of(ZapBuilder)}.
 *
 * <p>Immutable and thread-safe.
 */
public final class ZapFrame {

    private final byte[] bytes;

    private ZapFrame(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * Copies the finished request message of {@code b} into a frame.
     *
     * @throws IllegalArgumentException when the message is not a valid ZAP message of type 1 (request)
     * @throws IllegalStateException when the builder has not finished a message
     */
    public static ZapFrame of(ZapBuilder b) {
        int size = b.size();
        byte[] bytes = new byte[ZapHttp.FRAME_PREFIX + size];
        bytes[0] = (byte) (size >>> 24);
        bytes[1] = (byte) (size >>> 16);
        bytes[2] = (byte) (size >>> 8);
        bytes[3] = (byte) size;
        b.copyTo(bytes, ZapHttp.FRAME_PREFIX);
        int type;
        try {
            type = new ZapMessage().wrap(bytes, ZapHttp.FRAME_PREFIX, size).type();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a ZAP message: " + e.getMessage(), e);
        }
        if (type != ZapHttp.REQUEST) {
            throw new IllegalArgumentException(
                    "frame type " + type + " (" + ZapHttp.typeName(type) + "), expected 1 (request)");
        }
        return new ZapFrame(bytes);
    }

    /** Length in bytes, prefix included. */
    public int length() {
        return bytes.length;
    }

    /** Appends the frame to {@code out}. */
    public void writeTo(ByteBuf out) {
        out.writeBytes(bytes);
    }

    void appendTo(Outbound out, ByteBufAllocator alloc) {
        out.append(alloc, bytes, 0, bytes.length);
    }

    /** Allocating convenience: a copy of the frame's bytes, prefix included. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    @Override
    public String toString() {
        return "ZapFrame[" + bytes.length + " bytes]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ZapFrame f && Arrays.equals(bytes, f.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
