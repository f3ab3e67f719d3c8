package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hand-made lies in lists: counts, element length prefixes, struct elements that are not messages, and pointer
 * cycles. Readers stop or read empty inside the message; the validator reports where the lie is stored.
 */
class HostileListsTest {

    private static final ZapLayout ELEMENT = ZapLayout.parse("t:text@0");
    private static final ZapLayout LAYOUT = ZapLayout.builder()
            .list("b", ZapKind.BYTES)
            .list("s", ZapKind.STRUCT, ELEMENT)
            .build();

    /**
     * Root at 16 (fixed 16); bytes list at 32: [2]"ab" [1]"c" (slot at 16: rel 16, count 2); struct list padded to
     * 48: one element [26] = a message whose root (at element+16) has text "hi" (slot at 24: rel 24, count 1).
     */
    static byte[] message() {
        ZapBuilder element = new ZapBuilder();
        element.startObject(8).setText(0, "hi").finishAsRoot();
        element.finish();
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter root = b.startObject(16);
        ZapListWriter bytes = b.startList()
                .addElement("ab".getBytes(StandardCharsets.US_ASCII))
                .addElement(new byte[] {'c'});
        bytes.finish();
        root.setList(0, bytes.position(), bytes.count());
        ZapListWriter structs = b.startList().addElement(element);
        structs.finish();
        root.setList(8, structs.position(), structs.count()).finishAsRoot();
        b.finish();
        return b.toByteArray();
    }

    private static ZapList list(byte[] bytes, int field) {
        return new ZapMessage().wrap(bytes).root(new ZapObject()).list(field, new ZapList());
    }

    private static void assertRejectedAt(byte[] bytes, long offset, String reason) {
        assertThatThrownBy(() -> ZapValidator.validate(new ZapMessage().wrap(bytes), LAYOUT))
                .isInstanceOf(ZapFormatException.class)
                .hasMessageContaining(reason)
                .extracting("offset")
                .isEqualTo(offset);
        MalformedChecks.check(bytes, LAYOUT);
    }

    @Test
    void wellFormedListsValidateAndRead() {
        byte[] bytes = message();
        ZapValidator.validate(new ZapMessage().wrap(bytes), LAYOUT);
        ZapListCursor c = new ZapListCursor().reset(list(bytes, 8));
        assertThat(c.next()).isTrue();
        assertThat(c.elementMessage(new ZapMessage()).root(new ZapObject()).textAsString(0))
                .isEqualTo("hi");
        assertThat(Patch.readI32(bytes, 24 + 4)).isEqualTo(1);
        assertThat(bytes.length).isEqualTo(48 + 4 + 26);
    }

    @ParameterizedTest
    @ValueSource(longs = {0xFFFF_FFFFL, 0x8000_0000L, 79})
    void countLargerThanTheMessageReadsAsAnEmptyList(long count) {
        byte[] bytes = Patch.u32(message(), 20, count);
        assertThat(list(bytes, 0).count()).isZero();
        assertThat(new ZapListCursor().reset(list(bytes, 0)).next()).isFalse();
        assertRejectedAt(bytes, 16, "past the message size");
    }

    @Test
    void countLargerThanTheElementsEndsTheWalkInsideTheMessage() {
        byte[] bytes = Patch.u32(message(), 20, 40);
        ZapListCursor c = new ZapListCursor().reset(list(bytes, 0));
        int walked = 0;
        while (c.next()) {
            assertThat(c.element(new ZapSlice()).position() + c.elementLength()).isLessThanOrEqualTo(bytes.length);
            walked++;
        }
        assertThat(walked).isBetween(2, 40);
        assertThat(c.truncated()).isTrue();
        assertRejectedAt(bytes, 16, "past the message size");
    }

    @ParameterizedTest
    @ValueSource(longs = {0xFFFF_FFFFL, 0xFFFF_FFFCL, 75})
    void elementLengthPrefixPastTheEndStopsTheWalk(long length) {
        byte[] bytes = Patch.u32(message(), 32, length);
        ZapListCursor c = new ZapListCursor().reset(list(bytes, 0));
        assertThat(c.next()).isFalse();
        assertThat(c.truncated()).isTrue();
        assertRejectedAt(bytes, 16, "element 0 of 2 spans");
    }

    @ParameterizedTest
    @ValueSource(ints = {-16, -17, -40, -100_000, Integer.MIN_VALUE, 1000, Integer.MAX_VALUE})
    void listPointerIntoTheHeaderOrOutsideTheMessageReadsEmpty(int rel) {
        byte[] bytes = Patch.u32(message(), 16, rel);
        assertThat(list(bytes, 0).count()).isZero();
        assertThat(list(bytes, 0).rawBytes(new ZapSlice()).isEmpty()).isTrue();
        assertRejectedAt(bytes, 16, "outside [16,");
    }

    @Test
    void fixedStrideListWithAnAbsurdCountIsEmptyAndRejected() {
        ZapLayout u64s = ZapLayout.builder().list("b", ZapKind.U64).build();
        byte[] bytes = Patch.u32(message(), 20, 7); // 7 * 8 bytes from 32 run past 78
        assertThat(list(bytes, 0).count()).isEqualTo(7);
        assertThat(list(bytes, 0).u64(6)).isZero();
        assertThatThrownBy(() -> ZapValidator.validate(new ZapMessage().wrap(bytes), u64s))
                .isInstanceOf(ZapFormatException.class)
                .extracting("offset")
                .isEqualTo(16L);
    }

    @Test
    void structElementWithABadMagicIsReportedInsideTheElement() {
        byte[] bytes = Patch.u32(message(), 52, 0x0050_415B);
        assertThatThrownBy(() -> new ZapListCursor().reset(list(bytes, 8)).elementMessage(new ZapMessage()))
                .isInstanceOf(ZapFormatException.class);
        assertRejectedAt(bytes, 52, "bad magic");
    }

    @Test
    void structElementWithAnUnknownVersionIsReportedAtItsVersion() {
        byte[] bytes = Patch.u32(message(), 56, 9);
        assertRejectedAt(bytes, 56, "unknown version 9");
    }

    @Test
    void structElementDeclaringMoreBytesThanItHasIsReportedAtItsSize() {
        byte[] bytes = Patch.u32(message(), 52 + 12, 27);
        assertRejectedAt(bytes, 64, "size 27 outside [16, 26]");
    }

    @Test
    void structElementShorterThanAHeaderIsReportedAtItsStart() {
        // The element now claims 3 bytes; the walk goes on at 55 and finds garbage for the count it was promised.
        byte[] bytes = Patch.u32(message(), 48, 3);
        assertRejectedAt(bytes, 52, "shorter than the 16-byte header");
    }

    @Test
    void badPointerInsideAStructElementIsReportedAtItsPlaceInTheOuterMessage() {
        // element at 52; its root at element+16; its text slot at element+16 -> outer 68
        byte[] bytes = Patch.u32(message(), 68, 1000);
        assertThat(new ZapListCursor().reset(list(bytes, 8)).next()).isTrue();
        assertRejectedAt(bytes, 68, "list 's' element 0: text 't'");
    }

    @Test
    void pointerCycleBetweenTwoObjectsEndsAtTheNestingLimit() {
        // A at 16 points forward to B at 24 (rel +8); B points back to A (rel -8). Readers follow it forever.
        byte[] bytes = Hex.bytes("5a415000" + "0100" + "0000" + "10000000" + "20000000" + "08000000" + "00000000"
                + "f8ffffff" + "00000000");
        ZapObject o = new ZapMessage().wrap(bytes).root(new ZapObject());
        for (int i = 0; i < 10_000; i++) {
            o.object(0, o);
        }
        assertThat(o.position()).isEqualTo(16);

        ZapLayout deep = null;
        for (int i = 0; i < 100; i++) {
            deep = ZapLayout.builder().struct("next", deep).build();
        }
        ZapLayout finalDeep = deep;
        assertThatThrownBy(() -> ZapValidator.validate(new ZapMessage().wrap(bytes), finalDeep))
                .isInstanceOf(ZapFormatException.class)
                .hasMessageContaining("nesting deeper than 64")
                .extracting("offset")
                .isIn(16L, 24L);
        MalformedChecks.check(bytes, finalDeep);

        ZapLayout shallow = null;
        for (int i = 0; i < 10; i++) {
            shallow = ZapLayout.builder().struct("next", shallow).build();
        }
        ZapValidator.validate(new ZapMessage().wrap(bytes), shallow);
    }
}
