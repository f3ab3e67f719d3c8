package dev.zapline.cli.inspect;

import dev.zapline.wire.ZapField;
import dev.zapline.wire.ZapKind;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapList;
import dev.zapline.wire.ZapListCursor;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the root object's fields by a {@link ZapLayout}: numbers, text as text, bytes as hex, lists expanded. */
final class LayoutFields {

    private final ZapMessage msg;
    private final ZapSlice slice = new ZapSlice();

    LayoutFields(ZapMessage msg) {
        this.msg = msg;
    }

    Map<String, Object> describe(ZapLayout layout) {
        ZapObject obj = msg.root(new ZapObject());
        Map<String, Object> out = new LinkedHashMap<>();
        for (ZapField f : layout.fields()) {
            out.put(f.name(), value(obj, f));
        }
        return out;
    }

    private Object value(ZapObject o, ZapField f) {
        int at = f.offset();
        return switch (f.kind()) {
            case BOOL -> o.bool(at);
            case U8 -> o.u8(at);
            case I8 -> o.i8(at);
            case U16 -> o.u16(at);
            case I16 -> o.i16(at);
            case U32 -> o.u32(at);
            case I32 -> o.i32(at);
            case F32 -> o.f32(at);
            case U64 -> new BigInteger(Long.toUnsignedString(o.u64(at)));
            case I64 -> o.i64(at);
            case F64 -> o.f64(at);
            case TEXT -> o.textAsString(at);
            case BYTES -> hex(o.bytes(at, slice).toByteArray());
            case FIXED -> hex(o.fixedBytes(at, f.fixedSize(), slice).toByteArray());
            case STRUCT -> {
                ZapObject nested = o.object(at, new ZapObject());
                yield nested.isNull() ? "null" : "object at " + nested.position();
            }
            case LIST -> list(o.list(at, new ZapList()), f.element());
            case RAW -> throw new IllegalStateException("raw is not a field kind");
        };
    }

    private Object list(ZapList l, ZapKind element) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", l.count());
        List<Object> items = new ArrayList<>();
        switch (element) {
            case U8 -> {
                for (int i = 0; i < l.count(); i++) items.add(l.u8(i));
            }
            case U16 -> {
                for (int i = 0; i < l.count(); i++) items.add(l.u16(i));
            }
            case U32 -> {
                for (int i = 0; i < l.count(); i++) items.add(l.u32(i));
            }
            case U64 -> {
                for (int i = 0; i < l.count(); i++) items.add(new BigInteger(Long.toUnsignedString(l.u64(i))));
            }
            case RAW -> items.add(hex(l.rawBytes(slice).toByteArray()));
            default -> {
                ZapListCursor c = new ZapListCursor();
                for (c.reset(l); c.next(); ) {
                    byte[] b = c.element(slice).toByteArray();
                    items.add(
                            switch (element) {
                                case TEXT -> c.element(slice).asString();
                                case STRUCT -> "message of " + b.length + " bytes";
                                default -> hex(b);
                            });
                }
            }
        }
        out.put("elements", items);
        return out;
    }

    private static String hex(byte[] b) {
        return b.length == 0 ? "" : "0x" + HexFormat.of().formatHex(b);
    }
}
