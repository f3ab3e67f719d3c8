package dev.zapline.codec.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ByteBufZapTest {

    private static final byte[] CANONICAL =
            ConformanceVectors.named("canonical-v1").bytes();

    @BeforeAll
    static void paranoid() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    }

    static Stream<Arguments> buffers() {
        ByteBufAllocator pooled = PooledByteBufAllocator.DEFAULT;
        Function<byte[], ByteBuf> heap = b -> pooled.heapBuffer().writeZero(5).writeBytes(b);
        Function<byte[], ByteBuf> direct =
                b -> pooled.directBuffer().writeZero(5).writeBytes(b);
        Function<byte[], ByteBuf> composite = b -> {
            CompositeByteBuf c = pooled.compositeDirectBuffer();
            c.addComponent(true, pooled.directBuffer().writeZero(5).writeBytes(b, 0, 20));
            c.addComponent(true, pooled.directBuffer().writeBytes(b, 20, b.length - 20));
            return c;
        };
        return Stream.of(
                Arguments.of("pooled heap", heap),
                Arguments.of("pooled direct", direct),
                Arguments.of("composite over two direct buffers", composite));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buffers")
    void readsAMessageInsideAByteBuf(String name, Function<byte[], ByteBuf> make) {
        ByteBuf buf = make.apply(CANONICAL);
        try {
            ZapMessage msg = new ByteBufZap().wrap(new ZapMessage(), buf, 5, CANONICAL.length);
            ZapObject root = msg.root(new ZapObject());
            assertThat(root.u32(0)).isEqualTo(0xDEADBEEFL);
            assertThat(root.textAsString(8)).isEqualTo("zap");
            assertThat(msg.toByteArray()).isEqualTo(CANONICAL);
        } finally {
            buf.release();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buffers")
    void rejectsABadHeaderInsideAByteBuf(String name, Function<byte[], ByteBuf> make) {
        byte[] bad = CANONICAL.clone();
        bad[0] = 'Y';
        ByteBuf buf = make.apply(bad);
        try {
            assertThatThrownBy(() -> new ByteBufZap().wrap(new ZapMessage(), buf, 5, bad.length))
                    .isInstanceOf(ZapFormatException.class)
                    .hasMessageContaining("bad magic");
        } finally {
            buf.release();
        }
    }

    @Test
    void readsALargeMessageInPlaceAndASmallOneFromACopy() {
        ZapBuilder b = new ZapBuilder();
        byte[] big = new byte[ByteBufZap.COPY_BELOW + 100];
        java.util.Arrays.fill(big, (byte) 7);
        b.startObject(8).setBytes(0, big).finishAsRoot();
        b.finish();
        byte[] large = b.toByteArray();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer().writeZero(5).writeBytes(large);
        try {
            ZapMessage msg = new ByteBufZap().wrap(new ZapMessage(), buf, 5, large.length);
            buf.setByte(5 + large.length - 1, 9);
            // read in place: the change made in the buffer after wrapping shows through
            assertThat(msg.toByteArray()[large.length - 1]).isEqualTo((byte) 9);
            ByteBuf small =
                    PooledByteBufAllocator.DEFAULT.directBuffer().writeZero(5).writeBytes(CANONICAL);
            try {
                ZapMessage m = new ByteBufZap().wrap(new ZapMessage(), small, 5, CANONICAL.length);
                small.setByte(5 + CANONICAL.length - 1, 0x55);
                assertThat(m.toByteArray()).isEqualTo(CANONICAL);
            } finally {
                small.release();
            }
        } finally {
            buf.release();
        }
    }

    private static void buildCanonical(ZapBuilder b) {
        b.startObject(24)
                .setU32(0, 0xDEADBEEFL)
                .setText(8, "zap")
                .setBytes(16, new byte[] {1, 2, 3, 4})
                .finishAsRoot();
        b.finish();
    }

    @Test
    void buildsStraightIntoAHeapByteBuf() {
        ByteBuf out = Unpooled.buffer(128).writeByte(7);
        ZapBuilder b = new ZapBuilder();
        ByteBufZap.startIn(b, out, 64, 1);
        buildCanonical(b);
        assertThat(b.buffer()).isSameAs(out.array());
        ByteBufZap.commit(b, out);
        assertThat(out.readByte()).isEqualTo((byte) 7);
        assertThat(ByteBufUtil.getBytes(out)).isEqualTo(CANONICAL);
        out.release();
    }

    @Test
    void directByteBufGetsACopyAndAFramePrefix() {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer();
        ZapBuilder b = new ZapBuilder();
        ByteBufZap.startIn(b, out, 64, 1);
        buildCanonical(b);
        ByteBufZap.commit(b, out);
        ByteBufZap.writeFrame(b, out);
        assertThat(out.readableBytes()).isEqualTo(2 * CANONICAL.length + 4);
        assertThat(ByteBufUtil.getBytes(out.readSlice(CANONICAL.length))).isEqualTo(CANONICAL);
        assertThat(out.readInt()).isEqualTo(CANONICAL.length);
        assertThat(ByteBufUtil.getBytes(out)).isEqualTo(CANONICAL);
        out.release();
    }
}
