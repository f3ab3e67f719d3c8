package dev.zapline.wire;

import java.util.ArrayList;
import java.util.List;

/**
 * The runtime layout of one object: named fields at byte offsets, and the fixed-section size. Built either from
 * declarations laid out by the schema rules, or from a spec with explicit offsets; the basis for
 * {@code zapline inspect --layout}, {@link ZapValidator} and, later, generated code.
 *
 * {@snippet class=dev.zapline.wire.snippets.WireSnippets region=layout}
 *
 * <p>Layout rule (zap-proto/go {@code StructBuilder}): fields in declaration order, each aligned to its kind's
 * alignment (see {@link ZapKind}), the total rounded up to a multiple of 8. Immutable and thread-safe.
 *
 * @param fields fields in declaration order
 * @param fixedSize size of the fixed section, a multiple of 8 covering every field
 */
public record ZapLayout(List<ZapField> fields, int fixedSize) {

    public ZapLayout {
        fields = List.copyOf(fields);
        for (ZapField f : fields) {
            if ((long) f.offset() + f.width() > fixedSize) {
                throw new IllegalArgumentException(
                        "field " + f.spec() + " ends past the fixed section of " + fixedSize + " bytes");
            }
        }
    }

    /** The field named {@code name}, or null. */
    public ZapField field(String name) {
        for (ZapField f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The spec string: fields joined by commas. {@link #parse} reads it back. */
    public String spec() {
        StringBuilder sb = new StringBuilder();
        for (ZapField f : fields) {
            sb.append(sb.isEmpty() ? "" : ",").append(f.spec());
        }
        return sb.toString();
    }

    /**
     * Parses {@code name:type[@offset],…}. Types: {@code bool u8 i8 u16 i16 u32 i32 f32 u64 i64 f64 text bytes
     * struct fixed[N] list<E>} where E is {@code u8 u16 u32 u64 raw text bytes struct}. A field without
     * {@code @offset} is placed by the layout rule after the previous one.
     *
     * @throws IllegalArgumentException naming the bad part
     */
    public static ZapLayout parse(String spec) {
        return LayoutSpec.parse(spec);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Lays out fields in declaration order by the schema rule. Not thread-safe. */
    public static final class Builder {
        private final List<ZapField> fields = new ArrayList<>();
        private int end;

        public Builder bool(String name) {
            return add(name, ZapKind.BOOL);
        }

        public Builder u8(String name) {
            return add(name, ZapKind.U8);
        }

        public Builder i8(String name) {
            return add(name, ZapKind.I8);
        }

        public Builder u16(String name) {
            return add(name, ZapKind.U16);
        }

        public Builder i16(String name) {
            return add(name, ZapKind.I16);
        }

        public Builder u32(String name) {
            return add(name, ZapKind.U32);
        }

        public Builder i32(String name) {
            return add(name, ZapKind.I32);
        }

        public Builder f32(String name) {
            return add(name, ZapKind.F32);
        }

        public Builder u64(String name) {
            return add(name, ZapKind.U64);
        }

        public Builder i64(String name) {
            return add(name, ZapKind.I64);
        }

        public Builder f64(String name) {
            return add(name, ZapKind.F64);
        }

        public Builder text(String name) {
            return add(name, ZapKind.TEXT);
        }

        public Builder bytes(String name) {
            return add(name, ZapKind.BYTES);
        }

        public Builder fixedBytes(String name, int n) {
            return place(name, ZapKind.FIXED, n, null, null);
        }

        public Builder list(String name, ZapKind element) {
            return list(name, element, null);
        }

        public Builder list(String name, ZapKind element, ZapLayout nested) {
            return place(name, ZapKind.LIST, 0, element, nested);
        }

        public Builder struct(String name, ZapLayout nested) {
            return place(name, ZapKind.STRUCT, 0, null, nested);
        }

        public Builder add(String name, ZapKind kind) {
            return place(name, kind, 0, null, null);
        }

        /** Adds a field at an explicit offset; following fields are placed after it. */
        public Builder at(int offset, ZapField field) {
            ZapField f = new ZapField(
                    field.name(), field.kind(), offset, field.fixedSize(), field.element(), field.nested());
            fields.add(f);
            end = Math.max(end, offset + f.width());
            return this;
        }

        private Builder place(String name, ZapKind kind, int n, ZapKind element, ZapLayout nested) {
            int a = kind.alignment();
            int offset = (end + a - 1) / a * a;
            return at(offset, new ZapField(name, kind, offset, n, element, nested));
        }

        public ZapLayout build() {
            return new ZapLayout(fields, (end + 7) & ~7);
        }
    }
}
