package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Golden bytes for the list shapes the peer's builder cannot write (fixed-stride u8/u16/u32/u64 and raw bytes),
 * derived by hand from the DESIGN.md rules: an object or list start pads to 8 from the message start; a list slot
 * is {relOffset i32 from the slot, count u32}; deferred payloads follow their object's fixed section (and anything
 * written while it was open) in set-call order; the total size is not padded. Each case is checked both ways.
 */
class StrideAndRawListGoldenTest {

    private static final String HEADER_V1 = "5a415000" + "0100" + "0000";

    private static ZapList list(byte[] bytes, int field) {
        return new ZapMessage().wrap(bytes).root(new ZapObject()).list(field, new ZapList());
    }

    @Test
    void u8ListStartedInsideItsParentFollowsTheFixedSection() {
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter parent = b.startObject(8);
        ZapListWriter l = b.startList().addU8(1).addU8(2).addU8(3);
        l.finish();
        parent.setList(0, l.position(), l.count()).finishAsRoot();
        b.finish();
        // root 16, size 27 (not padded); slot at 16 -> list at 24: rel 8, count 3; three 1-byte elements
        String golden = HEADER_V1 + "10000000" + "1b000000" + "08000000" + "03000000" + "010203";
        assertThat(Hex.of(b.toByteArray())).isEqualTo(golden);

        ZapList read = list(Hex.bytes(golden), 0);
        assertThat(read.count()).isEqualTo(3);
        assertThat(new int[] {read.u8(0), read.u8(1), read.u8(2)}).containsExactly(1, 2, 3);
        ZapValidator.validate(new ZapMessage().wrap(Hex.bytes(golden)), ZapLayout.parse("l:list<u8>@0"));
    }

    @Test
    void u16ListBeforeItsParentIsPaddedAndReachedBackwards() {
        ZapBuilder b = new ZapBuilder();
        ZapListWriter l = b.startList().addU16(0x1234).addU16(0xBEEF);
        l.finish();
        b.startObject(16).setList(0, l.position(), l.count()).setText(8, "hi").finishAsRoot();
        b.finish();
        // list at 16 (4 bytes), parent pads 20 -> 24; list slot at 24: rel 16-24 = -8; text slot at 32: payload
        // after the fixed section at 40, rel 8, length 2; root 24, size 42
        String golden = HEADER_V1 + "18000000" + "2a000000" + "3412" + "efbe" + "00000000" + "f8ffffff" + "02000000"
                + "08000000" + "02000000" + "6869";
        assertThat(Hex.of(b.toByteArray())).isEqualTo(golden);

        ZapList read = list(Hex.bytes(golden), 0);
        assertThat(read.position()).isEqualTo(16);
        assertThat(new int[] {read.u16(0), read.u16(1)}).containsExactly(0x1234, 0xBEEF);
        ZapValidator.validate(new ZapMessage().wrap(Hex.bytes(golden)), ZapLayout.parse("l:list<u16>@0,t:text@8"));
    }

    @Test
    void u32ListInsideItsParentComesBeforeThePayloadSetEarlier() {
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter parent = b.startObject(16).setText(0, "ab");
        ZapListWriter l = b.startList().addU32(0xDEADBEEFL).addU32(1);
        l.finish();
        parent.setList(8, l.position(), l.count()).finishAsRoot();
        b.finish();
        // fixed section 16..32; list at 32 (slot at 24: rel 8, count 2); the deferred "ab" lands at 40 on finish
        // (slot at 16: rel 24, length 2); size 42
        String golden = HEADER_V1 + "10000000" + "2a000000" + "18000000" + "02000000" + "08000000" + "02000000"
                + "efbeadde" + "01000000" + "6162";
        assertThat(Hex.of(b.toByteArray())).isEqualTo(golden);

        ZapList read = list(Hex.bytes(golden), 8);
        assertThat(new long[] {read.u32(0), read.u32(1)}).containsExactly(0xDEADBEEFL, 1L);
        ZapValidator.validate(new ZapMessage().wrap(Hex.bytes(golden)), ZapLayout.parse("t:text@0,l:list<u32>@8"));
    }

    @Test
    void u64ListAfterAnOddPayloadIsPaddedToEight() {
        ZapBuilder b = new ZapBuilder().reset(2);
        int child = b.startObject(8).setText(0, "xyz").finish();
        ZapListWriter l = b.startList().addU64(1).addU64(-1);
        l.finish();
        b.startObject(16)
                .setObject(0, child)
                .setList(8, l.position(), l.count())
                .finishAsRoot();
        b.finish(Zap.flags(7, Zap.FLAG_SIGNED));
        // child at 16 with "xyz" at 24..27; list pads 27 -> 32 and takes 32..48; root at 48: struct slot rel
        // 16-48 = -32, list slot at 56: rel 32-56 = -24, count 2; version 2, flags 0x0704; size 64
        String golden = "5a415000" + "0200" + "0407" + "30000000" + "40000000"
                + "08000000" + "03000000" + "78797a" + "0000000000"
                + "0100000000000000" + "ffffffffffffffff"
                + "e0ffffff" + "00000000" + "e8ffffff" + "02000000";
        assertThat(Hex.of(b.toByteArray())).isEqualTo(golden);

        byte[] bytes = Hex.bytes(golden);
        ZapList read = list(bytes, 8);
        assertThat(new long[] {read.u64(0), read.u64(1)}).containsExactly(1L, -1L);
        ZapObject root = new ZapMessage().wrap(bytes).root(new ZapObject());
        assertThat(root.object(0, new ZapObject()).textAsString(0)).isEqualTo("xyz");
        ZapValidator.validate(new ZapMessage().wrap(bytes), ZapLayout.parse("c:struct@0,l:list<u64>@8"));
    }

    @Test
    void rawBytesListCountsBytesNotAppends() {
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter parent = b.startObject(8);
        byte[] hello = "hello!".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        ZapListWriter l = b.startList().addRaw(hello, 0, 5).addRaw(hello, 5, 1);
        l.finish();
        parent.setList(0, l.position(), l.count()).finishAsRoot();
        b.finish();
        // list at 24: rel 8, count 6 (bytes); size 30
        String golden = HEADER_V1 + "10000000" + "1e000000" + "08000000" + "06000000" + "68656c6c6f21";
        assertThat(Hex.of(b.toByteArray())).isEqualTo(golden);

        ZapList read = list(Hex.bytes(golden), 0);
        assertThat(read.rawBytes(new ZapSlice()).asString()).isEqualTo("hello!");
        ZapValidator.validate(new ZapMessage().wrap(Hex.bytes(golden)), ZapLayout.parse("l:list<raw>@0"));
    }

    @Test
    void emptyListStillPadsTheMessage() {
        ZapBuilder b = new ZapBuilder();
        b.startObject(8).setBytes(0, new byte[] {1}).finishAsRoot();
        ZapListWriter l = b.startList();
        l.finish();
        b.finish();
        // payload byte at 24 ends the message at 25; the empty list still pads to 32, which becomes the size
        String golden = HEADER_V1 + "10000000" + "20000000" + "08000000" + "01000000" + "01" + "00000000000000";
        assertThat(Hex.of(b.toByteArray())).isEqualTo(golden);
        assertThat(l.count()).isZero();
    }
}
