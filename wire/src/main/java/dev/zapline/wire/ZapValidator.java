package dev.zapline.wire;

/**
 * A strict pass over a message against a {@link ZapLayout}: every pointer the layout names must land inside the
 * message, past the header, with its whole payload; the first one that does not is reported with its offsets.
 * Readers stay lenient either way; validate when a bad pointer should reject the message instead of reading as
 * empty.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=validator}
 *
 * <p>Nested structs with a known layout and struct list elements are checked recursively up to
 * {@link #MAX_DEPTH} levels (a pointer cycle ends there with an error). Allocates only the exception. Stateless
 * and thread-safe.
 */
public final class ZapValidator {

    /** Nesting depth beyond which a message is rejected (also ends pointer cycles). */
    public static final int MAX_DEPTH = 64;

    private ZapValidator() {}

    /**
     * Checks the root object and everything the layout reaches from it.
     *
     * @throws ZapFormatException at the first bad pointer, with the slot's offset and the numbers involved
     */
    public static void validate(ZapMessage msg, ZapLayout layout) {
        long root = msg.rootOffset();
        checkObject(msg, Zap.OFFSET_ROOT, root, layout, 8, "root object");
        object(msg, root, layout, 0);
    }

    private static void object(ZapMessage msg, long at, ZapLayout layout, int depth) {
        if (depth > MAX_DEPTH) {
            throw new ZapFormatException(at, "nesting deeper than " + MAX_DEPTH + " levels");
        }
        java.util.List<ZapField> fields = layout.fields();
        for (int i = 0; i < fields.size(); i++) {
            ZapField f = fields.get(i);
            long slot = at + f.offset();
            switch (f.kind()) {
                case TEXT, BYTES -> payload(msg, slot, f);
                case LIST -> list(msg, slot, f, depth);
                case STRUCT -> struct(msg, slot, f, depth);
                default -> {}
            }
        }
    }

    private static void payload(ZapMessage msg, long slot, ZapField f) {
        long rel = msg.u32(slot);
        long length = msg.u32(slot + 4);
        if (rel == 0) {
            if (length != 0) {
                throw new ZapFormatException(
                        slot, f.kind().specName() + " '" + f.name() + "': null pointer with length " + length);
            }
            return;
        }
        checkRange(msg, slot, slot + rel, length, f, "payload");
    }

    private static void list(ZapMessage msg, long slot, ZapField f, int depth) {
        int rel = msg.i32(slot);
        long count = msg.u32(slot + 4);
        if (rel == 0) {
            if (count != 0) {
                throw new ZapFormatException(slot, "list '" + f.name() + "': null pointer with count " + count);
            }
            return;
        }
        long at = slot + rel;
        ZapKind e = f.element();
        if (e.isScalar() || e == ZapKind.RAW) {
            checkRange(msg, slot, at, count * (e.isScalar() ? e.width() : 1), f, "elements");
            return;
        }
        checkRange(msg, slot, at, 0, f, "first element");
        long p = at;
        ZapMessage element = e == ZapKind.STRUCT ? new ZapMessage() : null;
        for (long i = 0; i < count; i++) {
            if (!msg.inRange(p, 4)) {
                throw new ZapFormatException(
                        slot,
                        "list '" + f.name() + "': element " + i + " of " + count + " has its length prefix at " + p
                                + ", past the message size " + msg.size());
            }
            long length = msg.u32(p);
            if (!msg.inRange(p + 4, length)) {
                throw new ZapFormatException(
                        slot,
                        "list '" + f.name() + "': element " + i + " of " + count + " spans [" + (p + 4) + ", "
                                + (p + 4 + length) + ") past the message size " + msg.size());
            }
            if (element != null) {
                structElement(msg, element, (int) (p + 4), (int) length, f, i, depth);
            }
            p += 4 + length;
        }
    }

    private static void structElement(
            ZapMessage msg, ZapMessage element, int pos, int length, ZapField f, long i, int depth) {
        try {
            msg.wrapSlice(element, pos, length);
            if (f.nested() != null) {
                validate(element, f.nested(), depth + 1);
            }
        } catch (ZapFormatException e) {
            throw new ZapFormatException(pos + e.offset(), "list '" + f.name() + "' element " + i + ": " + e.reason());
        }
    }

    private static void validate(ZapMessage msg, ZapLayout layout, int depth) {
        long root = msg.rootOffset();
        checkObject(msg, Zap.OFFSET_ROOT, root, layout, 8, "root object");
        object(msg, root, layout, depth);
    }

    private static void struct(ZapMessage msg, long slot, ZapField f, int depth) {
        int rel = msg.i32(slot);
        if (rel == 0) {
            return;
        }
        long at = slot + rel;
        ZapLayout nested = f.nested();
        checkObject(msg, slot, at, nested, 1, "struct '" + f.name() + "'");
        if (nested != null) {
            object(msg, at, nested, depth + 1);
        }
    }

    /** Reports at {@code pointer}, where the bad pointer is stored: the target may lie anywhere, even below 0. */
    private static void checkObject(ZapMessage msg, long pointer, long at, ZapLayout layout, int minimum, String what) {
        long length = layout != null ? layout.fixedSize() : minimum;
        if (at < Zap.HEADER_SIZE || !msg.inRange(at, length)) {
            throw new ZapFormatException(
                    pointer, what + " spans [" + at + ", " + (at + length) + ") outside [16, " + msg.size() + ")");
        }
    }

    private static void checkRange(ZapMessage msg, long slot, long at, long length, ZapField f, String what) {
        if (at < Zap.HEADER_SIZE || !msg.inRange(at, length) || (length == 0 && at >= msg.size())) {
            throw new ZapFormatException(
                    slot,
                    f.kind().specName() + " '" + f.name() + "': " + what + " [" + at + ", " + (at + length)
                            + ") outside [16, " + msg.size() + ")");
        }
    }
}
