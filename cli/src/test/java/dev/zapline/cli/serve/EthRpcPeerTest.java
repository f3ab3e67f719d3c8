package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.peer.NodePeer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The demo's eth call as native RPC, called by the peer's own client ({@code ZapClient} of
 * {@code @zap-proto/zap@1.6.0}, Node): handshake, pipelined eth calls answered with the eth record, and the
 * statuses of an unknown method, a payload that is not an eth request and a pipelined call. Fails (never skips)
 * without node and npm.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class EthRpcPeerTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final ObjectMapper JSON = new ObjectMapper();

    record Answer(int status, long promise, String bodyHex) {
        String body() {
            return new String(HEX.parseHex(bodyHex), StandardCharsets.UTF_8);
        }
    }

    @Test
    void thePeerClientCallsTheEthMethodAndGetsEveryStatus() throws Exception {
        List<Map<String, Object>> calls = new ArrayList<>();
        for (long id = 1; id <= 20; id++) {
            calls.add(call(1, 0, eth(id, EthSample.BLOCK + id)));
        }
        calls.add(call(7, 0, eth(1, 1)));
        calls.add(call(0, 0, eth(1, 1)));
        calls.add(call(1, 0, "not zap".getBytes(StandardCharsets.UTF_8)));
        calls.add(call(1, 5, eth(1, 1)));

        List<Answer> answers;
        try (App app = DemoApp.create(ServerConfig.defaults().withEventLoops(1), "jackson")) {
            app.rpc("127.0.0.1:0", EthRpc.rpcService()).start();
            answers = drive(app.rpcAddresses().get(0).getPort(), calls);
            app.stop(Duration.ofSeconds(1));
        }

        assertThat(answers).hasSize(calls.size());
        EthCallResp resp = new EthCallResp();
        for (int i = 0; i < 20; i++) {
            long id = i + 1;
            Answer a = answers.get(i);
            assertThat(a.status()).as("call %d", id).isEqualTo(200);
            assertThat(a.promise()).isEqualTo(id);
            resp.wrap(new ZapMessage().wrap(HEX.parseHex(a.bodyHex())));
            assertThat(resp.id()).isEqualTo(id);
            assertThat(resp.balance())
                    .isEqualTo(EthSample.balance(EthSample.BLOCK + id, EthSample.METHOD.length(), 20, 0xde));
            assertThat(resp.nonce()).isEqualTo(EthSample.NONCE);
            assertThat(resp.blockHash(new ZapSlice()).contentEquals(EthSample.blockHash()))
                    .isTrue();
        }
        assertThat(answers.get(20))
                .extracting(Answer::status, Answer::body)
                .containsExactly(404, "{\"error\":\"unknown method 7 of service Eth\"}");
        assertThat(answers.get(21))
                .extracting(Answer::status, Answer::body)
                .containsExactly(404, "{\"error\":\"unknown method 0 of service Eth\"}");
        assertThat(answers.get(22).status()).isEqualTo(400);
        assertThat(answers.get(22).body()).startsWith("{\"error\":\"eth request: ");
        assertThat(answers.get(23))
                .extracting(Answer::status, Answer::body)
                .containsExactly(400, "{\"error\":\"promise pipelining not supported (target 5)\"}");
    }

    private static byte[] eth(long id, long block) {
        byte[] account = EthSample.account();
        byte[] out = new byte[EthCallReq.messageSize(EthSample.METHOD, account)];
        int n = EthCallReq.write(out, 0, id, block, EthSample.METHOD, account);
        return java.util.Arrays.copyOf(out, n);
    }

    private static Map<String, Object> call(int method, int target, byte[] payload) {
        return Map.of("method", method, "target", target, "payload", HEX.formatHex(payload));
    }

    private static List<Answer> drive(int port, List<Map<String, Object>> calls) throws Exception {
        Path prefix = NodePeer.install();
        Path input = prefix.resolve("rpc-calls.json");
        JSON.writeValue(input.toFile(), calls);
        Path script = Path.of(
                EthRpcPeerTest.class.getResource("/peer/rpc-peer-client.mjs").toURI());
        String out = NodePeer.node(script, List.of(prefix.toString(), Integer.toString(port), input.toString()), 60);
        Files.deleteIfExists(input);
        List<Answer> answers = new ArrayList<>();
        for (JsonNode a : JSON.readTree(out)) {
            answers.add(new Answer(
                    a.get("status").asInt(),
                    a.get("promiseID").asLong(),
                    a.get("body").asText()));
        }
        return answers;
    }
}
