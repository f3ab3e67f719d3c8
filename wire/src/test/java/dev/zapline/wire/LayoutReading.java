package dev.zapline.wire;

import java.util.Arrays;

/**
 * Reads every field a layout names through the public readers ({@link ZapObject}, {@link ZapList},
 * {@link ZapListCursor}, {@link ZapSlice}) and checks each value against the raw bytes at the place its slot names.
 * {@link #stop} is where a strict reader must stop: the slot (or header field) of the first pointer, in the
 * validator's order, whose target is not a whole object, payload or list inside the message past the header, or a
 * null pointer with a length or count. {@link ZapValidator} must reject exactly there, and accept exactly when the
 * reading never stops. A reader that disagrees with the raw bytes throws {@link AssertionError}.
 */
final class LayoutReading {

    /** {@link #stop}'s answer when every pointer resolves. */
    static final long CLEAN = -1;

    private final ZapMessage msg;
    private final byte[] bytes;
    private final long size;
    private final ZapSlice slice = new ZapSlice();

    private LayoutReading(ZapMessage msg) {
        this.msg = msg;
        this.bytes = msg.toByteArray();
        this.size = bytes.length;
    }

    /** The offset, from the start of {@code msg}, where the strict reading stops; {@link #CLEAN} when it does not. */
    static long stop(ZapMessage msg, ZapLayout layout) {
        return new LayoutReading(msg).root(layout, 0);
    }

    private long root(ZapLayout layout, int depth) {
        long at = msg.rootOffset();
        if (!holdsObject(at, layout.fixedSize())) {
            return Zap.OFFSET_ROOT;
        }
        return fields(object(msg.root(new ZapObject()), at), at, layout, depth);
    }

    /**
     * An object lies wholly past the header. One of a layout without fields may end the message (the npm peer writes
     * a message without fields as a bare header): readers take it as null, with nothing to read either way.
     */
    private boolean holdsObject(long at, long length) {
        return at >= Zap.HEADER_SIZE && at + length <= size;
    }

    private ZapObject object(ZapObject o, long at) {
        agree(at < size ? o.position() == at : o.isNull(), "object at %d read at %d", at, o.position());
        return o;
    }

    private boolean holdsRun(long at, long length) {
        return at >= Zap.HEADER_SIZE && at + length <= size && (length > 0 || at < size);
    }

    private long fields(ZapObject o, long at, ZapLayout layout, int depth) {
        if (depth > ZapValidator.MAX_DEPTH) {
            return at;
        }
        for (ZapField f : layout.fields()) {
            long slot = at + f.offset();
            long stop = switch (f.kind()) {
                case TEXT, BYTES -> payload(o, f, slot);
                case LIST -> list(o, f, slot, depth);
                case STRUCT -> struct(o, f, slot, depth);
                case FIXED -> fixed(o, f, slot);
                default -> scalar(o, f, slot);
            };
            if (stop != CLEAN) {
                return stop;
            }
        }
        return CLEAN;
    }

    private long scalar(ZapObject o, ZapField f, long slot) {
        int at = f.offset();
        boolean same = switch (f.kind().width()) {
            case 1 -> o.u8(at) == u8(slot) && o.i8(at) == (byte) u8(slot) && o.bool(at) == (u8(slot) != 0);
            case 2 -> o.u16(at) == u16(slot) && o.i16(at) == (short) u16(slot);
            case 4 -> o.i32(at) == (int) u32(slot) && o.u32(at) == u32(slot);
            default -> o.i64(at) == i64(slot) && o.u64(at) == i64(slot);
        };
        agree(same, "%s at %d", f, slot);
        return CLEAN;
    }

    private long fixed(ZapObject o, ZapField f, long slot) {
        o.fixedBytes(f.offset(), f.fixedSize(), slice);
        agree(isRun(slice, slot, f.fixedSize()), "%s at %d", f, slot);
        return CLEAN;
    }

    private long payload(ZapObject o, ZapField f, long slot) {
        long rel = u32(slot);
        long length = u32(slot + 4);
        if (rel == 0) {
            agree(o.bytesLength(f.offset()) == 0, "null %s read as %d bytes", f, o.bytesLength(f.offset()));
            return length == 0 ? CLEAN : slot;
        }
        long at = slot + rel;
        if (!holdsRun(at, length)) {
            return slot;
        }
        agree(o.bytesLength(f.offset()) == length, "%s of %d bytes read as %d", f, length, o.bytesLength(f.offset()));
        agree(length == 0 || isRun(o.bytes(f.offset(), slice), at, length), "%s: %d bytes at %d", f, length, at);
        return CLEAN;
    }

    private long struct(ZapObject o, ZapField f, long slot, int depth) {
        int rel = (int) u32(slot);
        ZapObject nested = o.object(f.offset(), new ZapObject());
        if (rel == 0) {
            agree(nested.isNull(), "null %s read at %d", f, nested.position());
            return CLEAN;
        }
        long at = slot + rel;
        if (!holdsObject(at, f.nested() != null ? f.nested().fixedSize() : 1)) {
            return slot;
        }
        object(nested, at);
        return f.nested() == null ? CLEAN : fields(nested, at, f.nested(), depth + 1);
    }

    private long list(ZapObject o, ZapField f, long slot, int depth) {
        int rel = (int) u32(slot);
        long count = u32(slot + 4);
        ZapList l = o.list(f.offset(), new ZapList());
        if (rel == 0) {
            agree(l.count() == 0, "null %s read with %d elements", f, l.count());
            return count == 0 ? CLEAN : slot;
        }
        long at = slot + rel;
        ZapKind e = f.element();
        if (e.isScalar() || e == ZapKind.RAW) {
            int width = e.isScalar() ? e.width() : 1;
            if (!holdsRun(at, count * width)) {
                return slot;
            }
            agree(l.count() == count && l.position() == at, "%s: %d at %d read as %s", f, count, at, l.count());
            for (int i = 0; i < count; i++) {
                long p = at + (long) i * width;
                long v = switch (width) {
                    case 1 -> l.u8(i) - u8(p);
                    case 2 -> l.u16(i) - u16(p);
                    case 4 -> l.u32(i) - u32(p);
                    default -> l.u64(i) - i64(p);
                };
                agree(v == 0, "%s element %d at %d", f, i, p);
            }
            agree(e != ZapKind.RAW || isRun(l.rawBytes(slice), at, count), "%s raw bytes", f);
            return CLEAN;
        }
        return at >= Zap.HEADER_SIZE && at < size ? elements(l, f, slot, at, count, depth) : slot;
    }

    /** A count above the size reads as an empty list; the walk then fails on the raw bytes alone. */
    private long elements(ZapList l, ZapField f, long slot, long at, long count, int depth) {
        boolean listed = count <= size;
        agree(!listed || (l.count() == count && l.position() == at), "%s: %d at %d read as %s", f, count, at, l);
        ZapListCursor cursor = new ZapListCursor().reset(l);
        long p = at;
        for (long i = 0; i < count; i++) {
            if (p + 4 > size || p + 4 + u32(p) > size) {
                return slot;
            }
            long length = u32(p);
            agree(
                    !listed || (cursor.next() && isRun(cursor.element(slice), p + 4, length)),
                    "%s element %d of %d bytes at %d",
                    f,
                    i,
                    length,
                    p + 4);
            if (f.element() == ZapKind.STRUCT) {
                long stop = element(listed ? cursor : null, p + 4, (int) length, f, depth);
                if (stop != CLEAN) {
                    return stop;
                }
            }
            p += 4 + length;
        }
        agree(!listed || (!cursor.next() && !cursor.truncated()), "%s walked past %d elements", f, count);
        return CLEAN;
    }

    private long element(ZapListCursor cursor, long at, int length, ZapField f, int depth) {
        ZapMessage element = new ZapMessage();
        try {
            if (cursor != null) {
                cursor.elementMessage(element);
            } else {
                element.wrap(bytes, (int) at, length);
            }
        } catch (ZapFormatException e) {
            return at + e.offset();
        }
        if (f.nested() == null) {
            return CLEAN;
        }
        long stop = new LayoutReading(element).root(f.nested(), depth + 1);
        return stop == CLEAN ? CLEAN : at + stop;
    }

    /** The slice views exactly {@code length} bytes at {@code at}, equal to the raw ones. */
    private boolean isRun(ZapSlice s, long at, long length) {
        return s.length() == length
                && (length == 0 || s.position() == at)
                && s.contentEquals(Arrays.copyOfRange(bytes, (int) at, (int) (at + length)));
    }

    private int u8(long at) {
        return bytes[(int) at] & 0xFF;
    }

    private int u16(long at) {
        return u8(at) | u8(at + 1) << 8;
    }

    private long u32(long at) {
        return (u16(at) | (long) u16(at + 2) << 16);
    }

    private long i64(long at) {
        return u32(at) | u32(at + 4) << 32;
    }

    private static void agree(boolean same, String what, Object... args) {
        if (!same) {
            throw new AssertionError("reader disagrees with the raw bytes: " + String.format(what, args));
        }
    }
}
