package dev.zapline.gen;

/**
 * The type of a schema field: a kind and, where the kind needs one, its detail (the {@code N} of
 * {@code bytes_fixed[N]}, the element of a list, the name of a nested struct).
 */
public record ZapType(Kind kind, int fixedSize, ZapType element, String struct) {

    /** The kinds of the schema language, with their width in the fixed section. */
    public enum Kind {
        BOOL("bool", 1),
        U8("u8", 1),
        U16("u16", 2),
        U32("u32", 4),
        U64("u64", 8),
        I8("i8", 1),
        I16("i16", 2),
        I32("i32", 4),
        I64("i64", 8),
        F32("f32", 4),
        F64("f64", 8),
        BYTES("bytes", 8),
        TEXT("text", 8),
        BYTES_FIXED("bytes_fixed", 0),
        LIST("list", 8),
        STRUCT("struct", 4);

        private final String keyword;
        private final int width;

        Kind(String keyword, int width) {
            this.keyword = keyword;
            this.width = width;
        }

        /** The word the schema spells it with. */
        public String keyword() {
            return keyword;
        }

        /** True for the fixed-width numbers and bool. */
        public boolean scalar() {
            return ordinal() <= F64.ordinal();
        }
    }

    public static ZapType of(Kind kind) {
        return new ZapType(kind, 0, null, null);
    }

    public static ZapType bytesFixed(int n) {
        return new ZapType(Kind.BYTES_FIXED, n, null, null);
    }

    public static ZapType list(ZapType element) {
        return new ZapType(Kind.LIST, 0, element, null);
    }

    public static ZapType struct(String name) {
        return new ZapType(Kind.STRUCT, 0, null, name);
    }

    /**
     * Bytes the field takes in the fixed section: the scalar's width, 8 for a bytes/text/list slot {relOffset,
     * length}, 4 for a nested struct's relOffset, N for {@code bytes_fixed[N]}.
     */
    public int slotSize() {
        return kind == Kind.BYTES_FIXED ? fixedSize : kind.width;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BYTES_FIXED -> "bytes_fixed[" + fixedSize + "]";
            case LIST -> "list<" + element + ">";
            case STRUCT -> struct;
            default -> kind.keyword;
        };
    }
}
