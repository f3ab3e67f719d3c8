package dev.zapline.client.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcService;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes allocated per warmed RPC call on the server's event loop (frame decoded, envelope read, handler echoing
 * the payload into the response, frame written) and on the client's (call written, answer read and handed to
 * the listener), {@link #BATCH} calls kept in flight from the client's loop. Runs in the build's allocation pass,
 * leak detector off.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RpcAllocationTest {

    private static final int BATCH = 16;
    private static final ByteBuf PAYLOAD = Unpooled.wrappedBuffer(new byte[82]);

    @Test
    void aWarmedCallAllocatesNothingOnTheServerLoopNorOnTheClientLoop() throws Exception {
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
            long serverThread = serverLoopThread();
            driver.run(50_000);

            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            int n = 100_000;
            long clientBefore = mx.getThreadAllocatedBytes(clientThread);
            long serverBefore = mx.getThreadAllocatedBytes(serverThread);
            driver.run(n);
            double server = (mx.getThreadAllocatedBytes(serverThread) - serverBefore) / (double) n;
            double clientSide = (mx.getThreadAllocatedBytes(clientThread) - clientBefore) / (double) n;
            System.out.printf(
                    "RPC echo of 82 bytes: server loop %.3f, client loop (%s) %.3f bytes per call over %d%n",
                    server, loops.name(), clientSide, n);
            assertThat(driver.ok).isEqualTo(150_000);
            assertThat(server).isLessThan(1.0);
            assertThat(clientSide).isLessThan(1.0);
        }
    }

    private static long serverLoopThread() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("zapline-loop")) {
                return t.threadId();
            }
        }
        throw new IllegalStateException("no zapline-loop thread");
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
