package dev.zapline.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Test helper: a copy of a message with one little-endian word overwritten. */
public final class Patch {

    private Patch() {}

    public static byte[] u32(byte[] bytes, int at, long value) {
        byte[] out = bytes.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(at, (int) value);
        return out;
    }

    public static int readI32(byte[] bytes, int at) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(at);
    }
}
