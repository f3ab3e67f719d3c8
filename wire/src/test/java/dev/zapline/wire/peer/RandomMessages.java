package dev.zapline.wire.peer;

import dev.zapline.wire.ZapKind;
import dev.zapline.wire.peer.PeerModel.ListVal;
import dev.zapline.wire.peer.PeerModel.Msg;
import dev.zapline.wire.peer.PeerModel.Obj;
import dev.zapline.wire.peer.PeerModel.Slot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random message trees: fixed sections with every scalar kind at random aligned offsets, text (with 2-, 3- and
 * 4-byte UTF-8), bytes (including empty), fixed bytes, nested structs and variable-element lists of bytes, text
 * and whole messages. {@link Emitter} then turns a tree into builder calls in a random order.
 */
final class RandomMessages {

    static final int MAX_DEPTH = 3;

    private static final ZapKind[] SCALARS = {
        ZapKind.BOOL,
        ZapKind.U8,
        ZapKind.I8,
        ZapKind.U16,
        ZapKind.I16,
        ZapKind.U32,
        ZapKind.I32,
        ZapKind.F32,
        ZapKind.U64,
        ZapKind.I64,
        ZapKind.F64
    };
    private static final String[] CHARS = {
        "a", "Z", "0", "/", " ", "\"", "\\", "\n", "é", "ß", "Ж", "λ", "€", "中", "文", "ア", "😀", "🚀", "𝄞", "\u0000",
        "\u007f", "\u0080", "\u07ff", "\u0800", "\uffff"
    };

    private RandomMessages() {}

    /** A whole message: random header, random tree, random call order. */
    static Msg message(SplittableRandom r, int depth) {
        int version = r.nextBoolean() ? 1 : 2;
        int flags = r.nextInt(4) == 0 ? 0 : r.nextInt(0x10000);
        int capacity = 16 + r.nextInt(240);
        Obj root = object(r, depth, true);
        Emitter e = new Emitter(r, depth);
        e.emitObject(root, true);
        return new Msg(version, flags, capacity, root, e.ops());
    }

    static Obj object(SplittableRandom r, int depth, boolean root) {
        int room = 8 * (1 + r.nextInt(12));
        boolean[] used = new boolean[room];
        List<Slot> slots = new ArrayList<>();
        int fields = r.nextInt(9);
        int end = 0;
        for (int i = 0; i < fields; i++) {
            ZapKind kind = kind(r, depth);
            int n = kind == ZapKind.FIXED ? 1 + r.nextInt(12) : 0;
            int width = kind == ZapKind.FIXED ? n : kind.width();
            int offset = freeOffset(r, used, width, kind.alignment());
            if (offset < 0) {
                continue;
            }
            slots.add(new Slot(kind, offset, n, value(r, kind, n, depth)));
            end = Math.max(end, offset + width);
        }
        slots.sort(Comparator.comparingInt(Slot::offset));
        int size = (end + 7) & ~7;
        if (r.nextInt(4) == 0) {
            size += 8;
        }
        // A nested object of size 0 could sit at the very end of the message, where readers see a null pointer.
        return new Obj(root ? size : Math.max(8, size), slots);
    }

    private static ZapKind kind(SplittableRandom r, int depth) {
        int pick = r.nextInt(20);
        if (pick < 11) {
            return SCALARS[pick];
        }
        return switch (pick) {
            case 11, 12 -> ZapKind.TEXT;
            case 13, 14 -> ZapKind.BYTES;
            case 15 -> ZapKind.FIXED;
            case 16, 17 -> depth < MAX_DEPTH ? ZapKind.STRUCT : ZapKind.BYTES;
            default -> depth < MAX_DEPTH ? ZapKind.LIST : ZapKind.TEXT;
        };
    }

    private static int freeOffset(SplittableRandom r, boolean[] used, int width, int alignment) {
        for (int attempt = 0; attempt < 8; attempt++) {
            int slots = (used.length - width) / alignment + 1;
            if (slots <= 0) {
                return -1;
            }
            int offset = r.nextInt(slots) * alignment;
            boolean free = true;
            for (int i = offset; i < offset + width; i++) {
                free &= !used[i];
            }
            if (free) {
                for (int i = offset; i < offset + width; i++) {
                    used[i] = true;
                }
                return offset;
            }
        }
        return -1;
    }

    static Object value(SplittableRandom r, ZapKind kind, int n, int depth) {
        return switch (kind) {
            case TEXT -> text(r);
            case BYTES ->
                bytes(r, r.nextInt(6) == 0 ? 0 : r.nextInt(8) == 0 ? 300 + r.nextInt(300) : 1 + r.nextInt(40));
            case FIXED -> bytes(r, n);
            case STRUCT -> r.nextInt(8) == 0 ? null : object(r, depth + 1, false);
            case LIST -> r.nextInt(10) == 0 ? null : list(r, depth);
            default -> scalar(r, kind);
        };
    }

    static long scalar(SplittableRandom r, ZapKind kind) {
        long bits = switch (r.nextInt(6)) {
            case 0 -> 0;
            case 1 -> -1;
            case 2 -> Long.MIN_VALUE >>> r.nextInt(64);
            default -> r.nextLong();
        };
        return switch (kind) {
            case BOOL -> r.nextInt(2);
            case U8, I8 -> bits & 0xFF;
            case U16, I16 -> bits & 0xFFFF;
            case U32, I32 -> bits & 0xFFFF_FFFFL;
            // NaN payloads are not portable through a JS number: keep the exponent below all-ones.
            case F32 -> (bits & 0x7F80_0000L) == 0x7F80_0000L ? bits & 0xBFFF_FFFFL : bits & 0xFFFF_FFFFL;
            case F64 -> (bits & 0x7FF0_0000_0000_0000L) == 0x7FF0_0000_0000_0000L ? bits & ~(1L << 62) : bits;
            default -> bits;
        };
    }

    static String text(SplittableRandom r) {
        if (r.nextInt(6) == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        int n = 1 + r.nextInt(r.nextInt(10) == 0 ? 200 : 16);
        for (int i = 0; i < n; i++) {
            sb.append(
                    r.nextInt(3) == 0 ? CHARS[r.nextInt(CHARS.length)] : String.valueOf((char) (' ' + r.nextInt(95))));
        }
        return sb.toString();
    }

    static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    private static ListVal list(SplittableRandom r, int depth) {
        int shape = r.nextInt(depth + 1 < MAX_DEPTH ? 3 : 2);
        ZapKind element = shape == 0 ? ZapKind.BYTES : shape == 1 ? ZapKind.TEXT : ZapKind.STRUCT;
        int count = r.nextInt(6) == 0 ? 0 : 1 + r.nextInt(4);
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(
                    switch (element) {
                        case BYTES -> bytes(r, r.nextInt(4) == 0 ? 0 : r.nextInt(30));
                        case TEXT -> text(r);
                        default -> message(r, depth + 1);
                    });
        }
        return new ListVal(element, items);
    }
}
