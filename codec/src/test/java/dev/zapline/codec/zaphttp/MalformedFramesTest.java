package dev.zapline.codec.zaphttp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.ConformanceVectors.Vector;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every conformance vector cut short (its size fixed up) and with every byte replaced, read through every codec
 * reader: zaphttp request, response and chunk readers may reject the frame with {@link ZapFormatException} and
 * nothing else; header walks end (malformed or not) inside the block; the same bytes read the same through a heap
 * array with garbage around them and through a direct buffer of exactly the message.
 */
class MalformedFramesTest {

    private static final int[] VALUES = {0x00, 0xFF, 0x7F, 0x80, 0x01};

    private final FrameReaders readers = new FrameReaders();

    static List<Vector> vectors() {
        return ConformanceVectors.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everySingleByteFlipIsRejectedOrReadInside(Vector v) {
        byte[] bytes = v.bytes();
        for (int pos = 0; pos < bytes.length; pos++) {
            for (int value : VALUES) {
                byte[] flipped = bytes.clone();
                flipped[pos] = (byte) value;
                check(flipped);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everyCutWithItsSizeFixedUpIsRejectedOrReadInside(Vector v) {
        for (int length = 0; length <= v.bytes().length; length++) {
            byte[] cut = Arrays.copyOf(v.bytes(), length);
            if (length >= 16) {
                ByteBuffer.wrap(cut).order(ByteOrder.LITTLE_ENDIAN).putInt(12, length);
            }
            check(cut);
        }
    }

    private void check(byte[] bytes) {
        ZapMessage msg = new ZapMessage();
        try {
            msg.wrap(bytes);
        } catch (ZapFormatException e) {
            return;
        }
        int size = msg.size();
        long digest = readers.read(msg);
        byte[] big = new byte[16 + size + 64];
        Arrays.fill(big, (byte) 0xEE);
        System.arraycopy(bytes, 0, big, 16, size);
        assertThat(readers.read(new ZapMessage().wrap(big, 16, size + 64))).isEqualTo(digest);
        ByteBuffer exact = ByteBuffer.allocateDirect(size).put(0, bytes, 0, size);
        assertThat(readers.read(new ZapMessage().wrap(exact, 0, size))).isEqualTo(digest);
    }
}
