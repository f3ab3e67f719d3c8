package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ZapReaderTest {

    /** A message with one field of every kind: scalars, text, bytes, fixed, nested object and three list shapes. */
    static byte[] kitchenSink() {
        ZapBuilder b = new ZapBuilder();
        ZapListWriter u16s = b.startList();
        u16s.addU16(1).addU16(0xFFFF).addU16(7);
        int u16sAt = u16s.finish();
        int u16sCount = u16s.count();
        ZapObjectWriter child = b.startObject(8);
        child.setU64(0, -1L);
        int childPos = child.finish();
        ZapListWriter elements = b.startList();
        elements.addElement("alpha".getBytes(StandardCharsets.UTF_8))
                .addElement(new byte[0])
                .addElement(new byte[] {9});
        int elementsAt = elements.finish();
        int elementsCount = elements.count();
        ZapListWriter raw = b.startList();
        raw.addRaw(new byte[] {1, 2, 3}, 0, 3);
        int rawAt = raw.finish();
        int rawCount = raw.count();
        b.startObject(96)
                .setBool(0, true)
                .setI8(1, -2)
                .setU16(2, 0xBEEF)
                .setI32(4, -5)
                .setU64(8, Long.MIN_VALUE)
                .setF32(16, 1.5f)
                .setF64(24, -2.25)
                .setText(32, "héllo")
                .setBytes(40, new byte[] {(byte) 0xAB})
                .setFixedBytes(48, new byte[] {4, 5, 6, 7}, 0, 4)
                .setObject(52, childPos)
                .setList(56, u16sAt, u16sCount)
                .setList(64, elementsAt, elementsCount)
                .setList(72, rawAt, rawCount)
                .setI16(80, (short) -3)
                .finishAsRoot();
        b.finish();
        return b.toByteArray();
    }

    static Stream<Arguments> backings() {
        Function<byte[], ZapMessage> array = bytes -> new ZapMessage().wrap(bytes);
        Function<byte[], ZapMessage> offsetArray = bytes -> {
            byte[] big = new byte[bytes.length + 13];
            System.arraycopy(bytes, 0, big, 7, bytes.length);
            return new ZapMessage().wrap(big, 7, bytes.length + 6);
        };
        Function<byte[], ZapMessage> direct = bytes -> {
            ByteBuffer d = ByteBuffer.allocateDirect(bytes.length + 3);
            d.position(3);
            d.put(bytes);
            return new ZapMessage().wrap(d, 3, bytes.length);
        };
        Function<byte[], ZapMessage> readOnlyHeap =
                bytes -> new ZapMessage().wrap(ByteBuffer.wrap(bytes).asReadOnlyBuffer(), 0, bytes.length);
        return Stream.of(
                Arguments.of("byte[]", array),
                Arguments.of("byte[] at offset", offsetArray),
                Arguments.of("direct ByteBuffer", direct),
                Arguments.of("read-only heap ByteBuffer", readOnlyHeap));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void readsEveryKindInPlace(String name, Function<byte[], ZapMessage> wrap) {
        ZapMessage msg = wrap.apply(kitchenSink());
        ZapObject o = msg.root(new ZapObject());
        ZapSlice s = new ZapSlice();
        assertThat(o.bool(0)).isTrue();
        assertThat(o.i8(1)).isEqualTo((byte) -2);
        assertThat(o.u8(1)).isEqualTo(0xFE);
        assertThat(o.u16(2)).isEqualTo(0xBEEF);
        assertThat(o.i32(4)).isEqualTo(-5);
        assertThat(o.u32(4)).isEqualTo(0xFFFF_FFFBL);
        assertThat(o.u64(8)).isEqualTo(Long.MIN_VALUE);
        assertThat(o.f32(16)).isEqualTo(1.5f);
        assertThat(o.f64(24)).isEqualTo(-2.25);
        assertThat(o.textAsString(32)).isEqualTo("héllo");
        assertThat(o.bytesEqual(32, "héllo".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(o.compareBytes(32, "h".getBytes(StandardCharsets.UTF_8))).isPositive();
        assertThat(o.bytes(40, s).toByteArray()).containsExactly(0xAB);
        assertThat(o.fixedBytes(48, 4, s).toByteArray()).containsExactly(4, 5, 6, 7);
        assertThat(o.object(52, new ZapObject()).u64(0)).isEqualTo(-1L);
        assertThat(o.i16(80)).isEqualTo((short) -3);

        ZapList l = o.list(56, new ZapList());
        assertThat(l.count()).isEqualTo(3);
        assertThat(List.of(l.u16(0), l.u16(1), l.u16(2))).containsExactly(1, 0xFFFF, 7);

        ZapListCursor c = new ZapListCursor().reset(o.list(64, new ZapList()));
        List<String> seen = new ArrayList<>();
        while (c.next()) {
            seen.add(c.element(s).asString());
        }
        assertThat(seen).containsExactly("alpha", "", "\t");
        assertThat(c.truncated()).isFalse();

        assertThat(o.list(72, new ZapList()).rawBytes(s).toByteArray()).containsExactly(1, 2, 3);
        ZapValidator.validate(
                msg,
                ZapLayout.parse("b:bool@0,i:i8@1,u:u16@2,n:i32@4,big:u64@8,f:f32@16,d:f64@24,"
                        + "t:text@32,y:bytes@40,x:fixed[4]@48,c:struct@52,"
                        + "l:list<u16>@56,e:list<bytes>@64,r:list<raw>@72"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void getBytesCopiesIntoTheCallersArray(String name, Function<byte[], ZapMessage> wrap) {
        ZapObject o = wrap.apply(kitchenSink()).root(new ZapObject());
        byte[] dst = new byte[10];
        assertThat(o.getBytes(32, dst, 2)).isEqualTo(6);
        assertThat(new String(dst, 2, 6, StandardCharsets.UTF_8)).isEqualTo("héllo");
        assertThatThrownBy(() -> o.getBytes(32, new byte[5], 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void fieldsPastTheMessageReadAsZeroOrEmpty(String name, Function<byte[], ZapMessage> wrap) {
        ZapObject o = wrap.apply(kitchenSink()).root(new ZapObject());
        int beyond = 10_000;
        assertThat(o.u64(beyond)).isZero();
        assertThat(o.u8(-1_000)).isZero();
        assertThat(o.bytesLength(beyond)).isZero();
        assertThat(o.textAsString(beyond)).isEmpty();
        assertThat(o.object(beyond, new ZapObject()).isNull()).isTrue();
        assertThat(o.list(beyond, new ZapList()).count()).isZero();
        assertThat(o.fixedBytes(beyond, 4, new ZapSlice()).length()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void aNullObjectReadsAsZeroEverywhere(String name, Function<byte[], ZapMessage> wrap) {
        ZapObject o = wrap.apply(kitchenSink()).root(new ZapObject());
        ZapObject none = o.object(96 + 1000, new ZapObject());
        assertThat(none.isNull()).isTrue();
        assertThat(none.position()).isEqualTo(-1);
        assertThat(none.u64(0)).isZero();
        assertThat(none.bytesLength(0)).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void listIndexOutsideTheCountIsTheCallersMistake(String name, Function<byte[], ZapMessage> wrap) {
        ZapList l = wrap.apply(kitchenSink()).root(new ZapObject()).list(56, new ZapList());
        assertThatThrownBy(() -> l.u16(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("backings")
    void structElementsAreMessagesOfTheirOwn(String name, Function<byte[], ZapMessage> wrap) {
        ZapBuilder inner = new ZapBuilder();
        inner.startObject(8).setU64(0, 77).finishAsRoot();
        inner.finish();
        ZapBuilder b = new ZapBuilder();
        ZapListWriter list = b.startList();
        list.addElement(inner).addElement(inner);
        int listAt = list.finish();
        b.startObject(8).setList(0, listAt, list.count()).finishAsRoot();
        b.finish();
        ZapMessage msg = wrap.apply(b.toByteArray());
        ZapListCursor c = new ZapListCursor().reset(msg.root(new ZapObject()).list(0, new ZapList()));
        ZapMessage element = new ZapMessage();
        int n = 0;
        while (c.next()) {
            assertThat(c.elementMessage(element).root(new ZapObject()).u64(0)).isEqualTo(77);
            n++;
        }
        assertThat(n).isEqualTo(2);
    }
}
