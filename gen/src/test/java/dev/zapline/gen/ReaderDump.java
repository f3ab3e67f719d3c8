package dev.zapline.gen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.Schema.Struct;
import dev.zapline.wire.ZapList;
import dev.zapline.wire.ZapListCursor;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads every field of a message through a generated reader (by reflection) into the canonical text of
 * {@link RandomFields}, checking on the way that the text/bytes family agrees with itself.
 */
final class ReaderDump {

    private final Schema schema;
    private final Compiled code;

    ReaderDump(Schema schema, Compiled code) {
        this.schema = schema;
        this.code = code;
    }

    List<String> dump(Struct s, byte[] message) throws ReflectiveOperationException {
        Class<?> type = code.type(s.name());
        Object reader = type.getConstructor().newInstance();
        type.getMethod("wrap", ZapMessage.class).invoke(reader, new ZapMessage().wrap(message));
        List<String> out = new ArrayList<>();
        for (Field f : s.fields()) {
            out.add(f.name() + "=" + read(type, reader, f));
        }
        return out;
    }

    private String read(Class<?> type, Object reader, Field f) throws ReflectiveOperationException {
        String m = JavaNames.member(f.name());
        return switch (f.type().kind()) {
            case TEXT, BYTES -> {
                byte[] v = slice(type.getMethod(m, ZapSlice.class).invoke(reader, new ZapSlice()));
                assertThat(type.getMethod(m + "Length").invoke(reader)).isEqualTo(v.length);
                assertThat(type.getMethod(m + "Equals", byte[].class).invoke(reader, (Object) v))
                        .isEqualTo(true);
                byte[] copy = new byte[v.length + 2];
                Method copyInto = type.getMethod("copy" + JavaNames.capital(m), byte[].class, int.class);
                assertThat(copyInto.invoke(reader, copy, 2)).isEqualTo(v.length);
                assertThat(Arrays.copyOfRange(copy, 2, copy.length)).isEqualTo(v);
                if (f.type().kind() == ZapType.Kind.TEXT) {
                    assertThat(type.getMethod(m + "AsString").invoke(reader))
                            .isEqualTo(new String(v, StandardCharsets.UTF_8));
                }
                yield RandomFields.HEX.formatHex(v);
            }
            case BYTES_FIXED ->
                RandomFields.HEX.formatHex(
                        slice(type.getMethod(m, ZapSlice.class).invoke(reader, new ZapSlice())));
            case LIST -> {
                ZapList list = (ZapList) type.getMethod(m, ZapList.class).invoke(reader, new ZapList());
                assertThat(type.getMethod(m + "Count").invoke(reader)).isEqualTo(list.count());
                List<String> elements = new ArrayList<>();
                ZapListCursor cursor = new ZapListCursor().reset(list);
                ZapSlice e = new ZapSlice();
                while (cursor.next()) {
                    elements.add(RandomFields.HEX.formatHex(cursor.element(e).toByteArray()));
                }
                assertThat(cursor.truncated()).isFalse();
                yield String.join(",", elements);
            }
            case STRUCT -> {
                Class<?> nested = code.type(f.type().struct());
                Object into = nested.getConstructor().newInstance();
                type.getMethod(m, nested).invoke(reader, into);
                ZapObject o = (ZapObject) nested.getMethod("zapObject").invoke(into);
                if (o.isNull()) {
                    yield "";
                }
                int size = schema.struct(f.type().struct()).fixedSize();
                byte[] all = o.message().toByteArray();
                yield RandomFields.HEX.formatHex(Arrays.copyOfRange(all, o.position(), o.position() + size));
            }
            default -> canonical(f.type().kind(), type.getMethod(m).invoke(reader));
        };
    }

    private static byte[] slice(Object slice) {
        return ((ZapSlice) slice).toByteArray();
    }

    private static String canonical(ZapType.Kind kind, Object v) {
        return switch (kind) {
            case U64 -> Long.toUnsignedString((Long) v);
            case F32 -> String.format("%08x", Float.floatToRawIntBits((Float) v));
            case F64 -> String.format("%016x", Double.doubleToRawLongBits((Double) v));
            default -> String.valueOf(v);
        };
    }
}
