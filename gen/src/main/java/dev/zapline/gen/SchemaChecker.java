package dev.zapline.gen;

import dev.zapline.gen.Schema.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks of a schema that need more than the token at hand: a field's name is new in its struct and its slot
 * (offset + the kind's slot size) overlaps no earlier field's; every struct a type or a method parameter names is
 * declared somewhere in the file (before or after the use). Reports at the offending token.
 */
final class SchemaChecker {

    private final SchemaScanner in;
    private final List<Reference> references = new ArrayList<>();

    SchemaChecker(SchemaScanner in) {
        this.in = in;
    }

    /** Checks {@code field} (its name at line:column) against the fields of {@code struct} declared before it. */
    void field(String struct, List<Field> earlier, Field field, int line, int column) throws SchemaException {
        if ((long) field.offset() + field.type().slotSize() > Integer.MAX_VALUE) {
            throw in.errorAt(line, column, "field \"" + field.name() + "\" ends past the largest offset");
        }
        for (Field e : earlier) {
            if (e.name().equals(field.name())) {
                throw in.errorAt(line, column, "duplicate field \"" + field.name() + "\" in struct \"" + struct + "\"");
            }
        }
        for (Field e : earlier) {
            if (field.offset() < e.end() && e.offset() < field.end()) {
                throw in.errorAt(
                        line,
                        column,
                        "field \"" + field.name() + "\" " + span(field) + " overlaps field \"" + e.name() + "\" "
                                + span(e));
            }
        }
    }

    private static String span(Field f) {
        return "(" + f.type() + " @" + f.offset() + ", " + f.type().slotSize() + " bytes)";
    }

    /** Remembers a type that names a struct, to check once the whole file is read. */
    void structReference(String name, int line, int column) {
        references.add(new Reference(name, line, column, false));
    }

    /** Remembers a method parameter's type, which must name a struct. */
    void paramType(String name, int line, int column) {
        references.add(new Reference(name, line, column, true));
    }

    /** Checks every remembered reference against the declarations of {@code schema}, in source order. */
    void check(Schema schema) throws SchemaException {
        for (Reference r : references) {
            if (schema.struct(r.name) != null) {
                continue;
            }
            if (r.param && (schema.aliases().containsKey(r.name) || isKeyword(r.name))) {
                throw in.errorAt(r.line, r.column, "parameter type \"" + r.name + "\" is not a struct");
            }
            throw in.errorAt(r.line, r.column, "unknown type \"" + r.name + "\"");
        }
    }

    private static boolean isKeyword(String name) {
        for (ZapType.Kind k : ZapType.Kind.values()) {
            if (k.keyword().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private record Reference(String name, int line, int column, boolean param) {}
}
