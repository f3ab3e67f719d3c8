package dev.zapline.gen;

import java.util.List;
import java.util.Map;

/**
 * One parsed and checked {@code .zap} file: its package, its {@code type} aliases (resolved), its structs and its
 * interfaces, in declaration order. Immutable; built by {@link SchemaParser}.
 *
 * @param source the file name the schema was read from (for error messages and the generated header)
 * @param pkg the schema's {@code package} name
 */
public record Schema(
        String source, String pkg, Map<String, ZapType> aliases, List<Struct> structs, List<Interface> interfaces) {

    public Schema {
        aliases = Map.copyOf(aliases);
        structs = List.copyOf(structs);
        interfaces = List.copyOf(interfaces);
    }

    /** The struct named {@code name}, or null. */
    public Struct struct(String name) {
        for (Struct s : structs) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** One struct field: a byte offset inside the fixed section and a type. */
    public record Field(String name, ZapType type, int offset) {

        /** First byte past the field's slot. */
        public int end() {
            return offset + type.slotSize();
        }
    }

    /**
     * A struct: its fields in declaration order. The fixed section is the high-water mark of the fields (the end of
     * the slot that ends last), not rounded: exactly what the peer's emitter passes to {@code startObject}.
     */
    public record Struct(String name, List<Field> fields) {

        public Struct {
            fields = List.copyOf(fields);
        }

        public int fixedSize() {
            int size = 0;
            for (Field f : fields) {
                size = Math.max(size, f.end());
            }
            return size;
        }
    }

    /** A method parameter: a name and the struct it carries. */
    public record Param(String name, String struct) {}

    /**
     * An interface method. Ordinals are 1, 2, 3… in declaration order; {@code request} is null for a method that
     * takes no payload, {@code response} null for one declared {@code returns ()} or without {@code returns} at all;
     * {@code oneWay} tells the latter (no answer expected) from the former (an empty answer).
     */
    public record Method(String name, int ordinal, Param request, Param response, boolean oneWay) {}

    /** A service: its methods in declaration (ordinal) order. */
    public record Interface(String name, List<Method> methods) {

        public Interface {
            methods = List.copyOf(methods);
        }
    }
}
