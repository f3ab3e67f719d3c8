package dev.zapline.client.snippets;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.rpc.RpcClient;
import dev.zapline.client.rpc.RpcResponseListener;
import io.netty.buffer.ByteBuf;
import java.time.Duration;

/** Examples for {@code dev.zapline.client.rpc}. */
final class RpcClientSnippets {

    void call(ZapLoops loops, ByteBuf payload, RpcResponseListener listener) {
        // @start region="call"
        try (RpcClient c = RpcClient.connect(loops, ZapAddress.tcp("127.0.0.1", 9000), "me", Duration.ofSeconds(5))) {
            c.call(1, 0, payload, listener); // method 1 on the root; the answer goes to the listener
        }
        // @end
    }
}
