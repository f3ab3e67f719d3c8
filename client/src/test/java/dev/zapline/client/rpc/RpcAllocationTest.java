package dev.zapline.client.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcService;
import dev.zapline.wire.LoopAllocation;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes allocated by warmed RPC calls on the server's event loop (frame decoded, envelope read, handler echoing
 * the payload into the response, frame written) and on the client's (call written, answer read and handed to
 * the listener), {@link #BATCH} calls kept in flight from the client's loop: after a warm-up, {@link #WINDOWS}
 * windows of {@link #WINDOW} calls each, most of which must allocate exactly 0 bytes on each loop (an allocation
 * per call, or per 16 calls, makes every window non-zero), and all of them less than a byte per call.
 *
 * <p>What the other windows hold, measured with JFR ({@code -XX:-UseTLAB}, allocation events with stacks; see
 * docs/rpc.md): nothing from a call's path. Netty's pooled allocator now and then builds a new subpage when the
 * read buffer's size class has none left (a {@code PoolSubpage}, 72 bytes, and its 24-byte bitmap) and refills
 * its thread cache's recycled entries (40 bytes each); and the JVM allocates {@code String}s (24 bytes each plus
 * a 24 to 392-byte array, in bursts of up to about 20) in a compiled frame, at a site with no allocating bytecode.
 * In 16 runs (10 of this test, 6 of GenRpcAllocationTest) at most 6 windows in 30 saw some, 64 B to 3.2 KB each.
 * The server's idle check used to allocate a task (64 bytes) every half idle period; it is one periodic task now.
 * Runs in the build's allocation pass, leak detector off.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RpcAllocationTest {

    private static final int BATCH = 16;
    private static final int WINDOWS = 30;
    private static final int WINDOW = 10_000;
    private static final ByteBuf PAYLOAD = Unpooled.wrappedBuffer(new byte[82]);

    @Test
    void warmedCallsAllocateNothingOnTheServerLoopNorOnTheClientLoop() throws Exception {
        RpcService echo = RpcService.of("Echo", new RpcMethod("echo", (call, reply) -> {
            reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
            reply.send();
        }));
        try (App app = App.create(ServerConfig.defaults().withEventLoops(1))
                        .rpc("127.0.0.1:0", echo)
                        .start();
                ZapLoops loops = ZapLoops.create(1, true);
                RpcClient client = RpcClient.connect(
                        loops,
                        ZapAddress.tcp("127.0.0.1", app.rpcAddresses().get(0).getPort()),
                        "alloc",
                        Duration.ofSeconds(5))) {
            Driver driver = new Driver(client);
            long clientThread = client.eventLoop()
                    .submit(() -> Thread.currentThread().threadId())
                    .get(5, TimeUnit.SECONDS);
            long serverThread = LoopAllocation.threadNamed("zapline-loop");
            driver.run(100_000);

            LoopAllocation a =
                    LoopAllocation.measure(WINDOWS, WINDOW, serverThread, clientThread, () -> driver.run(WINDOW));
            assertThat(driver.ok).isEqualTo(100_000 + WINDOWS * WINDOW);
            a.assertMostlyZero("RPC echo of 82 bytes (client loop " + loops.name() + ")");
        }
    }

    /** Keeps {@link #BATCH} calls in flight from the client's event loop until a target count of answers. */
    private static final class Driver implements RpcResponseListener, Runnable {

        private final RpcClient client;
        private volatile long target;
        private volatile CountDownLatch done;
        private long answers;
        volatile long ok;

        Driver(RpcClient client) {
            this.client = client;
        }

        void run(int n) throws InterruptedException {
            done = new CountDownLatch(1);
            target = answers + n;
            client.eventLoop().execute(this);
            assertThat(done.await(60, TimeUnit.SECONDS))
                    .as("answers within a minute")
                    .isTrue();
        }

        @Override
        public void run() {
            for (int i = 0; i < BATCH; i++) {
                client.call(0, 0, PAYLOAD, this);
            }
        }

        @Override
        public void onResponse(int reqId, RpcResponseView response) {
            answers++;
            if (response.status() == 200 && response.bodyLength() == 82 && response.promiseId() == reqId) {
                ok++;
            }
            if (answers % BATCH == 0) {
                if (answers < target) {
                    run();
                } else {
                    done.countDown();
                }
            }
        }

        @Override
        public void onClosed(int reqId) {}
    }
}
