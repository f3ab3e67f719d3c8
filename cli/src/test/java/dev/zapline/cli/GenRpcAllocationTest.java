package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.rpc.RpcClient;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes allocated per warmed call of the generated binding on the server's event loop (payload read by the
 * generated reader, the implementation's answer built and copied into the reply) and on the client's (request
 * written from fields into a pooled buffer, answer read in place by the generated reader), 16 echo calls kept in
 * flight from the client's loop by gen-rpc/EchoDriver.java. Same bound as the runtime's RpcAllocationTest. Runs in
 * the build's allocation pass, leak detector off.
 */
@Tag("allocation")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GenRpcAllocationTest {

    @Test
    void aWarmedGeneratedCallAllocatesNothingOnTheServerLoopNorOnTheClientLoop() throws Exception {
        try (EchoGen gen = EchoGen.compile("allocation");
                App app = App.create(ServerConfig.defaults().withEventLoops(1))
                        .rpc("127.0.0.1:0", gen.service())
                        .start();
                ZapLoops loops = ZapLoops.create(1, true);
                RpcClient rpc = RpcClient.connect(
                        loops,
                        ZapAddress.tcp("127.0.0.1", app.rpcAddresses().get(0).getPort()),
                        "gen-alloc",
                        Duration.ofSeconds(5))) {
            IntConsumer driver = gen.create("EchoDriver", IntConsumer.class, rpc);
            long clientThread = rpc.eventLoop()
                    .submit(() -> Thread.currentThread().threadId())
                    .get(5, TimeUnit.SECONDS);
            long serverThread = serverLoopThread();
            driver.accept(50_000);

            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            int n = 100_000;
            long clientBefore = mx.getThreadAllocatedBytes(clientThread);
            long serverBefore = mx.getThreadAllocatedBytes(serverThread);
            driver.accept(n);
            double server = (mx.getThreadAllocatedBytes(serverThread) - serverBefore) / (double) n;
            double client = (mx.getThreadAllocatedBytes(clientThread) - clientBefore) / (double) n;
            System.out.printf(
                    "generated Echo.echo: server loop %.3f, client loop (%s) %.3f bytes per call over %d%n",
                    server, loops.name(), client, n);
            assertThat(((LongSupplier) driver).getAsLong()).isEqualTo(150_000);
            assertThat(server).isLessThan(1.0);
            assertThat(client).isLessThan(1.0);
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
}
