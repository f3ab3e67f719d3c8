package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generated binding called by the peer: {@code EchoRpc.service} served with {@code App.rpc}, called by the
 * {@code ZapClient} of {@code @zap-proto/zap@1.6.0} (Node) with requests built by the TypeScript its own zapgen emits
 * for the same schema, answers read and checked by its views (gen-rpc/echo-peer-client.mjs): every method, a payload
 * that is no message, one whose root object is too short, an implementation that throws. Fails (never skips)
 * without node and npm.
 */
@Timeout(value = 400, unit = TimeUnit.SECONDS)
class GenRpcPeerTest {

    @Test
    void thePeerClientCallsTheGeneratedServiceWithItsOwnBuilders() throws Exception {
        Path prefix = NodeModules.install("gen-rpc-peer", List.of("@zap-proto/zap@1.6.0", "typescript@5.9.3"));
        Path out = prefix.resolve("zapgen-out");
        NodeModules.node(
                prefix.resolve("node_modules/@zap-proto/zap/dist/bin/zapgen.mjs"),
                List.of("-out", out.toString(), EchoGen.resource("echo.zap").toString()));
        Path generated = out.resolve("echo_zap.ts");
        JsonNode result;
        try (EchoGen gen = EchoGen.compile("peer");
                App app = App.create(ServerConfig.defaults().withEventLoops(1))
                        .rpc("127.0.0.1:0", gen.service())
                        .start()) {
            String port = Integer.toString(app.rpcAddresses().get(0).getPort());
            String stdout = NodeModules.node(
                    EchoGen.resource("echo-peer-client.mjs"), List.of(prefix.toString(), generated.toString(), port));
            result = new ObjectMapper()
                    .readTree(stdout.lines().reduce((a, b) -> b).orElse("{}"));
            app.stop(Duration.ofSeconds(1));
        }
        List<String> failures = new ArrayList<>();
        result.path("failures").forEach(f -> failures.add(f.asText()));
        assertThat(failures).as("checks that failed in Node").isEmpty();
        assertThat(result.path("checks").asInt()).isEqualTo(22);
    }
}
