package dev.zapline.gen;

import dev.zapline.gen.Schema.Interface;
import dev.zapline.gen.Schema.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Emits {@code NameRpc}, the binding of one schema interface to the native RPC runtime (docs/rpc.md):
 * {@code service(NameServer)} builds the {@code RpcService} whose method of ordinal i reads the payload in place
 * with the request's reader and copies the answer the implementation built into the reply; {@code client(RpcClient)}
 * is a {@code NameClient} writing requests into pooled buffers and reading answers in place. Emitted only on
 * request ({@code zapline gen --rpc}): the code depends on zapline-server and zapline-client besides the wire.
 */
final class RpcEmitter {

    private static final String OK = "Rpc.STATUS_OK";

    private final Schema schema;
    private final Interface iface;
    private final InterfaceEmitter shapes;
    private final String base;
    private final JavaFile out;

    RpcEmitter(Schema schema, Interface iface, String javaPackage) {
        this.schema = schema;
        this.iface = iface;
        this.shapes = new InterfaceEmitter(schema, iface, javaPackage);
        this.base = JavaNames.type(iface.name());
        this.out = new JavaFile(schema.source(), javaPackage);
    }

    String emit() {
        for (String i : List.of(
                "dev.zapline.client.rpc.RpcClient",
                "dev.zapline.client.rpc.RpcResponseListener",
                "dev.zapline.codec.buffer.ByteBufZap",
                "dev.zapline.codec.rpc.Rpc",
                "dev.zapline.codec.rpc.RpcResponseView",
                "dev.zapline.server.rpc.RpcCall",
                "dev.zapline.server.rpc.RpcMethod",
                "dev.zapline.server.rpc.RpcReply",
                "dev.zapline.server.rpc.RpcService",
                "dev.zapline.wire.ZapBuilder",
                "dev.zapline.wire.ZapFormatException",
                "dev.zapline.wire.ZapLayout",
                "dev.zapline.wire.ZapMessage",
                "dev.zapline.wire.ZapValidator",
                "io.netty.buffer.ByteBuf",
                "io.netty.buffer.PooledByteBufAllocator",
                "java.util.ArrayDeque",
                "java.util.Objects")) {
            out.imports(i);
        }
        out.doc(
                "The {@code " + iface.name() + "} interface of " + schema.source() + " on the native RPC runtime"
                        + " (docs/rpc.md): {@link #service} serves an implementation of {@code " + base + "Server} as"
                        + " an {@code RpcService} for {@code App.rpc}; {@link #client} calls one through an {@code"
                        + " RpcClient}.",
                "<p>Serving: the payload is read in place by a request reader that belongs to the event loop's"
                        + " thread, and the answer the implementation builds in the loop's {@code ZapBuilder} is"
                        + " copied into the reply's body and sent 200; nothing is allocated once warm. A payload that"
                        + " is not a message of the request type (ZapValidator with its LAYOUT: every pointer and"
                        + " length) is answered 400 with the reason; an exception of the implementation is answered"
                        + " 500 by the runtime. One-way methods and empty answers are"
                        + " answered 200 with an empty body.",
                "<p>Calling: a request is copied, or written from its fields by the request type's {@code write},"
                        + " into a pooled heap buffer; the answer's body is read in place by the client's reader of"
                        + " the answer type. Calls made on the client's event loop allocate nothing once warm.");
        out.line("public final class " + base + "Rpc {");
        out.blank();
        out.line("/** What answers carry when the client sends nothing back: one-way calls. */");
        out.line("private static final RpcResponseListener ONE_WAY = new RpcResponseListener() {");
        out.line("@Override");
        out.line("public void onResponse(int reqId, RpcResponseView response) {}");
        out.blank();
        out.line("@Override");
        out.line("public void onClosed(int reqId) {}");
        out.line("};");
        out.blank();
        out.line("private static final ThreadLocal<LoopState> LOOPS = ThreadLocal.withInitial(LoopState::new);");
        out.blank();
        out.line("private " + base + "Rpc() {}");
        out.blank();
        service();
        for (Method m : iface.methods()) {
            handler(m);
        }
        out.line("/** The {@code " + base + "Client} calling through {@code rpc}, one connection. */");
        out.line("public static " + base + "Client client(RpcClient rpc) {");
        out.line("return new ClientImpl(Objects.requireNonNull(rpc, \"rpc\"));");
        out.line("}");
        out.blank();
        loop();
        new RpcClientEmitter(iface, shapes, out).emit();
        out.line("}");
        return out.render();
    }

    private void service() {
        out.doc("The service for {@code App.rpc}: method i of the schema at ordinal i, ordinal 0 empty.");
        out.line("public static RpcService service(" + base + "Server impl) {");
        out.line("Objects.requireNonNull(impl, \"impl\");");
        List<String> methods = new ArrayList<>(List.of("\"" + iface.name() + "\"", "null"));
        for (Method m : iface.methods()) {
            methods.add("new RpcMethod(\"" + m.name() + "\", (call, reply) -> " + JavaNames.member(m.name())
                    + "(impl, call, reply))");
        }
        out.line("return RpcService.of(");
        for (int i = 0; i < methods.size(); i++) {
            out.line("        " + methods.get(i) + (i + 1 < methods.size() ? "," : ");"));
        }
        out.line("}");
        out.blank();
    }

    private void handler(Method m) {
        String member = JavaNames.member(m.name());
        out.line("private static void " + member + "(" + base + "Server impl, RpcCall call, RpcReply reply) {");
        if (m.request() != null || m.response() != null) {
            out.line("LoopState loop = LOOPS.get();");
        }
        List<String> args = new ArrayList<>();
        if (m.request() != null) {
            String type = JavaNames.type(m.request().struct());
            out.line("ZapMessage request = loop.request(call, reply, \"" + m.name() + "\", " + type + ".LAYOUT);");
            out.line("if (request == null) {");
            out.line("return;");
            out.line("}");
            args.add("loop." + reader(m.request().struct()) + ".wrap(request)");
        }
        if (m.response() != null) {
            args.add("loop.answer()");
        }
        out.line("impl." + member + "(" + String.join(", ", args) + ");");
        if (m.response() != null) {
            out.line("loop.send(reply);");
        } else {
            out.line("reply.send(" + OK + ");");
        }
        out.line("}");
        out.blank();
    }

    private void loop() {
        out.line("/** What serving needs on one event loop's thread: readers, the message views, a builder. */");
        out.line("private static final class LoopState {");
        out.blank();
        out.line("private final ByteBufZap zap = new ByteBufZap();");
        out.line("private final ZapMessage message = new ZapMessage();");
        out.line("private final ZapBuilder builder = new ZapBuilder();");
        Set<String> types = new LinkedHashSet<>();
        for (Method m : iface.methods()) {
            if (m.request() != null) {
                types.add(m.request().struct());
            }
        }
        for (String t : types) {
            out.line("private final " + JavaNames.type(t) + " " + reader(t) + " = new " + JavaNames.type(t) + "();");
        }
        out.blank();
        out.doc("The call's payload as a message of the request type, every pointer checked against {@code layout}"
                + " (ZapValidator), or null after answering 400 with the reason.");
        out.line("ZapMessage request(RpcCall call, RpcReply reply, String method, ZapLayout layout) {");
        out.line("ZapMessage m;");
        out.line("try {");
        out.line("m = zap.wrap(message, call.buffer(), call.payloadIndex(), call.payloadLength());");
        out.line("} catch (ZapFormatException e) {");
        out.line("reply.error(Rpc.STATUS_BAD_REQUEST, method + \": the request is not a ZAP message: \""
                + " + e.getMessage());");
        out.line("return null;");
        out.line("}");
        out.line("try {");
        out.line("ZapValidator.validate(m, layout);");
        out.line("} catch (ZapFormatException e) {");
        out.line("reply.error(Rpc.STATUS_BAD_REQUEST, method + \": bad request: \" + e.getMessage());");
        out.line("return null;");
        out.line("}");
        out.line("return m;");
        out.line("}");
        out.blank();
        out.line("/** The builder an implementation writes its answer into, reset so an unfinished one fails. */");
        out.line("ZapBuilder answer() {");
        out.line("return builder.reset();");
        out.line("}");
        out.blank();
        out.line("/** Sends the finished answer as the body of a 200 (an unfinished one throws: a 500). */");
        out.line("void send(RpcReply reply) {");
        out.line("int size = builder.size();");
        out.line("reply.body().writeBytes(builder.buffer(), builder.offset(), size);");
        out.line("reply.send(" + OK + ");");
        out.line("}");
        out.line("}");
        out.blank();
    }

    /** The name of the field holding a reader of {@code struct}. */
    static String reader(String struct) {
        return JavaNames.member(struct) + "Reader";
    }
}
