package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.zapline.wire.ConformanceVectors.Vector;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every conformance vector cut at every length and with every byte replaced by a few values. Whatever the bytes,
 * wrapping throws only {@link ZapFormatException}, no accessor throws, no read goes outside the message (the same
 * bytes give the same values with different garbage around them, and through a direct buffer sliced to exactly the
 * message), and the validator either passes, in which case no text or bytes field reads as empty for lack of room,
 * or reports a {@link ZapFormatException} at an offset inside the message.
 */
class MalformedVectorsTest {

    private static final int[] FLIP_VALUES = {0x00, 0xFF, 0x7F, 0x80};

    static List<Vector> vectors() {
        return ConformanceVectors.all();
    }

    /** The layout each vector's "layout" line describes. */
    static ZapLayout layout(Vector v) {
        return switch (v.name()) {
            case "canonical-v1" -> ZapLayout.parse("n:u32@0,s:text@8,b:bytes@16");
            case "zaphttp-response" ->
                ZapLayout.parse(
                        "status:u16@0,reason:text@8,proto:text@16,headers:bytes@24,body:bytes@32,trailer:bytes@40");
            default ->
                ZapLayout.parse(
                        "method:text@0,target:text@8,proto:text@16,headers:bytes@24,body:bytes@32,trailer:bytes@40");
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everyVectorPassesTheValidatorAndTheSweep(Vector v) {
        ZapMessage msg = new ZapMessage().wrap(v.bytes());
        ZapValidator.validate(msg, layout(v));
        MalformedChecks.check(v.bytes(), layout(v));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void vectorCutShortIsRejectedByTheHeaderCheck(Vector v) {
        for (int length = 0; length < v.bytes().length; length++) {
            byte[] cut = Arrays.copyOf(v.bytes(), length);
            ZapMessage msg = new ZapMessage();
            Throwable t = catchThrowable(() -> msg.wrap(cut));
            assertThat(t).as("cut to %d bytes", length).isInstanceOf(ZapFormatException.class);
            assertThat(((ZapFormatException) t).offset()).isEqualTo(length < Zap.HEADER_SIZE ? 0 : 12);
            assertThat(new long[] {msg.size(), msg.version(), msg.flags(), msg.rootOffset()})
                    .containsOnly(0L);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void vectorCutShortWithItsSizeFixedUpReadsOnlyInside(Vector v) {
        for (int length = Zap.HEADER_SIZE; length <= v.bytes().length; length++) {
            byte[] cut = Arrays.copyOf(v.bytes(), length);
            ByteBuffer.wrap(cut).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(12, length);
            MalformedChecks.check(cut, layout(v));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void everySingleByteFlipReadsOnlyInside(Vector v) {
        byte[] bytes = v.bytes();
        for (int pos = 0; pos < bytes.length; pos++) {
            for (int value : FLIP_VALUES) {
                MalformedChecks.check(flip(bytes, pos, value), layout(v));
            }
            MalformedChecks.check(flip(bytes, pos, bytes[pos] ^ 0x01), layout(v));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void headerCorruptionsAreReportedAtTheirField(Vector v) {
        assertThatThrownBy(() -> new ZapMessage().wrap(flip(v.bytes(), 0, 'z')))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(0L);
        assertThatThrownBy(() -> new ZapMessage().wrap(flip(v.bytes(), 4, 3)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(4L);
        assertThatThrownBy(() -> new ZapMessage().wrap(flip(v.bytes(), 15, 0x80)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(12L);
    }

    static byte[] flip(byte[] bytes, int pos, int value) {
        byte[] out = bytes.clone();
        out[pos] = (byte) value;
        return out;
    }
}
