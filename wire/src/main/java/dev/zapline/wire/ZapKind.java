package dev.zapline.wire;

import java.util.Locale;

/**
 * The kinds of field a ZAP object can hold, with the width each takes in the fixed section and the alignment a
 * schema layout gives it (zap-proto/go {@code StructBuilder} rules: scalars aligned to their width, text, bytes and
 * list slots 8 bytes wide aligned to 4, nested struct pointers 4 bytes, {@code bytes_fixed[N]} N bytes inline).
 */
public enum ZapKind {
    BOOL(1, 1),
    U8(1, 1),
    I8(1, 1),
    U16(2, 2),
    I16(2, 2),
    U32(4, 4),
    I32(4, 4),
    F32(4, 4),
    U64(8, 8),
    I64(8, 8),
    F64(8, 8),
    TEXT(8, 4),
    BYTES(8, 4),
    /** {@code bytes_fixed[N]}: N bytes inline; width comes from the field. */
    FIXED(0, 1),
    /** {@code {relOffset i32, count u32}}; the element shape comes from the field. */
    LIST(8, 4),
    /** A signed 4-byte relOffset to a nested object. */
    STRUCT(4, 4),
    /** List element shape: raw bytes, count = byte length. Only valid as a list element. */
    RAW(1, 1);

    private final int width;
    private final int alignment;

    ZapKind(int width, int alignment) {
        this.width = width;
        this.alignment = alignment;
    }

    /** Bytes the field takes in the fixed section (0 for {@link #FIXED}, whose width is its N). */
    public int width() {
        return width;
    }

    public int alignment() {
        return alignment;
    }

    public boolean isScalar() {
        return ordinal() <= F64.ordinal();
    }

    /** The lower-case name used in layout specs: {@code u64}, {@code text}, … */
    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a spec name such as {@code u64}; {@code null} when unknown. */
    static ZapKind bySpecName(String name) {
        for (ZapKind k : values()) {
            if (k.specName().equals(name)) {
                return k;
            }
        }
        return null;
    }
}
