package dev.zapline.wire.peer;

import dev.zapline.wire.ZapField;
import dev.zapline.wire.ZapKind;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapList;
import dev.zapline.wire.ZapListCursor;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.peer.PeerModel.ListVal;
import dev.zapline.wire.peer.PeerModel.Msg;
import dev.zapline.wire.peer.PeerModel.Obj;
import dev.zapline.wire.peer.PeerModel.Slot;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * One canonical text for "the values a message carries", computed three ways that must agree: from the value tree
 * ({@link #expected}), by zapline's readers ({@link #actual}) and by the peer's readers (the JS driver prints the
 * same format). Scalars print as decimal (unsigned kinds unsigned, signed kinds signed), floats as their bit
 * pattern in hex, text and bytes as hex (text after a decode/encode round trip), a null struct as {@code null}.
 */
final class Describe {

    private static final HexFormat HEX = HexFormat.of();

    private Describe() {}

    static String expected(Msg m) {
        return "m" + m.version() + "/" + m.flags() + expected(m.root());
    }

    static String expected(Obj o) {
        StringBuilder sb = new StringBuilder("{");
        for (Slot s : o.slots()) {
            sb.append(s.kind().specName()).append('@').append(s.offset()).append('=');
            Object v = s.value();
            switch (s.kind()) {
                case TEXT -> sb.append(HEX.formatHex(((String) v).getBytes(StandardCharsets.UTF_8)));
                case BYTES, FIXED -> sb.append(HEX.formatHex((byte[]) v));
                case STRUCT -> sb.append(v == null ? "null" : expected((Obj) v));
                case LIST -> {
                    sb.append('[');
                    List<Object> items = v == null ? List.of() : ((ListVal) v).items();
                    for (int i = 0; i < items.size(); i++) {
                        Object item = items.get(i);
                        sb.append(i == 0 ? "" : ",")
                                .append(
                                        switch (item) {
                                            case String t -> HEX.formatHex(t.getBytes(StandardCharsets.UTF_8));
                                            case byte[] b -> HEX.formatHex(b);
                                            default -> expected((Msg) item);
                                        });
                    }
                    sb.append(']');
                }
                default -> sb.append(scalar(s.kind(), (Long) v));
            }
            sb.append(';');
        }
        return sb.append('}').toString();
    }

    static String scalar(ZapKind kind, long v) {
        return switch (kind) {
            case BOOL -> v != 0 ? "1" : "0";
            case U8 -> Long.toString(v & 0xFF);
            case I8 -> Long.toString((byte) v);
            case U16 -> Long.toString(v & 0xFFFF);
            case I16 -> Long.toString((short) v);
            case U32 -> Long.toString(v & 0xFFFF_FFFFL);
            case I32 -> Long.toString((int) v);
            case U64 -> Long.toUnsignedString(v);
            case I64 -> Long.toString(v);
            case F32 -> String.format("%08x", v & 0xFFFF_FFFFL);
            case F64 -> String.format("%016x", v);
            default -> throw new IllegalArgumentException("not a scalar: " + kind);
        };
    }

    static String actual(ZapMessage msg, Obj shape) {
        return "m" + msg.version() + "/" + msg.flags() + actual(msg.root(new ZapObject()), shape);
    }

    static String actual(ZapObject o, Obj shape) {
        StringBuilder sb = new StringBuilder("{");
        ZapSlice slice = new ZapSlice();
        for (Slot s : shape.slots()) {
            int f = s.offset();
            sb.append(s.kind().specName()).append('@').append(f).append('=');
            switch (s.kind()) {
                case BOOL -> sb.append(o.bool(f) ? "1" : "0");
                case U8 -> sb.append(o.u8(f));
                case I8 -> sb.append(o.i8(f));
                case U16 -> sb.append(o.u16(f));
                case I16 -> sb.append(o.i16(f));
                case U32 -> sb.append(o.u32(f));
                case I32 -> sb.append(o.i32(f));
                case U64 -> sb.append(Long.toUnsignedString(o.u64(f)));
                case I64 -> sb.append(o.i64(f));
                case F32 -> sb.append(String.format("%08x", Float.floatToRawIntBits(o.f32(f))));
                case F64 -> sb.append(String.format("%016x", Double.doubleToRawLongBits(o.f64(f))));
                case TEXT -> sb.append(HEX.formatHex(o.textAsString(f).getBytes(StandardCharsets.UTF_8)));
                case BYTES -> sb.append(HEX.formatHex(o.bytes(f, slice).toByteArray()));
                case FIXED ->
                    sb.append(HEX.formatHex(o.fixedBytes(f, s.n(), slice).toByteArray()));
                case STRUCT -> {
                    ZapObject child = o.object(f, new ZapObject());
                    sb.append(child.isNull() ? "null" : actual(child, (Obj) s.value()));
                }
                case LIST -> list(sb, o.list(f, new ZapList()), (ListVal) s.value());
                default -> throw new IllegalArgumentException("unexpected kind " + s.kind());
            }
            sb.append(';');
        }
        return sb.append('}').toString();
    }

    private static void list(StringBuilder sb, ZapList list, ListVal shape) {
        sb.append('[');
        ZapListCursor cursor = new ZapListCursor().reset(list);
        ZapSlice element = new ZapSlice();
        for (int i = 0; cursor.next(); i++) {
            sb.append(i == 0 ? "" : ",");
            ZapKind kind = shape == null ? ZapKind.BYTES : shape.element();
            switch (kind) {
                case TEXT ->
                    sb.append(HEX.formatHex(cursor.element(element).asString().getBytes(StandardCharsets.UTF_8)));
                case BYTES -> sb.append(HEX.formatHex(cursor.element(element).toByteArray()));
                default ->
                    sb.append(
                            i < shape.items().size()
                                    ? actual(
                                            cursor.elementMessage(new ZapMessage()),
                                            ((Msg) shape.items().get(i)).root())
                                    : "extra element");
            }
        }
        if (cursor.truncated()) {
            sb.append(",truncated");
        }
        sb.append(']');
    }

    /** The layout the tree implies, for {@link dev.zapline.wire.ZapValidator}; struct list elements unchecked. */
    static ZapLayout layout(Obj o) {
        ZapLayout.Builder b = ZapLayout.builder();
        for (Slot s : o.slots()) {
            ZapKind element = s.kind() == ZapKind.LIST
                    ? (s.value() == null ? ZapKind.BYTES : ((ListVal) s.value()).element())
                    : null;
            ZapLayout nested = s.kind() == ZapKind.STRUCT && s.value() != null ? layout((Obj) s.value()) : null;
            b.at(s.offset(), new ZapField("f" + s.offset(), s.kind(), s.offset(), s.n(), element, nested));
        }
        ZapLayout laid = b.build();
        return laid.fixedSize() == o.size() ? laid : new ZapLayout(laid.fields(), o.size());
    }
}
