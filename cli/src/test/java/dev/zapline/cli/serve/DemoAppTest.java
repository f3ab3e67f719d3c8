package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.fixtures.eth.json.EthJson;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The demo server over a real loopback socket: /health, and /rpc with typed ZAP and each JSON codec. */
class DemoAppTest {

    private static final long EXPECTED_JSON_BALANCE = EthSample.balance(EthSample.BLOCK, 14, 42, '0');

    @ParameterizedTest
    @ValueSource(strings = {"jackson", "dsljson", "fastjson2"})
    void answersHealthAndTheEthRecordWithEveryCodec(String json) throws Exception {
        App app = DemoApp.create(ServerConfig.defaults().withEventLoops(1), json)
                .listen("http://127.0.0.1:0")
                .start();
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            String base = "http://127.0.0.1:" + app.addresses().get(0).port();
            HttpResponse<String> health = client.send(
                    HttpRequest.newBuilder(URI.create(base + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.body()).isEqualTo("ok");

            HttpResponse<String> rpc = client.send(
                    HttpRequest.newBuilder(URI.create(base + "/rpc"))
                            .POST(HttpRequest.BodyPublishers.ofByteArray(EthJson.sampleRequest()))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(rpc.statusCode()).isEqualTo(200);
            assertThat(rpc.body())
                    .isEqualTo("{\"id\":1,\"balance\":" + EXPECTED_JSON_BALANCE + ",\"nonce\":42,\"blockHash\":\"0x"
                            + EthSample.BLOCK_HASH_HEX + "\"}");

            ZapBuilder b = new ZapBuilder();
            EthCallReq.encode(b, 7, EthSample.BLOCK, EthSample.METHOD, EthSample.account());
            HttpResponse<byte[]> zap = client.send(
                    HttpRequest.newBuilder(URI.create(base + "/rpc"))
                            .header("content-type", "application/zap")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(b.toByteArray()))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(zap.headers().firstValue("content-type")).contains("application/zap");
            EthCallResp resp = new EthCallResp().wrap(new ZapMessage().wrap(zap.body()));
            assertThat(resp.id()).isEqualTo(7);
            assertThat(resp.balance()).isEqualTo(EthSample.balance(EthSample.BLOCK, 14, 20, 0xde));
            assertThat(resp.nonce()).isEqualTo(42);
            assertThat(zap.body()).hasSize(80);

            HttpResponse<String> bad = client.send(
                    HttpRequest.newBuilder(URI.create(base + "/rpc"))
                            .header("content-type", "application/zap")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {1, 2, 3}))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body()).contains("shorter than the 16-byte header");
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }
}
