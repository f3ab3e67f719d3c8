package dev.zapline.wire.peer;

import dev.zapline.wire.ZapKind;
import dev.zapline.wire.peer.PeerModel.AddElement;
import dev.zapline.wire.peer.PeerModel.AddMessage;
import dev.zapline.wire.peer.PeerModel.EndList;
import dev.zapline.wire.peer.PeerModel.Finish;
import dev.zapline.wire.peer.PeerModel.ListVal;
import dev.zapline.wire.peer.PeerModel.Msg;
import dev.zapline.wire.peer.PeerModel.Obj;
import dev.zapline.wire.peer.PeerModel.Op;
import dev.zapline.wire.peer.PeerModel.SetBytes;
import dev.zapline.wire.peer.PeerModel.SetFixed;
import dev.zapline.wire.peer.PeerModel.SetList;
import dev.zapline.wire.peer.PeerModel.SetObject;
import dev.zapline.wire.peer.PeerModel.SetScalar;
import dev.zapline.wire.peer.PeerModel.SetText;
import dev.zapline.wire.peer.PeerModel.Slot;
import dev.zapline.wire.peer.PeerModel.Start;
import dev.zapline.wire.peer.PeerModel.StartList;
import java.util.HexFormat;

/**
 * The JSON the JS driver reads (see {@code peer/zap-peer-driver.mjs}): per message {@code {"v","f","c","ops"}}
 * with each call a short array, and per object a shape {@code [[kind, offset, n, sub], …]} naming what to read.
 */
final class PeerJson {

    private static final HexFormat HEX = HexFormat.of();

    private PeerJson() {}

    static void msg(StringBuilder sb, Msg m) {
        sb.append("{\"v\":")
                .append(m.version())
                .append(",\"f\":")
                .append(m.flags())
                .append(",\"c\":")
                .append(m.capacity())
                .append(",\"ops\":[");
        boolean first = true;
        for (Op op : m.ops()) {
            sb.append(first ? "[" : ",[");
            first = false;
            op(sb, op);
            sb.append(']');
        }
        sb.append("]}");
    }

    private static void op(StringBuilder sb, Op op) {
        switch (op) {
            case Start s -> sb.append("\"o\",").append(s.id()).append(',').append(s.size());
            case SetScalar s -> {
                sb.append("\"s\",")
                        .append(s.obj())
                        .append(",\"")
                        .append(s.kind().specName())
                        .append("\",")
                        .append(s.field())
                        .append(',');
                scalar(sb, s.kind(), s.bits());
            }
            case SetText s ->
                string(
                        sb.append("\"t\",")
                                .append(s.obj())
                                .append(',')
                                .append(s.field())
                                .append(','),
                        s.text());
            case SetBytes s ->
                hex(
                        sb.append("\"b\",")
                                .append(s.obj())
                                .append(',')
                                .append(s.field())
                                .append(','),
                        s.bytes());
            case SetFixed s ->
                hex(
                        sb.append("\"x\",")
                                .append(s.obj())
                                .append(',')
                                .append(s.field())
                                .append(','),
                        s.bytes());
            case SetObject s ->
                sb.append("\"p\",")
                        .append(s.obj())
                        .append(',')
                        .append(s.field())
                        .append(',')
                        .append(s.target());
            case Finish f -> sb.append("\"f\",").append(f.id()).append(',').append(f.root() ? 1 : 0);
            case StartList s -> sb.append("\"l\",").append(s.id());
            case AddElement e -> hex(sb.append("\"e\",").append(e.list()).append(','), e.bytes());
            case AddMessage e -> msg(sb.append("\"m\",").append(e.list()).append(','), e.msg());
            case EndList e -> sb.append("\"L\",").append(e.id());
            case SetList s ->
                sb.append("\"q\",")
                        .append(s.obj())
                        .append(',')
                        .append(s.field())
                        .append(',')
                        .append(s.list());
        }
    }

    /** Numbers where a JS number holds them exactly; 64-bit values as decimal strings; floats as hex bits. */
    private static void scalar(StringBuilder sb, ZapKind kind, long v) {
        switch (kind) {
            case U64, I64 -> sb.append('"').append(Describe.scalar(kind, v)).append('"');
            case F32, F64 -> sb.append('"').append(Describe.scalar(kind, v)).append('"');
            default -> sb.append(Describe.scalar(kind, v));
        }
    }

    static void shape(StringBuilder sb, Obj o) {
        sb.append('[');
        boolean first = true;
        for (Slot s : o.slots()) {
            sb.append(first ? "[\"" : ",[\"")
                    .append(s.kind().specName())
                    .append("\",")
                    .append(s.offset())
                    .append(',');
            first = false;
            switch (s.kind()) {
                case FIXED -> sb.append(s.n()).append(",null");
                case STRUCT -> {
                    sb.append("0,");
                    if (s.value() == null) {
                        sb.append("null");
                    } else {
                        shape(sb, (Obj) s.value());
                    }
                }
                case LIST -> {
                    ListVal l = (ListVal) s.value();
                    sb.append('"')
                            .append(l == null ? "bytes" : l.element().specName())
                            .append("\",[");
                    if (l != null && l.element() == ZapKind.STRUCT) {
                        for (int i = 0; i < l.items().size(); i++) {
                            shape(sb.append(i == 0 ? "" : ","), ((Msg) l.items().get(i)).root());
                        }
                    }
                    sb.append(']');
                }
                default -> sb.append("0,null");
            }
            sb.append(']');
        }
        sb.append(']');
    }

    static void hex(StringBuilder sb, byte[] b) {
        sb.append('"').append(HEX.formatHex(b)).append('"');
    }

    static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }
}
