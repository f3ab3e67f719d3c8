package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The checks every malformed message must pass: wrapping throws only {@link ZapFormatException}; every accessor
 * reads the same values whatever garbage surrounds the message and through a direct buffer sliced to exactly its
 * size (so a read outside would change a value or throw); the validator passes, and then no text or bytes field
 * reads as empty for lack of room, or throws a {@link ZapFormatException} at an offset inside the message.
 * Shared with codec tests.
 */
public final class MalformedChecks {

    private static final byte[] FILLS = {0x00, (byte) 0xFF, 0x5A};
    private static final AccessorSweep SWEEP = new AccessorSweep();

    private MalformedChecks() {}

    /** The checks every malformed message must pass; see the class comment. */
    public static void check(byte[] bytes, ZapLayout layout) {
        ZapMessage plain = new ZapMessage();
        try {
            plain.wrap(bytes);
        } catch (ZapFormatException e) {
            assertThat(e.offset()).isBetween(0L, (long) Zap.OFFSET_SIZE);
            return;
        }
        int size = plain.size();
        long digest = SWEEP.sweep(plain);
        for (byte fill : FILLS) {
            byte[] big = new byte[32 + size + 64];
            Arrays.fill(big, fill);
            System.arraycopy(bytes, 0, big, 32, size);
            ZapMessage embedded = new ZapMessage().wrap(big, 32, size + 64);
            assertThat(SWEEP.sweep(embedded))
                    .as("values read with fill %02x around %s", fill, Hex.of(bytes))
                    .isEqualTo(digest);
        }
        ByteBuffer exact = ByteBuffer.allocateDirect(size).put(0, bytes, 0, size);
        assertThat(SWEEP.sweep(new ZapMessage().wrap(exact, 0, size))).isEqualTo(digest);
        validate(plain, layout, bytes);
    }

    public static void validate(ZapMessage msg, ZapLayout layout, byte[] bytes) {
        try {
            ZapValidator.validate(msg, layout);
        } catch (ZapFormatException e) {
            assertThat(e.offset())
                    .as("%s for %s", e.getMessage(), Hex.of(bytes))
                    .isBetween(0L, msg.size() - 1L);
            return;
        }
        ZapObject root = msg.root(new ZapObject());
        for (ZapField f : layout.fields()) {
            if ((f.kind() == ZapKind.TEXT || f.kind() == ZapKind.BYTES) && root.u32(f.offset()) != 0) {
                assertThat((long) root.bytesLength(f.offset()))
                        .as("validated field %s of %s", f, Hex.of(bytes))
                        .isEqualTo(root.u32(f.offset() + 4));
            }
        }
    }
}
