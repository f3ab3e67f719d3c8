package dev.zapline.codec.eth;

import dev.zapline.wire.Zap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian stores for the typed eth writers, which lay out their fixed shape directly (as generated code
 * for a fixed schema would) instead of going through the generic builder; tests prove the bytes identical.
 */
final class EthWire {

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Offset of the root object: right after the header, already 8-aligned. */
    static final int ROOT = Zap.HEADER_SIZE;
    /** Offset of the tail of a message whose root has a 32-byte fixed section. */
    static final int TAIL = ROOT + 32;

    private EthWire() {}

    /** A version 1 header with flags 0, root at 16 and the given size. */
    static void header(byte[] dst, int off, int size) {
        I32.set(dst, off, Zap.MAGIC);
        I16.set(dst, off + 4, (short) Zap.VERSION_1);
        I16.set(dst, off + 6, (short) 0);
        I32.set(dst, off + 8, ROOT);
        I32.set(dst, off + 12, size);
    }

    static void u64(byte[] dst, int at, long v) {
        I64.set(dst, at, v);
    }

    /**
     * A bytes slot at {@code slot} whose payload of {@code len} bytes sits at {@code payload}: {relOffset,
     * length}, or a null slot when empty.
     */
    static void slot(byte[] dst, int off, int slot, int payload, int len) {
        I32.set(dst, off + slot, len == 0 ? 0 : payload - slot);
        I32.set(dst, off + slot + 4, len);
    }
}
