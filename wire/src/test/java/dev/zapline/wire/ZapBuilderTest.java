package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ZapBuilderTest {

    static final String CANONICAL_V1 =
            Hex.of(ConformanceVectors.named("canonical-v1").bytes());

    @Test
    void writesTheCanonicalVectorByteForByte() {
        ZapBuilder b = new ZapBuilder();
        b.startObject(24)
                .setU32(0, 0xDEADBEEFL)
                .setText(8, "zap")
                .setBytes(16, new byte[] {1, 2, 3, 4})
                .finishAsRoot();
        b.finish();
        assertThat(Hex.of(b.toByteArray())).isEqualTo(CANONICAL_V1);
    }

    @Test
    void reusedBuilderWritesIdenticalBytesAfterALargerMessage() {
        ZapBuilder b = new ZapBuilder(16);
        b.startObject(64).setText(0, "x".repeat(1000)).finishAsRoot();
        b.finish();
        b.reset();
        b.startObject(24)
                .setU32(0, 0xDEADBEEFL)
                .setText(8, "zap")
                .setBytes(16, new byte[] {1, 2, 3, 4})
                .finishAsRoot();
        b.finish();
        assertThat(Hex.of(b.toByteArray())).isEqualTo(CANONICAL_V1);
    }

    @Test
    void writesStraightIntoACallersArray() {
        byte[] target = new byte[100];
        ZapBuilder b = new ZapBuilder();
        b.resetInto(target, 10, 80, Zap.VERSION_1);
        b.startObject(24)
                .setU32(0, 0xDEADBEEFL)
                .setText(8, "zap")
                .setBytes(16, new byte[] {1, 2, 3, 4})
                .finishAsRoot();
        int size = b.finish();
        byte[] out = java.util.Arrays.copyOfRange(target, 10, 10 + size);
        assertThat(Hex.of(out)).isEqualTo(CANONICAL_V1);
    }

    @Test
    void refusesToGrowACallersArray() {
        ZapBuilder b = new ZapBuilder();
        b.resetInto(new byte[40], 0, 40, Zap.VERSION_2);
        assertThatThrownBy(() -> b.startObject(32))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("needs 48 bytes, target holds 40");
    }

    @Test
    void deferredPayloadsFollowSetCallOrderNotFieldOrder() {
        ZapBuilder b = new ZapBuilder();
        b.startObject(16).setText(8, "second-field").setText(0, "first").finishAsRoot();
        b.finish();
        ZapObject root = new ZapMessage().wrap(b.toByteArray()).root(new ZapObject());
        assertThat(root.textAsString(0)).isEqualTo("first");
        assertThat(root.textAsString(8)).isEqualTo("second-field");
        // "second-field" was set first, so its payload sits right after the 16-byte fixed section
        ZapSlice s = root.bytes(8, new ZapSlice());
        assertThat(s.position()).isEqualTo(32);
    }

    @Test
    void listWrittenBeforeItsParentIsReachedByABackwardPointer() {
        ZapBuilder b = new ZapBuilder();
        ZapListWriter list = b.startList();
        list.addU64(7).addU64(9);
        int listAt = list.finish();
        b.startObject(8).setList(0, listAt, list.count()).finishAsRoot();
        b.finish();
        byte[] bytes = b.toByteArray();
        ZapObject root = new ZapMessage().wrap(bytes).root(new ZapObject());
        ZapList l = root.list(0, new ZapList());
        assertThat(l.count()).isEqualTo(2);
        assertThat(l.u64(0)).isEqualTo(7);
        assertThat(l.u64(1)).isEqualTo(9);
        assertThat(ByteBuffer.wrap(bytes)
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                        .getInt(root.position()))
                .isEqualTo(16 - 32);
    }

    @Test
    void nestedObjectStartedInsideItsParentIsWrittenAfterTheFixedSection() {
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter parent = b.startObject(16);
        parent.setText(8, "tail");
        ZapObjectWriter child = b.startObject(8);
        child.setU64(0, 99);
        int childPos = child.finish();
        parent.setObject(0, childPos).finishAsRoot();
        b.finish();
        ZapObject root = new ZapMessage().wrap(b.toByteArray()).root(new ZapObject());
        assertThat(root.object(0, new ZapObject()).u64(0)).isEqualTo(99);
        assertThat(root.textAsString(8)).isEqualTo("tail");
        assertThat(childPos).isEqualTo(32);
    }

    @Test
    void finishingAParentBeforeItsChildIsAnError() {
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter parent = b.startObject(8);
        b.startObject(8);
        assertThatThrownBy(parent::finish)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("still open");
    }

    @Test
    void startingAnObjectWhileAListIsOpenIsAnError() {
        ZapBuilder b = new ZapBuilder();
        b.startList().addU8(1);
        assertThatThrownBy(() -> b.startObject(8))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("list at 16 is open");
    }

    @Test
    void messageTypeGoesInTheHighByteOfTheFlags() {
        ZapBuilder b = new ZapBuilder();
        b.reset(Zap.VERSION_2);
        b.startObject(8).setU64(0, 1).finishAsRoot();
        b.finish(Zap.flags(3, Zap.FLAG_SIGNED));
        ZapMessage m = new ZapMessage().wrap(b.toByteArray());
        assertThat(m.version()).isEqualTo(2);
        assertThat(m.type()).isEqualTo(3);
        assertThat(m.flags()).isEqualTo(0x0304);
    }

    @Test
    void nonAsciiTextIsEncodedAsUtf8() {
        ZapBuilder b = new ZapBuilder();
        String text = "héllo – \uD83D\uDE80";
        b.startObject(8).setText(0, text).finishAsRoot();
        b.finish();
        ZapObject root = new ZapMessage().wrap(b.toByteArray()).root(new ZapObject());
        assertThat(root.textAsString(0)).isEqualTo(text);
        assertThat(root.bytesLength(0)).isEqualTo(text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }
}
