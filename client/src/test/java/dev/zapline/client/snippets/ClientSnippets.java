package dev.zapline.client.snippets;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapChannel;
import dev.zapline.client.ZapClient;
import dev.zapline.client.ZapClientConfig;
import dev.zapline.client.ZapFrame;
import dev.zapline.client.ZapListener;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.ZapRequest;
import dev.zapline.client.ZapResponse;
import dev.zapline.transport.ClientTls;
import io.netty.channel.EventLoop;
import java.nio.file.Path;
import java.time.Duration;

/** Examples for the ZAP client of {@code dev.zapline.client}. */
final class ClientSnippets {

    private byte[] json;
    private byte[] body;
    private ZapAddress address;
    private ZapClientConfig config;
    private ZapListener listener;
    private ZapLoops loops;
    private EventLoop loop;
    private ZapFrame frame;
    private long sequence;

    ZapClientConfig config() {
        // @start region="config"
        ZapClientConfig config = ZapClientConfig.defaults().with(c -> {
            c.connections = 4;
            c.requestTimeout = Duration.ofSeconds(2);
        });
        ZapClientConfig overTls = config.with(c -> c.tls = ClientTls.defaults().withCaCert(Path.of("ca.pem"))); // zaps
        // @end
        return overTls;
    }

    ZapFrame request() {
        // @start region="request"
        ZapRequest r = ZapRequest.post("/orders", json).header("Content-Type", "application/json");
        ZapFrame frame = r.encode(); // encoded once, sent many times
        // @end
        return frame;
    }

    void client() throws InterruptedException {
        // @start region="client"
        try (ZapClient client = ZapClient.connect("127.0.0.1:8080", "127.0.0.1:8081")) {
            ZapResponse r = client.sendSync(ZapRequest.get("/health"), Duration.ofSeconds(1));
            System.out.println(r.status() + " " + r.bodyAsString());
            client.send(ZapRequest.post("/echo", body)).thenAccept(e -> System.out.println(e.bodyAsString()));
        }
        // @end
    }

    void loops() {
        // @start region="loops"
        try (ZapLoops loops = ZapLoops.create(2, true)) {
            ZapChannel ch = ZapChannel.connect(loops, loops.next(), address, config, listener)
                    .join();
            ch.close();
        }
        // @end
    }

    void channel() {
        // @start region="channel"
        ZapChannel ch =
                ZapChannel.connect(loops, loop, address, config, listener).join();
        loop.execute(
                () -> { // writes happen on the channel's event loop
                    for (int i = 0; i < 16; i++) {
                        ch.write(frame, sequence++);
                    }
                    ch.flush(); // one syscall for the batch
                });
        // @end
    }
}
