package dev.zapline.gen;

import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.Schema.Interface;
import dev.zapline.gen.Schema.Method;
import dev.zapline.gen.Schema.Param;
import dev.zapline.gen.Schema.Struct;
import dev.zapline.gen.ZapType.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses one {@code .zap} schema: {@code package NAME}, then {@code type ALIAS = TYPE}, {@code struct} and
 * {@code interface} declarations, with {@code #} comments. A block is either braced ({@code struct S { ... }}) or
 * opened by a header alone on its line and made of the lines indented deeper. A field is {@code Name type @offset};
 * without {@code @offset} it starts where the previous field ends. The whole file is then checked (unknown types,
 * duplicate names, overlapping slots, method parameters) by {@link SchemaChecker}.
 *
 * <p>Every error is a {@link SchemaException} naming FILE:LINE:COLUMN. Not thread-safe: one parser per file.
 */
public final class SchemaParser {

    private final SchemaScanner in;
    private final String file;
    private final Map<String, ZapType> aliases = new LinkedHashMap<>();
    private final List<Struct> structs = new ArrayList<>();
    private final List<Interface> interfaces = new ArrayList<>();
    private final SchemaChecker checker;

    private SchemaParser(String file, String src) {
        this.file = file;
        this.in = new SchemaScanner(file, src);
        this.checker = new SchemaChecker(in);
    }

    /** Parses and checks {@code src}, read from {@code file} (the name errors carry). */
    public static Schema parse(String file, String src) throws SchemaException {
        return new SchemaParser(file, src).file();
    }

    private Schema file() throws SchemaException {
        in.skipSpace();
        if (!in.peekWord("package")) {
            throw in.error(in.describeHere("`package` declaration"));
        }
        in.ident();
        in.skipSpace();
        String pkg = name("package name");
        Map<String, Pos> topNames = new HashMap<>();
        while (true) {
            in.skipSpace();
            if (in.atEnd()) {
                break;
            }
            int indent = in.column() - 1;
            if (in.peekWord("struct")) {
                in.ident();
                structs.add(struct(indent, topNames));
            } else if (in.peekWord("interface")) {
                in.ident();
                interfaces.add(iface(indent, topNames));
            } else if (in.peekWord("type")) {
                in.ident();
                alias(topNames);
            } else {
                throw in.error(in.describeHere("`struct`, `interface` or `type`"));
            }
        }
        Schema schema = new Schema(file, pkg, aliases, structs, interfaces);
        checker.check(schema);
        return schema;
    }

    private void alias(Map<String, Pos> topNames) throws SchemaException {
        in.skipSpace();
        Pos at = pos();
        String name = name("alias name");
        declare(topNames, name, at, "type alias");
        in.skipSpace();
        in.expect('=');
        in.skipSpace();
        aliases.put(name, type());
    }

    private Struct struct(int indent, Map<String, Pos> topNames) throws SchemaException {
        in.skipSpace();
        Pos at = pos();
        String name = name("struct name");
        declare(topNames, name, at, "struct");
        Block block = open("struct \"" + name + "\"", indent);
        List<Field> fields = new ArrayList<>();
        int next = 0;
        while (block.more()) {
            Pos fieldAt = pos();
            String fieldName = name("field name");
            in.skipSpace();
            ZapType type = type();
            block.skipSpaceInItem();
            int offset = next;
            if (in.accept('@')) {
                in.skipSpace();
                offset = in.integer();
            }
            Field field = new Field(fieldName, type, offset);
            checker.field(name, fields, field, fieldAt.line, fieldAt.column);
            fields.add(field);
            next = field.end();
        }
        if (fields.isEmpty()) {
            throw in.errorAt(at.line, at.column, "struct \"" + name + "\" has no fields");
        }
        return new Struct(name, fields);
    }

    private Interface iface(int indent, Map<String, Pos> topNames) throws SchemaException {
        in.skipSpace();
        Pos at = pos();
        String name = name("interface name");
        declare(topNames, name, at, "interface");
        Block block = open("interface \"" + name + "\"", indent);
        List<Method> methods = new ArrayList<>();
        Map<String, Pos> methodNames = new HashMap<>();
        while (block.more()) {
            Pos methodAt = pos();
            String methodName = name("method name");
            if (methodNames.putIfAbsent(methodName, methodAt) != null) {
                throw in.errorAt(
                        methodAt.line,
                        methodAt.column,
                        "duplicate method \"" + methodName + "\" in interface \"" + name + "\"");
            }
            in.skipSpace();
            Param request = params();
            block.skipSpaceInItem();
            Param response = null;
            boolean oneWay = !in.peekWord("returns");
            if (!oneWay) {
                in.ident();
                in.skipSpace();
                response = params();
            }
            methods.add(new Method(methodName, methods.size() + 1, request, response, oneWay));
        }
        return new Interface(name, methods);
    }

    /** {@code ( )} or {@code ( name : Struct )}: one struct payload per direction at most. */
    private Param params() throws SchemaException {
        in.expect('(');
        in.skipSpace();
        if (in.accept(')')) {
            return null;
        }
        String name = name("parameter name");
        in.skipSpace();
        in.expect(':');
        in.skipSpace();
        Pos at = pos();
        String struct = name("parameter type");
        checker.paramType(struct, at.line, at.column);
        in.skipSpace();
        if (in.peek() == ',') {
            throw in.error("a method carries at most one struct per direction");
        }
        in.expect(')');
        return new Param(name, struct);
    }

    private ZapType type() throws SchemaException {
        Pos at = pos();
        String word = in.ident();
        if (word == null) {
            throw in.error(in.describeHere("a type"));
        }
        switch (word) {
            case "list" -> {
                in.skipSpace();
                in.expect('<');
                in.skipSpace();
                ZapType element = type();
                in.skipSpace();
                in.expect('>');
                return ZapType.list(element);
            }
            case "bytes_fixed" -> {
                in.skipSpace();
                in.expect('[');
                in.skipSpace();
                Pos n = pos();
                int size = in.integer();
                if (size <= 0) {
                    throw in.errorAt(n.line, n.column, "bytes_fixed[N] needs N > 0, got " + size);
                }
                in.skipSpace();
                in.expect(']');
                return ZapType.bytesFixed(size);
            }
            default -> {
                for (Kind k : Kind.values()) {
                    if (k != Kind.BYTES_FIXED
                            && k != Kind.LIST
                            && k != Kind.STRUCT
                            && k.keyword().equals(word)) {
                        return ZapType.of(k);
                    }
                }
                ZapType alias = aliases.get(word);
                if (alias != null) {
                    return alias;
                }
                checker.structReference(word, at.line, at.column);
                return ZapType.struct(word);
            }
        }
    }

    /** Opens a braced block, or an indented one when the header ends its line. */
    private Block open(String what, int indent) throws SchemaException {
        in.skipSpaceInLine();
        if (in.accept('{')) {
            return new Block(what, true, indent, in.line());
        }
        if (in.atEnd() || in.atNewline()) {
            return new Block(what, false, indent, in.line());
        }
        throw in.error(in.describeHere("'{' or the end of the line"));
    }

    private String name(String what) throws SchemaException {
        String name = in.ident();
        if (name == null) {
            throw in.error(in.describeHere(what));
        }
        return name;
    }

    private void declare(Map<String, Pos> names, String name, Pos at, String what) throws SchemaException {
        Pos first = names.putIfAbsent(name, at);
        if (first != null) {
            throw in.errorAt(
                    at.line,
                    at.column,
                    "duplicate " + what + " \"" + name + "\" (first declared at line " + first.line + ")");
        }
    }

    private Pos pos() {
        return new Pos(in.line(), in.column());
    }

    private record Pos(int line, int column) {}

    /** The body of a struct or interface: until its '}', or until a line indented no deeper than its header. */
    private final class Block {
        private final String what;
        private final boolean braces;
        private final int indent;
        private final int openedAt;

        Block(String what, boolean braces, int indent, int openedAt) {
            this.what = what;
            this.braces = braces;
            this.indent = indent;
            this.openedAt = openedAt;
        }

        /**
         * Skips to the rest of an item (a field's {@code @offset}, a method's {@code returns}): across lines in a
         * braced block, as the npm grammar does; within the line in an indented one, where a line is an item.
         */
        void skipSpaceInItem() {
            if (braces) {
                in.skipSpace();
            } else {
                in.skipSpaceInLine();
            }
        }

        boolean more() throws SchemaException {
            in.skipSpace();
            if (braces) {
                if (in.atEnd()) {
                    throw in.error(what + " opened at line " + openedAt + " is not closed");
                }
                return !in.accept('}');
            }
            return !in.atEnd() && !(in.firstOnLine() && in.column() - 1 <= indent);
        }
    }
}
