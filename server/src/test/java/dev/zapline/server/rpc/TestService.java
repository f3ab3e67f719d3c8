package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.RpcFrames;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The service the RPC tests serve: 0 echoes the payload, 1 throws, 2 returns without answering, 3 answers later
 * from another thread, 4 answers 403 with a body, 5 writes a body one byte too long for a frame; 6 and above are
 * unknown.
 */
final class TestService {

    private TestService() {}

    static RpcService create() {
        return RpcService.of(
                "Test",
                new RpcMethod("echo", (call, reply) -> {
                    reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
                    reply.send();
                }),
                new RpcMethod("boom", (call, reply) -> {
                    throw new IllegalStateException("kaboom");
                }),
                new RpcMethod("silent", (call, reply) -> {}),
                new RpcMethod("later", (call, reply) -> {
                    RpcReply later = reply.later();
                    String text =
                            call.buffer().toString(call.payloadIndex(), call.payloadLength(), StandardCharsets.UTF_8);
                    CompletableFuture.runAsync(() -> {
                        byte[] b = ("later " + text).getBytes(StandardCharsets.UTF_8);
                        later.send(200, b, 0, b.length);
                    });
                }),
                new RpcMethod("forbidden", (call, reply) -> reply.error(403, "no \"entry\"")),
                new RpcMethod("huge", (call, reply) -> {
                    reply.body().writeZero(RpcFrames.MAX_BODY + 1);
                    reply.send();
                }));
    }
}
