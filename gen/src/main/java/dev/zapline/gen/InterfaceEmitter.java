package dev.zapline.gen;

import dev.zapline.gen.Schema.Interface;
import dev.zapline.gen.Schema.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Emits one schema interface as three Java types: {@code NameMethods}, the table of method ordinals (1, 2, 3… in
 * declaration order, the stable wire ids); {@code NameServer}, what a service implements (a request reader in, the
 * answer written into a builder); and {@code NameClient}, the typed calls a client offers (a finished request
 * message in, the answer wrapped into a caller's reader). Binding them to a transport is the RPC runtime's job.
 */
final class InterfaceEmitter {

    private final Schema schema;
    private final Interface iface;
    private final String javaPackage;

    InterfaceEmitter(Schema schema, Interface iface, String javaPackage) {
        this.schema = schema;
        this.iface = iface;
        this.javaPackage = javaPackage;
    }

    /** File name (without {@code .java}) → source. */
    Map<String, String> emit() {
        Map<String, String> files = new LinkedHashMap<>();
        String base = JavaNames.type(iface.name());
        files.put(base + "Methods", methods(base + "Methods"));
        files.put(base + "Server", server(base + "Server"));
        files.put(base + "Client", client(base + "Client"));
        return files;
    }

    private String methods(String name) {
        JavaFile out = new JavaFile(schema.source(), javaPackage);
        out.doc("The method ordinals of the {@code " + iface.name() + "} interface of " + schema.source()
                + ": 1, 2, 3… in declaration order, so appending a method never renumbers the others.");
        out.line("public final class " + name + " {");
        out.blank();
        for (Method m : iface.methods()) {
            out.line("public static final int " + JavaNames.constant(m.name()) + " = " + m.ordinal() + ";");
        }
        out.blank();
        out.line("private " + name + "() {}");
        out.blank();
        out.line("/** The schema name of the method with this ordinal, or null when there is none. */");
        out.line("public static String name(int ordinal) {");
        out.line("return switch (ordinal) {");
        for (Method m : iface.methods()) {
            out.line("case " + JavaNames.constant(m.name()) + " -> \"" + m.name() + "\";");
        }
        out.line("default -> null;");
        out.line("};");
        out.line("}");
        out.line("}");
        return out.render();
    }

    private String server(String name) {
        JavaFile out = new JavaFile(schema.source(), javaPackage);
        out.doc(
                "What a {@code " + iface.name() + "} service implements, one method per schema method: the"
                        + " request's reader in (already wrapped), the answer written into {@code response} (reset and"
                        + " finished by the implementation, for example with the answer type's {@code encode}).",
                "<p>Called on the transport's thread: an implementation that blocks holds that thread.");
        out.line("public interface " + name + " {");
        for (Method m : iface.methods()) {
            List<String> params = new ArrayList<>();
            if (m.request() != null) {
                params.add(JavaNames.type(m.request().struct()) + " "
                        + JavaNames.member(m.request().name()));
            }
            if (m.response() != null) {
                params.add("ZapBuilder response");
            }
            out.blank();
            out.line("/** " + describe(m) + " */");
            out.wrapped("void " + JavaNames.member(m.name()) + "(", params, ");");
        }
        if (iface.methods().stream().anyMatch(m -> m.response() != null)) {
            out.imports("dev.zapline.wire.ZapBuilder");
        }
        out.line("}");
        return out.render();
    }

    private String client(String name) {
        JavaFile out = new JavaFile(schema.source(), javaPackage);
        out.doc("The typed calls of the {@code " + iface.name() + "} interface, one per schema method: a finished"
                + " request message in (built with the request type's {@code encode}), the answer wrapped into the"
                + " caller's reader and returned. A one-way method returns once the request is sent.");
        out.line("public interface " + name + " {");
        boolean builder = false;
        for (Method m : iface.methods()) {
            List<String> params = new ArrayList<>();
            if (m.request() != null) {
                params.add("ZapBuilder " + JavaNames.member(m.request().name()));
                builder = true;
            }
            String ret = "void";
            if (m.response() != null) {
                ret = JavaNames.type(m.response().struct());
                params.add(ret + " into");
            }
            out.blank();
            out.line("/** " + describe(m) + " */");
            out.wrapped(ret + " " + JavaNames.member(m.name()) + "(", params, ");");
        }
        if (builder) {
            out.imports("dev.zapline.wire.ZapBuilder");
        }
        out.line("}");
        return out.render();
    }

    private static String describe(Method m) {
        String in = m.request() == null
                ? "no request"
                : "request {@code " + m.request().struct() + "}";
        String back = m.response() != null
                ? "answer {@code " + m.response().struct() + "}"
                : m.oneWay() ? "one-way" : "empty answer";
        return "{@code " + m.name() + "}, ordinal " + m.ordinal() + ": " + in + ", " + back + ".";
    }
}
