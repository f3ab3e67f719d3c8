package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hand-made lies in sizes and pointers. Readers see an empty or null field and never read outside the message;
 * the validator names the slot (or header field) holding the bad pointer, whatever the pointer's target.
 */
class HostilePointersTest {

    /**
     * canonical-v1: root at 16; u32 @0; text slot at 24 -> "zap" at 40; bytes slot at 32 -> 01020304 at 43; size 47.
     */
    private static final byte[] CANONICAL =
            ConformanceVectors.named("canonical-v1").bytes();

    private static final ZapLayout CANONICAL_LAYOUT = ZapLayout.parse("n:u32@0,s:text@8,b:bytes@16");
    private static final ZapLayout CHILD = ZapLayout.parse("v:u64@0");
    private static final ZapLayout PARENT = ZapLayout.builder()
            .struct("c", CHILD)
            .at(8, new ZapField("l", ZapKind.LIST, 8, 0, ZapKind.U32, null))
            .build();

    /**
     * List of two u32 at 16, child {u64 7} at 24, root at 32: struct slot at 32 (rel -8), list slot at 40 (rel -24).
     */
    private static byte[] parentWithBackwardPointers() {
        ZapBuilder b = new ZapBuilder();
        ZapListWriter l = b.startList().addU32(5).addU32(6);
        l.finish();
        int child = b.startObject(8).setU64(0, 7).finish();
        b.startObject(16)
                .setObject(0, child)
                .setList(8, l.position(), l.count())
                .finishAsRoot();
        b.finish();
        return b.toByteArray();
    }

    private static ZapObject root(byte[] bytes) {
        return new ZapMessage().wrap(bytes).root(new ZapObject());
    }

    private static void assertRejectedAt(byte[] bytes, ZapLayout layout, long offset) {
        assertThatThrownBy(() -> ZapValidator.validate(new ZapMessage().wrap(bytes), layout))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(offset);
        MalformedChecks.check(bytes, layout);
    }

    @ParameterizedTest
    @ValueSource(longs = {15, 48, 0xFFFF_FFFFL, 0x8000_0000L})
    void sizeOutsideTheHeaderAndTheBytesAvailableIsRejected(long size) {
        assertThatThrownBy(() -> new ZapMessage().wrap(Patch.u32(CANONICAL, 12, size)))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(12L);
    }

    @Test
    void sizeThatStopsShortOfThePayloadsHidesThem() {
        byte[] bytes = Patch.u32(CANONICAL, 12, 43);
        assertThat(root(bytes).textAsString(8)).isEqualTo("zap");
        assertThat(root(bytes).bytesLength(16)).isZero();
        assertRejectedAt(bytes, CANONICAL_LAYOUT, 32);
        assertRejectedAt(Patch.u32(CANONICAL, 12, 40), CANONICAL_LAYOUT, 24);
    }

    @Test
    void payloadPointerPastTheEndReadsEmpty() {
        byte[] bytes = Patch.u32(CANONICAL, 24, 1000);
        assertThat(root(bytes).textAsString(8)).isEmpty();
        assertThat(root(bytes).bytes(8, new ZapSlice()).isEmpty()).isTrue();
        assertRejectedAt(bytes, CANONICAL_LAYOUT, 24);
    }

    @Test
    void payloadPointerThatWouldWrapPast2To32IntoTheObjectReadsEmpty() {
        // 24 + 0xFFFFFFF8 = 2^32 + 16: a reader adding in 32 bits would read the root's own fixed section.
        byte[] bytes = Patch.u32(Patch.u32(CANONICAL, 24, 0xFFFF_FFF8L), 28, 4);
        assertThat(root(bytes).bytesLength(8)).isZero();
        assertThat(root(bytes).textAsString(8)).isEmpty();
        assertRejectedAt(bytes, CANONICAL_LAYOUT, 24);
    }

    @ParameterizedTest
    @ValueSource(longs = {0xFFFF_FFFFL, 0xFFFF_FFFCL, 0x8000_0000L, 8})
    void payloadLengthRunningPastTheEndReadsEmpty(long length) {
        byte[] bytes = Patch.u32(CANONICAL, 28, length);
        assertThat(root(bytes).bytesLength(8)).isZero();
        assertThat(root(bytes).getBytes(8, new byte[0], 0)).isZero();
        assertRejectedAt(bytes, CANONICAL_LAYOUT, 24);
    }

    @Test
    void nullPayloadPointerWithALengthIsReadAsNullAndRejected() {
        byte[] bytes = Patch.u32(CANONICAL, 24, 0);
        assertThat(root(bytes).bytesLength(8)).isZero();
        assertRejectedAt(bytes, CANONICAL_LAYOUT, 24);
    }

    @Test
    void parentWithBackwardPointersIsValid() {
        byte[] bytes = parentWithBackwardPointers();
        ZapValidator.validate(new ZapMessage().wrap(bytes), PARENT);
        assertThat(root(bytes).object(0, new ZapObject()).u64(0)).isEqualTo(7);
        assertThat(root(bytes).list(8, new ZapList()).u32(1)).isEqualTo(6);
    }

    @ParameterizedTest
    @ValueSource(ints = {-28, -32, -8 - 16 - 1, Integer.MIN_VALUE, 16, 100, Integer.MAX_VALUE})
    void structPointerIntoTheHeaderOrOutsideTheMessageIsNullAndReportedAtItsSlot(int rel) {
        byte[] bytes = Patch.u32(parentWithBackwardPointers(), 32, rel);
        assertThat(root(bytes).object(0, new ZapObject()).isNull()).isTrue();
        assertThat(root(bytes).object(0, new ZapObject()).u64(0)).isZero();
        assertRejectedAt(bytes, PARENT, 32);
    }

    @Test
    void structWhoseFixedSectionRunsPastTheEndIsReportedAtItsSlot() {
        // rel +8 puts the 8-byte child at 40..48 = the list slot, still inside; +12 makes it end at 52 > 48
        byte[] bytes = Patch.u32(parentWithBackwardPointers(), 32, 12);
        assertThat(root(bytes).object(0, new ZapObject()).u64(0)).isZero();
        assertRejectedAt(bytes, PARENT, 32);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 8, 15, 48, 44, 0xFFFF_FFFFL, 0x8000_0000L})
    void rootOffsetIntoTheHeaderOrPastTheObjectIsNullAndReportedAtTheHeaderField(long rootOffset) {
        byte[] bytes = Patch.u32(parentWithBackwardPointers(), 8, rootOffset);
        ZapObject root = root(bytes);
        assertThat(root.u64(0)).isEqualTo(rootOffset < 16 || rootOffset >= 48 ? 0 : root.u64(0));
        assertRejectedAt(bytes, PARENT, 8);
    }

    /**
     * The npm peer writes a message without fields as a bare header, root at 16 = size: it validates against a layout
     * without fields, and readers take the root as null, with nothing to read either way. (ZapWireFuzzTest's strict
     * reading first called this a disagreement.)
     */
    @Test
    void aRootWithoutFieldsMayEndTheMessage() {
        byte[] headerOnly = Hex.bytes("5a415000 0200 0000 10000000 10000000");
        ZapValidator.validate(
                new ZapMessage().wrap(headerOnly), ZapLayout.builder().build());
        assertThat(root(headerOnly).isNull()).isTrue();
        assertRejectedAt(headerOnly, ZapLayout.parse("a:u8"), Zap.OFFSET_ROOT);
    }
}
