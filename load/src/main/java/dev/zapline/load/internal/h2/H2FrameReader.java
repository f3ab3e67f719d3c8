package dev.zapline.load.internal.h2;

import io.netty.buffer.ByteBuf;

/**
 * Cuts a connection's inbound bytes into HTTP/2 frames (RFC 9113 section 4.1), however the reads split them. A
 * DATA frame's payload is skipped as it arrives, never kept (a load generator only counts it); any other frame's
 * payload is gathered into one array, which grows to the largest frame seen (at most the frame size limit) and is
 * reused. Allocates nothing in steady state. Confined to the connection's thread.
 *
 * <p>Use: {@code while (!closed && reader.next(in, frames)) {}} per read.
 */
public final class H2FrameReader {

    /** What the frames say. */
    public interface Frames {
        /** A DATA frame of {@code length} payload bytes (padding included) has arrived. */
        void data(int stream, int flags, int length) throws H2Exception;

        /** Any other frame; {@code payload} holds it from 0, valid during the call only. */
        void frame(int type, int flags, int stream, byte[] payload, int length) throws H2Exception;
    }

    private final int maxFrame;
    private final byte[] head = new byte[H2.FRAME_HEADER];
    private int headFill;
    private boolean inPayload;
    private int type;
    private int flags;
    private int stream;
    private int length;
    private int fill;
    private byte[] payload = new byte[64];

    /** Frames of up to {@code maxFrame} payload bytes (our {@code SETTINGS_MAX_FRAME_SIZE}). */
    public H2FrameReader(int maxFrame) {
        this.maxFrame = maxFrame;
    }

    /**
     * Reads from {@code in} up to the end of the next frame and hands it to {@code frames}; false when {@code in}
     * ran out first (what it had is kept for the next read).
     *
     * @throws H2Exception when a frame is longer than the limit, or as thrown by {@code frames}
     */
    public boolean next(ByteBuf in, Frames frames) throws H2Exception {
        if (!inPayload) {
            if (headFill == 0 && in.readableBytes() >= H2.FRAME_HEADER) {
                int r = in.readerIndex();
                header(in.getMedium(r), in.getUnsignedByte(r + 3), in.getUnsignedByte(r + 4), in.getInt(r + 5));
                in.skipBytes(H2.FRAME_HEADER);
            } else {
                int n = Math.min(in.readableBytes(), H2.FRAME_HEADER - headFill);
                in.readBytes(head, headFill, n);
                headFill += n;
                if (headFill < H2.FRAME_HEADER) {
                    return false;
                }
                headFill = 0;
                header(
                        (head[0] & 0xff) << 16 | (head[1] & 0xff) << 8 | (head[2] & 0xff),
                        head[3] & 0xff,
                        head[4] & 0xff,
                        (head[5] & 0xff) << 24 | (head[6] & 0xff) << 16 | (head[7] & 0xff) << 8 | (head[8] & 0xff));
            }
        }
        int n = Math.min(in.readableBytes(), length - fill);
        if (type == H2.DATA) {
            in.skipBytes(n);
        } else {
            in.readBytes(payload, fill, n);
        }
        fill += n;
        if (fill < length) {
            return false;
        }
        inPayload = false;
        if (type == H2.DATA) {
            frames.data(stream, flags, length);
        } else {
            frames.frame(type, flags, stream, payload, length);
        }
        return true;
    }

    private void header(int len, int t, int f, int s) throws H2Exception {
        if (len > maxFrame) {
            throw new H2Exception(
                    H2.FRAME_SIZE_ERROR, "frame of type " + t + " with " + len + " bytes, beyond " + maxFrame);
        }
        type = t;
        flags = f;
        stream = s & 0x7fffffff;
        length = len;
        fill = 0;
        inPayload = true;
        if (t != H2.DATA && payload.length < len) {
            payload = new byte[Math.max(len, Math.min(maxFrame, payload.length * 2))];
        }
    }
}
