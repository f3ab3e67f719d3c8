package dev.zapline.gen;

import dev.zapline.gen.Schema.Struct;
import dev.zapline.gen.ZapType.Kind;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Emits one struct as a Java class: the offset constants and fixed-section size, a flyweight reader over a
 * {@code ZapObject} (accessors named after the fields, no {@code get}; text and bytes as a family of length,
 * zero-copy view, equality, copy and, for text, an allocating {@code …AsString}; lists as {@code ZapList}s to walk
 * with a {@code ZapListCursor}; nested structs as views of their own type), and the static writers of
 * {@link StructWriterEmitter}.
 */
final class StructEmitter {

    private final Schema schema;
    private final Struct struct;
    private final List<GenField> fields;
    private final JavaFile out;
    private final StructWriterEmitter writer;

    StructEmitter(Schema schema, Struct struct, String javaPackage) {
        this.schema = schema;
        this.struct = struct;
        this.fields = struct.fields().stream().map(GenField::of).toList();
        this.out = new JavaFile(schema.source(), javaPackage);
        this.writer = new StructWriterEmitter(struct, fields, out);
        checkNames();
    }

    /** Two fields may not share a Java name, nor take one the class itself uses. */
    private void checkNames() {
        Set<String> constants = new HashSet<>(Set.of("SIZE", "LAYOUT"));
        Set<String> members = new HashSet<>(Set.of("wrap", "zapObject", "isNull", "messageSize", "write", "encode"));
        for (GenField f : fields) {
            if (!constants.add(f.constant()) || !members.add(f.member())) {
                throw new IllegalArgumentException(
                        "struct " + struct.name() + ": field " + f.field().name() + " maps to a Java name ("
                                + f.constant() + ", " + f.member() + "()) already taken");
            }
        }
    }

    String emit() {
        String name = JavaNames.type(struct.name());
        out.imports("dev.zapline.wire.ZapMessage").imports("dev.zapline.wire.ZapObject");
        out.doc(
                "The {@code " + struct.name() + "} struct of " + schema.source() + ", read in place and written"
                        + " without allocation. Fixed section " + struct.fixedSize() + " bytes: " + describe() + ".",
                "<p>A reader is not thread-safe and is valid while the message it wraps is; the static writers are"
                        + " thread-safe.");
        out.line("public final class " + name + " {");
        out.blank();
        for (GenField f : fields) {
            out.line("public static final int " + f.constant() + " = "
                    + f.field().offset() + ";");
        }
        out.line("/** Bytes of the fixed section: the end of the field that ends last. */");
        out.line("public static final int SIZE = " + struct.fixedSize() + ";");
        layout();
        out.blank();
        writer.constants();
        out.line("private final ZapObject obj = new ZapObject();");
        if (has(Kind.LIST)) {
            out.imports("dev.zapline.wire.ZapList");
            out.line("private final ZapList list = new ZapList();");
        }
        out.blank();
        reader(name);
        writer.emit();
        out.line("}");
        return out.render();
    }

    /**
     * {@code LAYOUT}, the fields as a {@code ZapLayout} for {@code ZapValidator} and {@code zapline inspect}. Its
     * fixed size is {@code SIZE}, not rounded. A list's elements are described as what npm zapgen writes, every one
     * {@code [u32 length][payload]}: a list of structs as messages of the element's layout, any other list as
     * bytes, so the validator walks each length prefix. A struct reached again through its own fields (directly or
     * through another) sees a null nested layout there, since its {@code LAYOUT} is not built yet: that pointer is
     * checked for range only.
     */
    private void layout() {
        out.imports("dev.zapline.wire.ZapField")
                .imports("dev.zapline.wire.ZapKind")
                .imports("dev.zapline.wire.ZapLayout");
        out.line("/** The fields as a layout, for {@code ZapValidator.validate} (each pointer and length checked). */");
        out.line("public static final ZapLayout LAYOUT = new ZapLayout(");
        out.line("        java.util.List.of(");
        for (int i = 0; i < fields.size(); i++) {
            GenField f = fields.get(i);
            out.line("                " + layoutField(f) + (i + 1 < fields.size() ? "," : "),"));
        }
        if (fields.isEmpty()) {
            out.line("                ),");
        }
        out.line("        SIZE);");
    }

    private static String layoutField(GenField f) {
        ZapType t = f.field().type();
        String name = "\"" + f.field().name() + "\"";
        String c = f.constant();
        return switch (t.kind()) {
            case BYTES_FIXED ->
                "new ZapField(" + name + ", ZapKind.FIXED, " + c + ", " + t.fixedSize() + ", null, null)";
            case STRUCT ->
                "new ZapField(" + name + ", ZapKind.STRUCT, " + c + ", 0, null, " + JavaNames.type(t.struct())
                        + ".LAYOUT)";
            case LIST ->
                t.element().kind() == Kind.STRUCT
                        ? "new ZapField(" + name + ", ZapKind.LIST, " + c + ", 0, ZapKind.STRUCT, "
                                + JavaNames.type(t.element().struct()) + ".LAYOUT)"
                        : "new ZapField(" + name + ", ZapKind.LIST, " + c + ", 0, ZapKind.BYTES, null)";
            default -> "new ZapField(" + name + ", ZapKind." + t.kind().name() + ", " + c + ", 0, null, null)";
        };
    }

    private String describe() {
        StringBuilder s = new StringBuilder();
        for (GenField f : fields) {
            if (!s.isEmpty()) {
                s.append(", ");
            }
            s.append(f.field().name())
                    .append(' ')
                    .append(f.field().type())
                    .append(" at ")
                    .append(f.field().offset());
        }
        return s.toString();
    }

    private boolean has(Kind kind) {
        return fields.stream().anyMatch(f -> f.kind() == kind);
    }

    private void reader(String name) {
        method(
                "/** Points this reader at the root object of {@code msg}. */",
                "public " + name + " wrap(ZapMessage msg)",
                "msg.root(obj);",
                "return this;");
        method(
                "/** The object this reader views; a parent's nested accessor points it at the nested object. */",
                "public ZapObject zapObject()",
                "return obj;");
        method(
                "/** True when this reader views a null (or out of range) object: every field then reads as zero. */",
                "public boolean isNull()",
                "return obj.isNull();");
        for (GenField f : fields) {
            accessors(f);
        }
    }

    private void accessors(GenField f) {
        String m = f.member();
        String c = f.constant();
        String copy = "copy" + JavaNames.capital(m);
        switch (f.kind()) {
            case TEXT, BYTES -> {
                out.imports("dev.zapline.wire.ZapSlice");
                method(null, "public int " + m + "Length()", "return obj.bytesLength(" + c + ");");
                method(null, "public ZapSlice " + m + "(ZapSlice into)", "return obj.bytes(" + c + ", into);");
                method(
                        null,
                        "public boolean " + m + "Equals(byte[] expected)",
                        "return obj.bytesEqual(" + c + ", expected);");
                method(
                        "/** Copies the field into {@code dst} at {@code offset}; returns its length. */",
                        "public int " + copy + "(byte[] dst, int offset)",
                        "return obj.getBytes(" + c + ", dst, offset);");
                if (f.kind() == Kind.TEXT) {
                    method(
                            "/** Allocating convenience. */",
                            "public String " + m + "AsString()",
                            "return obj.textAsString(" + c + ");");
                }
            }
            case BYTES_FIXED -> {
                out.imports("dev.zapline.wire.ZapSlice");
                int n = f.field().type().fixedSize();
                method(
                        "/** The " + n + " bytes inline (empty when the object is null or too short). */",
                        "public ZapSlice " + m + "(ZapSlice into)",
                        "return obj.fixedBytes(" + c + ", " + n + ", into);");
            }
            case LIST -> {
                method(
                        "/** The list; each element is {@code [u32 length][payload]}: walk it with a ZapListCursor. */",
                        "public ZapList " + m + "(ZapList into)",
                        "return obj.list(" + c + ", into);");
                method(null, "public int " + m + "Count()", "return obj.list(" + c + ", list).count();");
            }
            case STRUCT -> {
                String type = JavaNames.type(f.field().type().struct());
                method(
                        "/** Points {@code into} at the nested object (a null view when the field is null). */",
                        "public " + type + " " + m + "(" + type + " into)",
                        "obj.object(" + c + ", into.zapObject());",
                        "return into;");
            }
            default ->
                method(
                        null,
                        "public " + f.readType() + " " + m + "()",
                        "return obj." + f.scalarSuffix().toLowerCase(Locale.ROOT) + "(" + c + ");");
        }
    }

    private void method(String doc, String signature, String... body) {
        if (doc != null) {
            out.line(doc);
        }
        out.line(signature + " {");
        for (String line : body) {
            out.line(line);
        }
        out.line("}");
        out.blank();
    }
}
