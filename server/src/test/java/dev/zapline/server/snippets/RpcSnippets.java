package dev.zapline.server.snippets;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.server.App;
import dev.zapline.server.rpc.RpcEndpoint;
import dev.zapline.server.rpc.RpcHandler;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcService;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;

/** Examples for {@code dev.zapline.server.rpc} and {@link App#rpc}. */
final class RpcSnippets {

    private static long balance() {
        return 42;
    }

    RpcHandler handler() {
        // @start region="handler"
        RpcHandler echo = (call, reply) -> {
            reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
            reply.send();
        };
        // @end
        return echo;
    }

    RpcHandler reply() {
        return (call, reply) -> {
            // @start region="reply"
            ByteBuf out = reply.body(); // the connection's outbound buffer, after the response head
            out.writeLongLE(balance());
            reply.send(); // 200
            // @end
        };
    }

    App service(RpcHandler ethCall) {
        // @start region="service"
        RpcService eth = RpcService.of("Eth", null, new RpcMethod("ethCall", ethCall)); // ordinal 1
        return App.create().rpc("127.0.0.1:9000", eth);
        // @end
    }

    EmbeddedChannel endpoint(RpcService service) {
        // @start region="endpoint"
        RpcEndpoint endpoint = new RpcEndpoint(service, RpcEndpoint.NODE_ID, Rpc.MAX_FRAME, Duration.ofSeconds(30));
        EmbeddedChannel channel = new EmbeddedChannel(endpoint.connection());
        // @end
        return channel;
    }
}
