package dev.zapline.gen;

import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.ZapType.Kind;
import java.util.Set;

/**
 * A field with the Java names the emitters give it: the offset constant, the accessor, the writer parameter, and
 * the Java types of its value when read and when written.
 */
record GenField(Field field, String constant, String member, String param) {

    /** Locals of the generated writers, which a parameter must not shadow. */
    private static final Set<String> LOCALS = Set.of("dst", "off", "size", "base", "pos", "b", "w");

    static GenField of(Field f) {
        String member = JavaNames.member(f.name());
        return new GenField(
                f, JavaNames.constant(f.name()), member, LOCALS.contains(member) ? member + "Value" : member);
    }

    Kind kind() {
        return field.type().kind();
    }

    /** Text, bytes, lists and non-empty nested structs: they add bytes after the fixed section. */
    boolean variable() {
        return kind() == Kind.TEXT || kind() == Kind.BYTES || kind() == Kind.LIST || kind() == Kind.STRUCT;
    }

    /** Java type a reader returns for a scalar. */
    String readType() {
        return switch (kind()) {
            case BOOL -> "boolean";
            case I8 -> "byte";
            case I16 -> "short";
            case U8, U16, I32 -> "int";
            case U32, U64, I64 -> "long";
            case F32 -> "float";
            case F64 -> "double";
            default -> throw new IllegalStateException("not a scalar: " + kind());
        };
    }

    /** Java type of the writer parameter. */
    String writeType() {
        return switch (kind()) {
            case TEXT -> "CharSequence";
            case BYTES, BYTES_FIXED, STRUCT -> "byte[]";
            case LIST -> "byte[][]";
            default -> readType();
        };
    }

    /** The {@code ZapObject}/{@code ZapObjectWriter} method suffix of a scalar: {@code U32}, {@code F64}... */
    String scalarSuffix() {
        return kind() == Kind.BOOL ? "Bool" : kind().keyword().toUpperCase(java.util.Locale.ROOT);
    }
}
