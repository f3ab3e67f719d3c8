package dev.zapline.wire;

/** Parser for the {@code name:type@offset,…} layout spec (see {@link ZapLayout#parse}). */
final class LayoutSpec {

    private LayoutSpec() {}

    static ZapLayout parse(String spec) {
        ZapLayout.Builder b = ZapLayout.builder();
        java.util.Set<String> names = new java.util.HashSet<>();
        if (spec.isBlank()) {
            throw new IllegalArgumentException("empty layout spec");
        }
        // Limit -1: every comma separates two fields, so "," or "a:u8," is refused rather than read as fewer fields
        // (a spec of no field would print as "", which is refused).
        for (String part : spec.split(",", -1)) {
            String p = part.strip();
            int colon = p.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("layout field '" + p + "' is not name:type[@offset]");
            }
            String name = p.substring(0, colon);
            if (!names.add(name)) {
                throw new IllegalArgumentException("layout field name '" + name + "' appears twice");
            }
            String rest = p.substring(colon + 1);
            int at = rest.indexOf('@');
            String type = at < 0 ? rest : rest.substring(0, at);
            ZapField field = field(name, type, 0);
            if (at < 0) {
                place(b, field);
            } else {
                b.at(offset(name, rest.substring(at + 1)), field);
            }
        }
        return b.build();
    }

    private static void place(ZapLayout.Builder b, ZapField f) {
        switch (f.kind()) {
            case FIXED -> b.fixedBytes(f.name(), f.fixedSize());
            case LIST -> b.list(f.name(), f.element());
            default -> b.add(f.name(), f.kind());
        }
    }

    private static ZapField field(String name, String type, int offset) {
        if (type.startsWith("fixed[") && type.endsWith("]")) {
            int n = number(name, type.substring(6, type.length() - 1));
            if (n <= 0) {
                throw new IllegalArgumentException("field " + name + ": fixed[N] needs N > 0, got " + n);
            }
            return new ZapField(name, ZapKind.FIXED, offset, n, null, null);
        }
        if (type.startsWith("list<") && type.endsWith(">")) {
            String e = type.substring(5, type.length() - 1);
            ZapKind element = ZapKind.bySpecName(e);
            if (element == null
                    || !(element == ZapKind.U8
                            || element == ZapKind.U16
                            || element == ZapKind.U32
                            || element == ZapKind.U64
                            || element == ZapKind.RAW
                            || element == ZapKind.TEXT
                            || element == ZapKind.BYTES
                            || element == ZapKind.STRUCT)) {
                throw new IllegalArgumentException("field " + name + ": list element '" + e
                        + "' is not one of u8 u16 u32 u64 raw text bytes struct");
            }
            return new ZapField(name, ZapKind.LIST, offset, 0, element, null);
        }
        ZapKind kind = ZapKind.bySpecName(type);
        if (kind == null || kind == ZapKind.FIXED || kind == ZapKind.LIST || kind == ZapKind.RAW) {
            throw new IllegalArgumentException("field " + name + ": unknown type '" + type + "'");
        }
        return new ZapField(name, kind, offset, 0, null, null);
    }

    private static int offset(String name, String s) {
        int n = number(name, s);
        if (n < 0) {
            throw new IllegalArgumentException("field " + name + ": negative offset " + n);
        }
        return n;
    }

    private static int number(String name, String s) {
        try {
            return Integer.decode(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field " + name + ": '" + s + "' is not a number");
        }
    }
}
