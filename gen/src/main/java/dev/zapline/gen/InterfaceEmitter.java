package dev.zapline.gen;

import dev.zapline.gen.Schema.Interface;
import dev.zapline.gen.Schema.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Emits one schema interface as three Java types: {@code NameMethods}, the table of method ordinals (1, 2, 3… in
 * declaration order, the stable wire ids); {@code NameServer}, what a service implements (a request reader in, the
 * answer written into a builder); and {@code NameClient}, the typed asynchronous calls a client offers (a request
 * message or its fields in, the answer handed to an {@code Answer} as a reader). {@link RpcEmitter} binds both to
 * the native RPC runtime.
 */
final class InterfaceEmitter {

    /** Names the client's calls use besides the request's fields. */
    private static final Set<String> CALL_PARAMS = Set.of("answer", "request", "payload");

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
        out.imports("dev.zapline.wire.ZapBuilder");
        out.doc(
                "The typed calls of the {@code " + iface.name() + "} interface, one family per schema method,"
                        + " asynchronous: the request as a finished message in a {@code ZapBuilder} (for example from"
                        + " the request type's {@code encode}) or as the request type's writer arguments, and an"
                        + " {@link Answer} to receive the reply. Each returns the call's id, which the answer is"
                        + " given back; a one-way method returns once the request is queued and gets no answer.",
                "<p>Generated with {@code --rpc}, {@code " + JavaNames.type(iface.name()) + "Rpc.client} implements"
                        + " it over the native RPC runtime.");
        out.line("public interface " + name + " {");
        out.blank();
        out.doc(
                "Receives the reply to one call, on the transport's thread. The answer's reader is the client's and"
                        + " is valid only inside {@link #answered}; it is null for a method with an empty answer.",
                "@param <T> the answer's reader type");
        out.line("interface Answer<T> {");
        out.blank();
        out.line("/** Call {@code callId} was answered with status 200. */");
        out.line("void answered(int callId, T answer);");
        out.blank();
        out.doc("Call {@code callId} failed: {@code status} is the error status the server answered with its"
                + " message, or 0 when the connection closed first (or the answer did not read as its type).");
        out.line("void failed(int callId, int status, String message);");
        out.line("}");
        for (Method m : iface.methods()) {
            String member = JavaNames.member(m.name());
            String answer = m.oneWay() ? null : "Answer<" + answerType(m) + "> answer";
            out.blank();
            out.doc(describe(m)
                    + (m.request() == null ? "" : " The request is the finished message in {@code request}."));
            List<String> prepared = new ArrayList<>();
            if (m.request() != null) {
                prepared.add("ZapBuilder request");
            }
            if (answer != null) {
                prepared.add(answer);
            }
            out.wrapped("int " + member + "(", prepared, ");");
            if (m.request() != null) {
                List<String> args = writerParams(m.request().struct());
                if (answer != null) {
                    args.add(answer);
                }
                out.blank();
                out.doc(describe(m) + " The request is written from these fields.");
                out.wrapped("int " + member + "(", args, ");");
            }
        }
        out.line("}");
        return out.render();
    }

    /** The reader type of the method's answer, {@code Void} for an empty one. */
    static String answerType(Method m) {
        return m.response() == null ? "Void" : JavaNames.type(m.response().struct());
    }

    /** The parameters of the struct's writers ({@code write} after {@code dst, off}), in field order. */
    List<String> writerParams(String struct) {
        List<String> params = new ArrayList<>();
        for (GenField f : requestFields(struct)) {
            if (CALL_PARAMS.contains(f.param())) {
                throw new IllegalArgumentException("struct " + struct + ": field "
                        + f.field().name() + " would shadow the " + f.param() + " parameter of the client's calls");
            }
            params.add(f.writeType() + " " + f.param());
        }
        return params;
    }

    /** The struct's fields with their Java names. */
    List<GenField> requestFields(String struct) {
        return schema.struct(struct).fields().stream().map(GenField::of).toList();
    }

    static String describe(Method m) {
        String in = m.request() == null
                ? "no request"
                : "request {@code " + m.request().struct() + "}";
        String back = m.response() != null
                ? "answer {@code " + m.response().struct() + "}"
                : m.oneWay() ? "one-way" : "empty answer";
        return "{@code " + m.name() + "}, ordinal " + m.ordinal() + ": " + in + ", " + back + ".";
    }
}
