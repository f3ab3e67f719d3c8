package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.codec.LeakTracker;
import dev.zapline.wire.peer.NodePeer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Interop with the independent peer runtime {@code @zap-proto/zap@1.6.0}: a node script builds zaphttp request
 * frames with the peer's builder, pipelines them over a socket to the server's ZAP port, and decodes the response
 * frames with the peer's reader; this test checks what it printed. Fails (never skips) without node and npm.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ZapPeerInteropTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();
    private static final List<String> TEXT = List.of("content-type: text/plain; charset=utf-8");

    private static ZapEchoApp server;

    /** One request as the script builds it: header version, method, target, proto, header pairs, body. */
    record Request(int v, String m, String t, String p, List<List<String>> h, String b) {
        static Request of(int version, String method, String target, String proto, byte[] body, String... pairs) {
            List<List<String>> h = new ArrayList<>();
            for (int i = 0; i < pairs.length; i += 2) {
                h.add(List.of(pairs[i], pairs[i + 1]));
            }
            return new Request(version, method, target, proto, h, HEX.formatHex(body));
        }
    }

    /** One response frame as the peer decoded it; {@code body} as UTF-8 (binary bodies compared as hex). */
    record Seen(int type, int status, String reason, String proto, List<String> headers, String bodyHex) {
        String body() {
            return new String(HEX.parseHex(bodyHex), StandardCharsets.UTF_8);
        }
    }

    @BeforeAll
    static void start() {
        server = ZapEchoApp.start(ServerConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void peerBuiltRequestsArePipelinedAnsweredInOrderAndDecodedByThePeer() throws Exception {
        byte[] binary = new byte[256];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) i;
        }
        byte[] large = new byte[200_000];
        new java.util.Random(7).nextBytes(large);
        String json = "{\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\"}";
        List<Request> requests = List.of(
                Request.of(
                        1,
                        "POST",
                        "/v1/blocks?height=42",
                        "HTTP/1.1",
                        utf8(json),
                        "Content-Type",
                        "application/json",
                        "X-Trace-Id",
                        "abc-123"),
                Request.of(1, "GET", "/health", "HTTP/1.1", new byte[0]),
                Request.of(1, "", "/defaults", "", new byte[0]),
                Request.of(
                        2,
                        "PUT",
                        "/v2/%C3%BCnicode?q=%E2%9C%93",
                        "ZAP-HTTP/1.0",
                        utf8("žluťoučký kůň 🐎"),
                        "X-Rep",
                        "1",
                        "x-rep",
                        "2",
                        "X-Rep",
                        "three",
                        "X-Text",
                        "héllo ✓"),
                Request.of(1, "POST", "/raw", "HTTP/1.1", binary),
                Request.of(1, "POST", "/raw", "HTTP/1.1", large),
                Request.of(1, "GET", "/stream", "HTTP/1.1", new byte[0]),
                Request.of(2, "GET", "/n/7", "HTTP/1.1", new byte[0]));

        List<Seen> seen = drive(requests);

        assertThat(seen).extracting(Seen::type).containsExactly(2, 2, 2, 2, 2, 2, 3, 4, 4, 5, 2);
        assertThat(seen).extracting(Seen::reason).containsOnly("");
        assertThat(seen).extracting(Seen::proto).containsOnly("");
        assertEcho(
                seen.get(0),
                "POST /v1/blocks?height=42 HTTP/1.1\nContent-Type: application/json\n" + "X-Trace-Id: abc-123\n\n"
                        + json);
        assertEcho(seen.get(1), "GET /health HTTP/1.1\n\n");
        assertEcho(seen.get(2), "GET /defaults ZAP-HTTP/1.0\n\n");
        assertEcho(
                seen.get(3),
                "PUT /v2/%C3%BCnicode?q=%E2%9C%93 ZAP-HTTP/1.0\n"
                        + "X-Rep: 1\nx-rep: 2\nX-Rep: three\nX-Text: héllo ✓\n\nžluťoučký kůň 🐎");
        assertThat(seen.get(4))
                .extracting(Seen::status, Seen::headers, Seen::bodyHex)
                .containsExactly(200, List.of(), HEX.formatHex(binary));
        assertThat(seen.get(5)).extracting(Seen::status, Seen::bodyHex).containsExactly(200, HEX.formatHex(large));
        assertThat(seen.subList(6, 10))
                .extracting(Seen::status, Seen::body)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(200, ""), org.assertj.core.groups.Tuple.tuple(0, "a"),
                        org.assertj.core.groups.Tuple.tuple(0, "bc"), org.assertj.core.groups.Tuple.tuple(0, ""));
        assertThat(seen.get(10))
                .extracting(Seen::status, Seen::headers, Seen::body)
                .containsExactly(200, TEXT, "7");
    }

    private static void assertEcho(Seen s, String body) {
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.headers()).isEqualTo(TEXT);
        assertThat(s.body()).isEqualTo(body);
    }

    private static List<Seen> drive(List<Request> requests) throws Exception {
        Path prefix = NodePeer.install();
        Path input = prefix.resolve("zaphttp-requests.json");
        JSON.writeValue(input.toFile(), requests);
        Path script = Path.of(ZapPeerInteropTest.class
                .getResource("/peer/zaphttp-peer-client.mjs")
                .toURI());
        String out =
                NodePeer.node(script, List.of(prefix.toString(), Integer.toString(server.port), input.toString()), 60);
        List<Seen> seen = new ArrayList<>();
        for (JsonNode f : JSON.readTree(out)) {
            List<String> headers = new ArrayList<>();
            for (JsonNode pair : f.get("headers")) {
                headers.add(pair.get(0).asText() + ": " + pair.get(1).asText());
            }
            seen.add(new Seen(
                    f.get("type").asInt(),
                    f.get("status").asInt(),
                    f.get("reason").asText(),
                    f.get("proto").asText(),
                    headers,
                    f.get("body").asText()));
        }
        Files.deleteIfExists(input);
        return seen;
    }
}
