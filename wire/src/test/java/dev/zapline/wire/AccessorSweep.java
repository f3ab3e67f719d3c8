package dev.zapline.wire;

/**
 * Reads everything a caller could read from a wrapped message (header, the root object's fields at every byte
 * offset through every accessor, nested objects and lists a few levels down, list elements and element messages)
 * and folds every value into a digest. Two wraps of the same message bytes must give the same digest whatever lies
 * outside the message; an accessor that throws anything fails the caller's test. Shared with codec tests.
 */
public final class AccessorSweep {

    private static final int FIELD_SPAN = 96;
    private static final int MAX_ELEMENTS = 64;

    private final ZapSlice slice = new ZapSlice();
    private final ZapSlice sub = new ZapSlice();
    private final byte[] copy = new byte[1 << 16];
    private final byte[] probe = {0x5a, 0x41, 0x50, 0x00};
    private long h;

    /**
     * The digest of everything readable from {@code msg}. Only {@link ZapFormatException} is caught (element wraps).
     */
    public long sweep(ZapMessage msg) {
        h = 0xcbf29ce484222325L;
        mix(msg.version());
        mix(msg.flags());
        mix(msg.type());
        mix(msg.rootOffset());
        mix(msg.size());
        ZapObject root = msg.root(new ZapObject());
        object(root, 0, true);
        // A view at every position, as a caller following its own offsets would make.
        ZapObject at = new ZapObject();
        for (int p = -8; p <= msg.size() + 8; p += 4) {
            at.wrap(msg, p);
            mix(at.position());
            mix(at.u64(0));
            mix(at.bytesLength(0));
        }
        return h;
    }

    private void object(ZapObject o, int depth, boolean everyByte) {
        mix(o.isNull() ? 1 : 0);
        mix(o.position());
        int step = everyByte ? 1 : 4;
        for (int f = 0; f < FIELD_SPAN >> depth; f += step) {
            scalars(o, f);
            bytes(o, f);
            if (depth == 0 && (f & 3) == 0) {
                object(o.object(f, new ZapObject()), depth + 1, false);
                list(o.list(f, new ZapList()), depth);
            }
        }
        // Offsets a hostile schema could ask for.
        scalars(o, Integer.MAX_VALUE - 4);
        bytes(o, Integer.MAX_VALUE - 8);
        scalars(o, -1);
    }

    private void scalars(ZapObject o, int f) {
        mix(o.bool(f) ? 1 : 0);
        mix(o.u8(f));
        mix(o.i8(f));
        mix(o.u16(f));
        mix(o.i16(f));
        mix(o.u32(f));
        mix(o.i32(f));
        mix(o.u64(f));
        mix(o.i64(f));
        mix(Float.floatToRawIntBits(o.f32(f)));
        mix(Double.doubleToRawLongBits(o.f64(f)));
    }

    private void bytes(ZapObject o, int f) {
        mix(o.bytesLength(f));
        slice(o.bytes(f, slice));
        mix(o.getBytes(f, copy, 0));
        mix(o.bytesEqual(f, probe) ? 1 : 0);
        mix(Integer.signum(o.compareBytes(f, probe))); // only the sign is specified
        mix(o.textAsString(f).hashCode());
        for (int n : new int[] {1, 3, 8, 20, 1 << 20, -1}) {
            slice(o.fixedBytes(f, n, slice));
        }
    }

    private void slice(ZapSlice s) {
        int n = s.length();
        mix(n);
        mix(s.position());
        for (int i = 0; i < n; i++) {
            mix(s.byteAt(i));
        }
        if (n >= 4) {
            mix(s.u32At(n - 4));
            mix(s.slice(1, n - 2, sub).toByteArray().length);
        }
        mix(s.contentEquals(probe) ? 1 : 0);
        mix(Integer.signum(s.compareTo(probe)));
        mix(s.asString().hashCode());
        mix(s.getBytes(copy, 0));
    }

    private void list(ZapList l, int depth) {
        int n = l.count();
        mix(n);
        mix(l.position());
        int shown = Math.min(n, 8);
        for (int i = 0; i < shown; i++) {
            int j = n - 1 - i;
            mix(l.u8(i) ^ l.u8(j));
            mix(l.u16(i) ^ l.u16(j));
            mix(l.u32(i) ^ l.u32(j));
            mix(l.u64(i) ^ l.u64(j));
        }
        slice(l.rawBytes(slice));
        ZapListCursor cursor = new ZapListCursor().reset(l);
        ZapMessage element = new ZapMessage();
        for (int i = 0; i < MAX_ELEMENTS && cursor.next(); i++) {
            mix(cursor.elementLength());
            slice(cursor.element(slice));
            try {
                cursor.elementMessage(element);
                mix(element.size());
                if (depth < 1) {
                    object(element.root(new ZapObject()), depth + 1, false);
                }
            } catch (ZapFormatException e) {
                mix(e.offset());
            }
        }
        mix(cursor.truncated() ? 1 : 0);
    }

    private void mix(long v) {
        h = (h ^ v) * 0x100000001b3L;
    }
}
