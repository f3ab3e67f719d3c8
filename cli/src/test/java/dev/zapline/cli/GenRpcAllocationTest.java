package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.rpc.RpcClient;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.wire.LoopAllocation;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes allocated by warmed calls of the generated binding on the server's event loop (payload read by the
 * generated reader, the implementation's answer built and copied into the reply) and on the client's (request
 * written from fields into a pooled buffer, answer read in place by the generated reader), 16 echo calls kept in
 * flight from the client's loop by gen-rpc/EchoDriver.java. Measured as the runtime's RpcAllocationTest measures
 * (its javadoc says what the JVM and Netty allocate now and then): after a warm-up, most of {@link #WINDOWS}
 * windows of {@link #WINDOW} calls allocate exactly 0 bytes on each loop, and all of them less than a byte per
 * call. Runs in the build's allocation pass, leak detector off.
 */
@Tag("allocation")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GenRpcAllocationTest {

    private static final int WINDOWS = 30;
    private static final int WINDOW = 10_000;

    @Test
    void warmedGeneratedCallsAllocateNothingOnTheServerLoopNorOnTheClientLoop() throws Exception {
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
            long serverThread = LoopAllocation.threadNamed("zapline-loop");
            driver.accept(100_000);

            LoopAllocation a =
                    LoopAllocation.measure(WINDOWS, WINDOW, serverThread, clientThread, () -> driver.accept(WINDOW));
            assertThat(((LongSupplier) driver).getAsLong()).isEqualTo(100_000 + WINDOWS * WINDOW);
            a.assertMostlyZero("generated Echo.echo (client loop " + loops.name() + ")");
        }
    }
}
