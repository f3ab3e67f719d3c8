package dev.zapline.codec.rpc;

import dev.zapline.wire.Zap;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The NodeID handshake each side sends first: one length-prefixed frame holding a ZAP message (version 2, flags
 * 0) whose 64-byte root carries the node id's UTF-8 bytes from offset 0 and their count as u32 at offset 60.
 */
public final class RpcHandshake {

    /** Longest node id, in UTF-8 bytes; a longer one is cut to this. */
    public static final int MAX_ID = 60;
    /** The root object's size. */
    static final int FIXED = 64;
    /** The message's size, header included (the frame's length prefix). */
    public static final int MESSAGE = Zap.HEADER_SIZE + FIXED;

    private RpcHandshake() {}

    /** Appends the handshake frame announcing {@code nodeId} (UTF-8, at most {@link #MAX_ID} bytes). */
    public static void write(ByteBuf out, byte[] nodeId) {
        int n = Math.min(nodeId.length, MAX_ID);
        out.ensureWritable(Rpc.LENGTH_PREFIX + MESSAGE);
        out.writeIntLE(MESSAGE);
        out.writeIntLE(Zap.MAGIC);
        out.writeShortLE(Zap.VERSION_2);
        out.writeShortLE(0);
        out.writeIntLE(Rpc.ROOT);
        out.writeIntLE(MESSAGE);
        out.writeBytes(nodeId, 0, n);
        out.writeZero(MAX_ID - n);
        out.writeIntLE(n);
    }

    /**
     * The node id of the {@code length}-byte handshake message at absolute {@code index}, or null when it is
     * malformed (bad header, root outside it, id length 0 or above {@link #MAX_ID}). Allocates the id string.
     */
    public static String read(ByteBuf buf, int index, int length) {
        if (length < Zap.HEADER_SIZE
                || buf.getIntLE(index) != Zap.MAGIC
                || !Zap.isKnownVersion(buf.getUnsignedShortLE(index + 4))) {
            return null;
        }
        long size = buf.getUnsignedIntLE(index + 12);
        long root = buf.getUnsignedIntLE(index + 8);
        if (size < Zap.HEADER_SIZE || size > length || root < Zap.HEADER_SIZE || root + MAX_ID + 4 > size) {
            return null;
        }
        int at = index + (int) root;
        long n = buf.getUnsignedIntLE(at + MAX_ID);
        if (n == 0 || n > MAX_ID) {
            return null;
        }
        return buf.toString(at, (int) n, StandardCharsets.UTF_8);
    }
}
