package dev.zapline.gen;

import dev.zapline.gen.Schema.Interface;
import dev.zapline.gen.Schema.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Emits the client half of {@code NameRpc} ({@link RpcEmitter}): {@code ClientImpl}, the {@code NameClient} over
 * an {@code RpcClient}, and {@code PendingCall}, the runtime listener of one outstanding call. Pending calls are
 * pooled (at most {@code RpcClient.MAX_IN_FLIGHT} exist), and the answer readers belong to the client, whose
 * answers all arrive on its connection's event loop: a warmed call allocates nothing.
 */
final class RpcClientEmitter {

    private final Interface iface;
    private final InterfaceEmitter shapes;
    private final JavaFile out;
    private final String methods;

    RpcClientEmitter(Interface iface, InterfaceEmitter shapes, JavaFile out) {
        this.iface = iface;
        this.shapes = shapes;
        this.out = out;
        this.methods = JavaNames.type(iface.name()) + "Methods";
    }

    void emit() {
        String client = JavaNames.type(iface.name()) + "Client";
        out.line("/** The typed client: requests into pooled buffers, answers read in place. */");
        out.line("private static final class ClientImpl implements " + client + " {");
        out.blank();
        out.line("private final RpcClient rpc;");
        out.line("private final ArrayDeque<PendingCall> idle = new ArrayDeque<>();");
        out.line("private final ByteBufZap zap = new ByteBufZap();");
        out.line("private final ZapMessage message = new ZapMessage();");
        Set<String> answers = new LinkedHashSet<>();
        for (Method m : iface.methods()) {
            if (m.response() != null) {
                answers.add(m.response().struct());
            }
        }
        for (String t : answers) {
            String type = JavaNames.type(t);
            out.line("private final " + type + " " + RpcEmitter.reader(t) + " = new " + type + "();");
        }
        out.blank();
        out.line("ClientImpl(RpcClient rpc) {");
        out.line("this.rpc = rpc;");
        out.line("}");
        out.blank();
        for (Method m : iface.methods()) {
            calls(m);
        }
        helpers();
        deliver();
        out.line("}");
        out.blank();
        pending();
    }

    private void calls(Method m) {
        String member = JavaNames.member(m.name());
        String constant = methods + "." + JavaNames.constant(m.name());
        String answer = m.oneWay() ? "null" : "answer";
        String answerParam = "Answer<" + InterfaceEmitter.answerType(m) + "> answer";
        List<String> prepared = new ArrayList<>();
        if (m.request() != null) {
            prepared.add("ZapBuilder request");
        }
        if (!m.oneWay()) {
            prepared.add(answerParam);
        }
        out.line("@Override");
        out.wrapped("public int " + member + "(", prepared, ") {");
        String payload = m.request() == null ? "null" : "copyRequest(request)";
        out.line("return invoke(" + constant + ", " + payload + ", " + answer + ");");
        out.line("}");
        out.blank();
        if (m.request() == null) {
            return;
        }
        String type = JavaNames.type(m.request().struct());
        List<String> params = shapes.writerParams(m.request().struct());
        List<String> names = new ArrayList<>();
        List<String> variable = new ArrayList<>();
        for (GenField f : shapes.requestFields(m.request().struct())) {
            names.add(f.param());
            if (f.variable()) {
                variable.add(f.param());
            }
        }
        if (!m.oneWay()) {
            params.add(answerParam);
        }
        out.line("@Override");
        out.wrapped("public int " + member + "(", params, ") {");
        out.wrapped(
                "ByteBuf payload = PooledByteBufAllocator.DEFAULT.heapBuffer(" + type + ".messageSize(",
                variable,
                "));");
        List<String> write = new ArrayList<>(List.of("payload.array()", "payload.arrayOffset()"));
        write.addAll(names);
        out.wrapped("payload.writerIndex(" + type + ".write(", write, "));");
        out.line("return invoke(" + constant + ", payload, " + answer + ");");
        out.line("}");
        out.blank();
    }

    private void helpers() {
        out.line("private static ByteBuf copyRequest(ZapBuilder request) {");
        out.line("int size = request.size();");
        out.line("return PooledByteBufAllocator.DEFAULT.heapBuffer(size).writeBytes(request.buffer(),"
                + " request.offset(), size);");
        out.line("}");
        out.blank();
        out.line("/** Sends the call; {@code answer} null for a one-way method. Releases the payload. */");
        out.line("private int invoke(int method, ByteBuf payload, Answer<?> answer) {");
        out.line("PendingCall pending = answer == null ? null : takePending(method, answer);");
        out.line("try {");
        out.line("return rpc.call(method, 0, payload, pending == null ? ONE_WAY : pending);");
        out.line("} catch (RuntimeException e) {");
        out.line("if (pending != null) {");
        out.line("recycle(pending);");
        out.line("}");
        out.line("throw e;");
        out.line("} finally {");
        out.line("if (payload != null) {");
        out.line("payload.release();");
        out.line("}");
        out.line("}");
        out.line("}");
        out.blank();
        out.line("private PendingCall takePending(int method, Answer<?> answer) {");
        out.line("PendingCall p;");
        out.line("synchronized (idle) {");
        out.line("p = idle.poll();");
        out.line("}");
        out.line("if (p == null) {");
        out.line("p = new PendingCall(this);");
        out.line("}");
        out.line("p.method = method;");
        out.line("p.answer = answer;");
        out.line("return p;");
        out.line("}");
        out.blank();
        out.line("void recycle(PendingCall p) {");
        out.line("p.answer = null;");
        out.line("synchronized (idle) {");
        out.line("idle.push(p);");
        out.line("}");
        out.line("}");
        out.blank();
        out.line("@SuppressWarnings(\"unchecked\")");
        out.line("private static <T> Answer<T> cast(Answer<?> answer) {");
        out.line("return (Answer<T>) answer;");
        out.line("}");
        out.blank();
        out.line("/** The answer's body as a message, or null after failing the call with the reason. */");
        out.line(
                "private ZapMessage readAnswer(RpcResponseView response, Answer<?> answer, int callId, String name) {");
        out.line("try {");
        out.line("return zap.wrap(message, response.buffer(), response.bodyIndex(), response.bodyLength());");
        out.line("} catch (ZapFormatException e) {");
        out.line("answer.failed(callId, 0, name + \": the answer is not a ZAP message: \" + e.getMessage());");
        out.line("return null;");
        out.line("}");
        out.line("}");
        out.blank();
    }

    private void deliver() {
        out.line("/** Hands one answer to its listener, on the connection's event loop. */");
        out.line("void deliver(int method, Answer<?> answer, int callId, RpcResponseView response) {");
        out.line("if (response.status() != Rpc.STATUS_OK) {");
        out.line("answer.failed(callId, response.status(), response.bodyAsString());");
        out.line("return;");
        out.line("}");
        out.line("switch (method) {");
        for (Method m : iface.methods()) {
            if (m.oneWay()) {
                continue;
            }
            out.line("case " + methods + "." + JavaNames.constant(m.name()) + " -> {");
            if (m.response() == null) {
                out.line("ClientImpl.<Void>cast(answer).answered(callId, null);");
            } else {
                String type = JavaNames.type(m.response().struct());
                out.line("ZapMessage body = readAnswer(response, answer, callId, \"" + m.name() + "\");");
                out.line("if (body != null) {");
                out.line("ClientImpl.<" + type + ">cast(answer).answered(callId, "
                        + RpcEmitter.reader(m.response().struct()) + ".wrap(body));");
                out.line("}");
            }
            out.line("}");
        }
        out.line("default -> answer.failed(callId, 0, \"no answer expected for method \" + method);");
        out.line("}");
        out.line("}");
    }

    private void pending() {
        String client = JavaNames.type(iface.name()) + "Client";
        out.line("/** The runtime's listener of one outstanding call: which method, whose answer. Pooled. */");
        out.line("private static final class PendingCall implements RpcResponseListener {");
        out.blank();
        out.line("private final ClientImpl client;");
        out.line("int method;");
        out.line(client + ".Answer<?> answer;");
        out.blank();
        out.line("PendingCall(ClientImpl client) {");
        out.line("this.client = client;");
        out.line("}");
        out.blank();
        out.line("@Override");
        out.line("public void onResponse(int reqId, RpcResponseView response) {");
        out.line("int m = method;");
        out.line(client + ".Answer<?> a = answer;");
        out.line("client.recycle(this);");
        out.line("client.deliver(m, a, reqId, response);");
        out.line("}");
        out.blank();
        out.line("@Override");
        out.line("public void onClosed(int reqId) {");
        out.line(client + ".Answer<?> a = answer;");
        out.line("client.recycle(this);");
        out.line("a.failed(reqId, 0, \"the connection closed before the answer\");");
        out.line("}");
        out.line("}");
    }
}
