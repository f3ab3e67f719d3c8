package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.rpc.RpcClient;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generated binding end to end in Java: {@code EchoRpc.service} served with {@code App.rpc}, called through
 * {@code EchoRpc.client} over an {@code RpcClient} (gen-rpc/EchoCalls.java makes the calls): requests written from
 * fields and from a prepared builder, a one-way call, no-request calls, an empty answer and an implementation that
 * throws.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GenRpcClientTest {

    @Test
    void theGeneratedClientCallsEveryMethodOfTheGeneratedService() throws Exception {
        try (EchoGen gen = EchoGen.compile("client");
                App app = App.create(ServerConfig.defaults().withEventLoops(1))
                        .rpc("127.0.0.1:0", gen.service())
                        .start();
                ZapLoops loops = ZapLoops.create(1, true);
                RpcClient rpc = RpcClient.connect(
                        loops,
                        ZapAddress.tcp("127.0.0.1", app.rpcAddresses().get(0).getPort()),
                        "gen-client",
                        Duration.ofSeconds(5))) {
            @SuppressWarnings("unchecked")
            Function<RpcClient, List<String>> calls = gen.create("EchoCalls", Function.class);
            assertThat(calls.apply(rpc))
                    .containsExactly(
                            "echo seq=8 flag=false level=-12 ratio=3.0 tag=04030201 label=heard 6 blob=070809",
                            "echo seq=0 flag=true level=-2147483648 ratio=-0.5 tag=00000000 label=heard 0 blob=",
                            "tell true",
                            "count 3",
                            "forget null",
                            "count 0",
                            "failed 500 {\"error\":\"method echo failed: boom asked for\"}");
        }
    }
}
