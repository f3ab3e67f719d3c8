package dev.zapline.wire;

/**
 * One field of a {@link ZapLayout}.
 *
 * @param name field name
 * @param kind what the field holds
 * @param offset byte offset in the object's fixed section
 * @param fixedSize N for {@code bytes_fixed[N]}, else 0
 * @param element for lists, the element shape: a stride scalar ({@code U8}, {@code U16}, {@code U32}, {@code U64}),
 *     {@code RAW} bytes, or {@code TEXT}, {@code BYTES}, {@code STRUCT} for variable elements; else null
 * @param nested for a struct field or a list of structs, the nested layout when known; else null
 */
public record ZapField(String name, ZapKind kind, int offset, int fixedSize, ZapKind element, ZapLayout nested) {

    public ZapField {
        if (offset < 0) {
            throw new IllegalArgumentException("field " + name + " has negative offset " + offset);
        }
        if ((kind == ZapKind.FIXED) != (fixedSize > 0)) {
            throw new IllegalArgumentException("field " + name + ": bytes_fixed needs N > 0, other kinds N = 0, got "
                    + kind + " with " + fixedSize);
        }
        if ((kind == ZapKind.LIST) != (element != null)) {
            throw new IllegalArgumentException("field " + name + ": a list needs an element shape, other kinds none");
        }
        if (kind == ZapKind.RAW) {
            throw new IllegalArgumentException("field " + name + ": raw is a list element shape, not a field kind");
        }
    }

    /** Bytes this field occupies in the fixed section. */
    public int width() {
        return kind == ZapKind.FIXED ? fixedSize : kind.width();
    }

    /** Stride of a fixed-stride list's elements, 0 for raw or variable elements. */
    public int stride() {
        return element != null && element.isScalar() ? element.width() : 0;
    }

    /** The field in layout-spec form, e.g. {@code account:bytes@24} or {@code tags:list<u32>@40}. */
    public String spec() {
        String type = switch (kind) {
            case FIXED -> "fixed[" + fixedSize + "]";
            case LIST -> "list<" + element.specName() + ">";
            default -> kind.specName();
        };
        return name + ":" + type + "@" + offset;
    }
}
