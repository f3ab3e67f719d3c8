package dev.zapline.gen;

import dev.zapline.gen.Schema.Struct;
import dev.zapline.gen.ZapType.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Emits a struct's writers: {@code messageSize(...)}, {@code write(dst, off, ...)} that lays the message out
 * directly in a caller's array, and {@code encode(ZapBuilder, ...)} that builds the same bytes with the generic
 * builder. The layout is the peer's (the npm zapgen's builders): header, root object at 16 with its fixed section
 * zero-filled; then, in field order, each list (padded to 8 first, even when empty; each element
 * {@code [u32 length][payload]}) and each non-empty nested struct (padded to 8, its fixed-section bytes); then the
 * text and bytes payloads in field order, unpadded. Empty text, bytes and lists write null slots.
 */
final class StructWriterEmitter {

    private final Struct struct;
    private final List<GenField> fields;
    private final JavaFile out;

    StructWriterEmitter(Struct struct, List<GenField> fields, JavaFile out) {
        this.struct = struct;
        this.fields = fields;
        this.out = out;
    }

    /** The little-endian stores the direct writer uses. */
    void constants() {
        out.imports("java.lang.invoke.MethodHandles")
                .imports("java.lang.invoke.VarHandle")
                .imports("java.nio.ByteOrder");
        varHandle("I16", "short");
        varHandle("I32", "int");
        if (fields.stream()
                .anyMatch(f -> f.field().type().slotSize() == 8 && f.kind().scalar())) {
            varHandle("I64", "long");
        }
        out.blank();
    }

    private void varHandle(String name, String type) {
        out.line("private static final VarHandle " + name + " =");
        out.line("        MethodHandles.byteArrayViewVarHandle(" + type + "[].class, ByteOrder.LITTLE_ENDIAN);");
    }

    void emit() {
        out.imports("dev.zapline.wire.Zap")
                .imports("dev.zapline.wire.ZapBuilder")
                .imports("dev.zapline.wire.ZapObjectWriter")
                .imports("java.util.Objects");
        List<String> variableParams = new ArrayList<>();
        List<String> variableArgs = new ArrayList<>();
        List<String> allParams = new ArrayList<>();
        List<String> allArgs = new ArrayList<>();
        for (GenField f : fields) {
            String p = f.writeType() + " " + f.param();
            allParams.add(p);
            allArgs.add(f.param());
            if (f.variable()) {
                variableParams.add(p);
                variableArgs.add(f.param());
            }
        }
        size(variableParams, false);
        write(allParams, variableArgs, false);
        if (has(Kind.TEXT)) {
            size(utf8(variableParams), true);
            write(utf8(allParams), variableArgs, true);
        }
        encode(allParams);
        helpers();
    }

    /** The parameters with every text field's type {@code byte[]}: its UTF-8, encoded once by the caller. */
    private List<String> utf8(List<String> params) {
        List<String> out = new ArrayList<>();
        for (String p : params) {
            out.add(p.startsWith("CharSequence ") ? "byte[] " + p.substring("CharSequence ".length()) : p);
        }
        return out;
    }

    private void size(List<String> params, boolean utf8) {
        out.line(
                utf8
                        ? "/** As the {@code CharSequence} form, with text given as its UTF-8 bytes. */"
                        : "/** Bytes of a message with these variable-length fields: what {@link #write} needs. */");
        out.wrapped("public static int messageSize(", params, ") {");
        out.line("int pos = Zap.HEADER_SIZE + SIZE;");
        for (GenField f : fields) {
            String p = f.param();
            switch (f.kind()) {
                case LIST -> out.line("pos = align(pos) + elementsSize(" + p + ");");
                case STRUCT -> out.line("pos = " + p + ".length == 0 ? pos : align(pos) + " + p + ".length;");
                default -> {}
            }
        }
        for (GenField f : fields) {
            if (f.kind() == Kind.BYTES) {
                out.line("pos += " + f.param() + ".length;");
            } else if (f.kind() == Kind.TEXT && utf8) {
                out.line("pos += " + f.param() + ".length;");
            } else if (f.kind() == Kind.TEXT) {
                out.imports("dev.zapline.wire.Utf8");
                out.line("pos += Utf8.length(" + f.param() + ");");
            }
        }
        out.line("return pos;");
        out.line("}");
        out.blank();
    }

    private void write(List<String> params, List<String> sizeArgs, boolean utf8) {
        List<String> all = new ArrayList<>(List.of("byte[] dst", "int off"));
        all.addAll(params);
        if (utf8) {
            out.doc("As the {@code CharSequence} form, with text given as its UTF-8 bytes (encoded once, say for a"
                    + " constant; not checked): byte-identical for the same text.");
        } else {
            out.doc(
                    "Writes a {@code " + struct.name() + "} message straight into {@code dst} at {@code off},"
                            + " byte-identical to {@link #encode} but without the builder; returns its size. Every"
                            + " byte of the message is written, so {@code dst} may hold anything.",
                    "@throws IndexOutOfBoundsException when {@code dst} is too small",
                    "@throws IllegalArgumentException when a {@code bytes_fixed[N]} value is not N bytes");
        }
        out.wrapped("public static int write(", all, ") {");
        checkFixed();
        out.wrapped("int size = messageSize(", sizeArgs, ");");
        out.line("Objects.checkFromIndexSize(off, size, dst.length);");
        boolean padded = fields.stream().anyMatch(f -> f.kind() == Kind.LIST || f.kind() == Kind.STRUCT);
        if (padded) {
            out.imports("java.util.Arrays");
            out.line("Arrays.fill(dst, off, off + size, (byte) 0);");
        }
        out.line("I32.set(dst, off, Zap.MAGIC);");
        out.line("I16.set(dst, off + 4, (short) Zap.VERSION_1);");
        if (!padded) {
            // Without lists or nested structs every byte is stored below: the flags, the fixed section's gaps, each
            // field and slot (null slots too), and the payloads, which cover the tail without a gap. No fill first.
            out.line("I16.set(dst, off + 6, (short) 0);");
        }
        out.line("I32.set(dst, off + 8, Zap.HEADER_SIZE);");
        out.line("I32.set(dst, off + 12, size);");
        out.line("int base = off + Zap.HEADER_SIZE;");
        if (!padded) {
            gaps();
        }
        for (GenField f : fields) {
            if (f.kind().scalar() || f.kind() == Kind.BYTES_FIXED) {
                out.line(store(f, "base + " + f.constant()));
            }
        }
        if (!sizeArgs.isEmpty()) {
            out.line("int pos = Zap.HEADER_SIZE + SIZE;");
            for (GenField f : fields) {
                String slot = "Zap.HEADER_SIZE + " + f.constant();
                switch (f.kind()) {
                    case LIST -> out.line("pos = list(dst, off, " + slot + ", align(pos), " + f.param() + ");");
                    case STRUCT -> out.line("pos = object(dst, off, " + slot + ", pos, " + f.param() + ");");
                    default -> {}
                }
            }
            for (GenField f : fields) {
                String slot = "Zap.HEADER_SIZE + " + f.constant();
                if (f.kind() == Kind.BYTES) {
                    out.line("pos = bytes(dst, off, " + slot + ", pos, " + f.param() + ");");
                } else if (f.kind() == Kind.TEXT) {
                    out.line(
                            "pos = " + (utf8 ? "bytes" : "text") + "(dst, off, " + slot + ", pos, " + f.param() + ");");
                }
            }
        }
        out.line("return size;");
        out.line("}");
        out.blank();
    }

    /** Zeros for the bytes of the fixed section that no field covers (padding between fields), range by range. */
    private void gaps() {
        boolean[] covered = new boolean[struct.fixedSize()];
        for (GenField f : fields) {
            int at = (int) f.field().offset();
            java.util.Arrays.fill(covered, at, at + f.field().type().slotSize(), true);
        }
        for (int i = 0; i < covered.length; i++) {
            if (!covered[i]) {
                int end = i;
                while (end < covered.length && !covered[end]) {
                    end++;
                }
                out.imports("java.util.Arrays");
                out.line("Arrays.fill(dst, base + " + i + ", base + " + end + ", (byte) 0);");
                i = end;
            }
        }
    }

    private static String store(GenField f, String at) {
        String v = f.param();
        return switch (f.kind()) {
            case BOOL -> "dst[" + at + "] = (byte) (" + v + " ? 1 : 0);";
            case U8 -> "dst[" + at + "] = (byte) " + v + ";";
            case I8 -> "dst[" + at + "] = " + v + ";";
            case U16 -> "I16.set(dst, " + at + ", (short) " + v + ");";
            case I16 -> "I16.set(dst, " + at + ", " + v + ");";
            case U32 -> "I32.set(dst, " + at + ", (int) " + v + ");";
            case I32 -> "I32.set(dst, " + at + ", " + v + ");";
            case U64, I64 -> "I64.set(dst, " + at + ", " + v + ");";
            case F32 -> "I32.set(dst, " + at + ", Float.floatToRawIntBits(" + v + "));";
            case F64 -> "I64.set(dst, " + at + ", Double.doubleToRawLongBits(" + v + "));";
            case BYTES_FIXED -> "System.arraycopy(" + v + ", 0, dst, " + at + ", " + v + ".length);";
            default -> throw new IllegalStateException("not stored inline: " + f.kind());
        };
    }

    private void checkFixed() {
        for (GenField f : fields) {
            if (f.kind() == Kind.BYTES_FIXED) {
                out.line("fixed(\"" + f.field().name() + "\", " + f.param() + ", "
                        + f.field().type().fixedSize() + ");");
            }
        }
    }

    private void encode(List<String> params) {
        List<String> all = new ArrayList<>(List.of("ZapBuilder b"));
        all.addAll(params);
        out.line("/** Writes a message into {@code b} (reset first) with the generic builder; returns its size. */");
        out.wrapped("public static int encode(", all, ") {");
        checkFixed();
        out.line("b.reset();");
        out.line("ZapObjectWriter w = b.startObject(SIZE);");
        for (GenField f : fields) {
            String c = f.constant();
            String p = f.param();
            switch (f.kind()) {
                case TEXT -> out.line("w.setText(" + c + ", " + p + ");");
                case BYTES -> out.line("w.setBytes(" + c + ", " + p + ");");
                case BYTES_FIXED -> out.line("w.setFixedBytes(" + c + ", " + p + ", 0, " + p + ".length);");
                case LIST -> out.line("w.setList(" + c + ", listOf(b, " + p + "), " + p + ".length);");
                case STRUCT -> {
                    out.line("if (" + p + ".length > 0) {");
                    out.wrapped(
                            "w.setObject(",
                            List.of(
                                    c,
                                    "b.startObject(" + p + ".length).setFixedBytes(0, " + p + ", 0, " + p
                                            + ".length).finish()"),
                            ");");
                    out.line("}");
                }
                default -> out.line("w.set" + f.scalarSuffix() + "(" + c + ", " + p + ");");
            }
        }
        out.line("w.finishAsRoot();");
        out.line("return b.finish();");
        out.line("}");
        out.blank();
    }

    private void helpers() {
        boolean list = has(Kind.LIST);
        boolean variable = fields.stream().anyMatch(GenField::variable);
        if (has(Kind.BYTES_FIXED)) {
            helper(
                    "private static void fixed(String field, byte[] v, int n) {",
                    "if (v.length != n) {",
                    "throw new IllegalArgumentException(field + \" is bytes_fixed[\" + n + \"], got \" + v.length"
                            + " + \" bytes\");",
                    "}");
        }
        if (list || has(Kind.STRUCT)) {
            helper("private static int align(int pos) {", "return (pos + Zap.ALIGNMENT - 1) & -Zap.ALIGNMENT;");
        }
        if (variable) {
            helper(
                    "private static void slot(byte[] dst, int at, int relOffset, int length) {",
                    "I32.set(dst, at, relOffset);",
                    "I32.set(dst, at + 4, length);");
        }
        if (list) {
            out.imports("dev.zapline.wire.ZapListWriter");
            helper(
                    "private static int elementsSize(byte[][] elements) {",
                    "int n = 0;",
                    "for (byte[] e : elements) {",
                    "n += 4 + e.length;",
                    "}",
                    "return n;");
            helper(
                    "private static int list(byte[] dst, int off, int slot, int pos, byte[][] elements) {",
                    "if (elements.length > 0) {",
                    "slot(dst, off + slot, pos - slot, elements.length);",
                    "}",
                    "for (byte[] e : elements) {",
                    "I32.set(dst, off + pos, e.length);",
                    "System.arraycopy(e, 0, dst, off + pos + 4, e.length);",
                    "pos += 4 + e.length;",
                    "}",
                    "return pos;");
            helper(
                    "private static int listOf(ZapBuilder b, byte[][] elements) {",
                    "ZapListWriter l = b.startList();",
                    "for (byte[] e : elements) {",
                    "l.addElement(e);",
                    "}",
                    "return l.finish();");
        }
        if (has(Kind.STRUCT)) {
            helper(
                    "private static int object(byte[] dst, int off, int slot, int pos, byte[] fixed) {",
                    "if (fixed.length == 0) {",
                    "return pos;",
                    "}",
                    "int at = align(pos);",
                    "I32.set(dst, off + slot, at - slot);",
                    "System.arraycopy(fixed, 0, dst, off + at, fixed.length);",
                    "return at + fixed.length;");
        }
        if (has(Kind.BYTES) || has(Kind.TEXT)) {
            helper(
                    "private static int bytes(byte[] dst, int off, int slot, int pos, byte[] v) {",
                    "slot(dst, off + slot, v.length == 0 ? 0 : pos - slot, v.length);",
                    "System.arraycopy(v, 0, dst, off + pos, v.length);",
                    "return pos + v.length;");
        }
        if (has(Kind.TEXT)) {
            helper(
                    "private static int text(byte[] dst, int off, int slot, int pos, CharSequence v) {",
                    "int n = Utf8.encode(v, dst, off + pos);",
                    "slot(dst, off + slot, n == 0 ? 0 : pos - slot, n);",
                    "return pos + n;");
        }
    }

    private boolean has(Kind kind) {
        return fields.stream().anyMatch(f -> f.kind() == kind);
    }

    private void helper(String signature, String... body) {
        out.line(signature);
        for (String l : body) {
            out.line(l);
        }
        out.line("}");
        out.blank();
    }
}
