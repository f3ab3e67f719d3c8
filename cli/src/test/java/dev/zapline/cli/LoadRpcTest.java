package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.serve.EthRpc;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.server.App;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load zaprpc://} against the demo's eth call over native RPC ({@link EthRpc#rpcService()}): exact
 * counts in the open and closed models and with calls in flight, a method named through a schema, error statuses
 * counted as failure statuses, misused options refused.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LoadRpcTest {

    private static App app;
    private static String base;

    @TempDir
    Path dir;

    @BeforeAll
    static void serve() {
        app = App.create().rpc("127.0.0.1:0", EthRpc.rpcService()).start();
        base = "zaprpc://127.0.0.1:" + app.rpcAddresses().get(0).getPort();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private Path ethPayload() throws Exception {
        byte[] account = EthSample.account();
        byte[] req = new byte[EthCallReq.messageSize(EthSample.METHOD, account)];
        int n = EthCallReq.write(req, 0, 7, EthSample.BLOCK, EthSample.METHOD, account);
        Path p = dir.resolve("eth.zap");
        Files.write(p, java.util.Arrays.copyOf(req, n));
        return p;
    }

    private int rc(StringWriter err, String... args) {
        List<String> all = new ArrayList<>(List.of("load", "--threads", "1", "--warmup", "0s", "--quiet"));
        all.addAll(List.of(args));
        return Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), all.toArray(String[]::new));
    }

    private JsonNode run(String... args) throws Exception {
        Path json = dir.resolve("run" + System.nanoTime() + ".json");
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--json", json.toString()));
        StringWriter err = new StringWriter();
        assertThat(rc(err, all.toArray(String[]::new))).as(err.toString()).isZero();
        return new ObjectMapper().readTree(json.toFile()).path("summary");
    }

    @Test
    void openModelCallsRateTimesDuration() throws Exception {
        String eth = ethPayload().toString();
        JsonNode s = run("--rate", "1000", "-d", "1s", "-c", "2", "--payload", eth, base + "/1");
        assertThat(s.path("protocol").asText()).isEqualTo("ZAP RPC");
        assertThat(s.path("requests").asLong()).isEqualTo(1000);
        assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(1000);
        assertThat(s.path("statuses").path("200").asLong()).isEqualTo(1000);
    }

    @Test
    void closedModelAndCallsInFlightEndEveryCallSent() throws Exception {
        String eth = ethPayload().toString();
        JsonNode closed = run("--concurrency", "6", "-c", "2", "-d", "700ms", "--payload", eth, base + "/1");
        assertThat(closed.path("requests").asLong()).isGreaterThan(100);
        assertThat(closed.path("outcomes").path("success").asLong())
                .isEqualTo(closed.path("requests").asLong());
        JsonNode deep = run("--pipeline", "16", "-c", "1", "-d", "700ms", "--payload", eth, base + "/1");
        assertThat(deep.path("requests").asLong()).isGreaterThan(100);
        assertThat(deep.path("outcomes").path("success").asLong())
                .isEqualTo(deep.path("requests").asLong());
        assertThat(deep.path("statuses").path("200").asLong())
                .isEqualTo(deep.path("requests").asLong());
    }

    @Test
    void aMethodNamedThroughTheSchemaIsCalledByItsOrdinal() throws Exception {
        Path schema = dir.resolve("eth.zap.txt");
        Files.writeString(schema, """
                package eth
                struct Call {
                    Id u64 @0
                }
                interface Eth {
                    call(req: Call) returns (resp: Call)
                }
                """);
        String eth = ethPayload().toString();
        JsonNode s = run(
                "--rate",
                "200",
                "-d",
                "1s",
                "-c",
                "1",
                "--schema",
                schema.toString(),
                "--payload",
                eth,
                base + "/Eth.call");
        assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(200);
    }

    @Test
    void anUnknownMethodAndABadPayloadAreFailureStatuses() throws Exception {
        JsonNode missing = run("--rate", "300", "-d", "1s", "-c", "1", base + "/9");
        assertThat(missing.path("outcomes").path("failure_status").asLong()).isEqualTo(300);
        assertThat(missing.path("statuses").path("404").asLong()).isEqualTo(300);
        JsonNode empty = run("--rate", "300", "-d", "1s", "-c", "1", base + "/1");
        assertThat(empty.path("outcomes").path("failure_status").asLong()).isEqualTo(300);
        assertThat(empty.path("statuses").path("400").asLong()).isEqualTo(300);
    }

    @Test
    void misusedOptionsAreUsageErrors() {
        String[][] cases = {
            {"-m/--streams is HTTP/2's", "-m", "4", base + "/1"},
            {"--http2 is for HTTP targets", "--http2", base + "/1"},
            {"a zaprpc:// call takes --payload", "--body", "x", base + "/1"},
            {"give the schema that declares it", base + "/Eth.call"},
            {"the path is the method", base + "/1/2"},
            {"are for zaprpc:// targets", "--payload", "x", "http://127.0.0.1:1/"}
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            StringWriter err = new StringWriter();
            assertThat(rc(err, args)).as(String.join(" ", args) + ": " + err).isEqualTo(2);
            assertThat(err.toString()).contains(c[0]);
        }
    }
}
