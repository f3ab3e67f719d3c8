package dev.zapline.transport.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class MetricsPostTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Echoes the body's length and first line, or answers 400 for a body that starts with "bad". */
    private static MetricsEndpoint.Reply echo(String body) {
        if (body.startsWith("bad")) {
            return new MetricsEndpoint.Reply(400, "application/x-ndjson", "{\"ok\":false}\n");
        }
        if (body.startsWith("throw")) {
            throw new IllegalStateException("handler broke");
        }
        return new MetricsEndpoint.Reply(
                200,
                "application/x-ndjson",
                body.length() + " " + body.lines().findFirst().orElse("") + "\n");
    }

    @Test
    void servesAPostPathBesideTheMetrics() throws Exception {
        try (MetricsEndpoint m = MetricsEndpoint.start(
                        "127.0.0.1:0",
                        e -> e.family("x", Exposition.Type.GAUGE, "X.").sample(1))
                .post("/control", MetricsPostTest::echo, false)) {
            String base = "http://127.0.0.1:" + m.address().getPort();
            HttpResponse<String> ok = send(base + "/control", "POST", "héllo\nworld");
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.headers().firstValue("content-type")).hasValue("application/x-ndjson");
            assertThat(ok.body()).isEqualTo("11 héllo\n");
            assertThat(send(base + "/control", "POST", "bad").statusCode()).isEqualTo(400);
            HttpResponse<String> broke = send(base + "/control", "POST", "throw");
            assertThat(broke.statusCode()).isEqualTo(500);
            assertThat(broke.body()).isEqualTo("failed: java.lang.IllegalStateException: handler broke\n");
            HttpResponse<String> get = send(base + "/control", "GET", null);
            assertThat(get.statusCode()).isEqualTo(405);
            assertThat(get.headers().firstValue("allow")).hasValue("POST");
            assertThat(send(base + "/control", "PUT", "x").statusCode()).isEqualTo(405);
            assertThat(send(base + "/controls", "POST", "x").statusCode()).isEqualTo(404);
            assertThat(send(base + "/metrics", "GET", null).body()).endsWith("x 1\n");
            assertThat(send(base + "/metrics", "POST", "x").statusCode()).isEqualTo(405);
        }
    }

    @Test
    void refusesABodyThatIsNotUtf8() throws Exception {
        try (MetricsEndpoint m =
                MetricsEndpoint.start("127.0.0.1:0", e -> {}).post("/control", MetricsPostTest::echo, false)) {
            HttpRequest r = HttpRequest.newBuilder(url(m, "/control"))
                    .timeout(Duration.ofSeconds(5))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {'{', (byte) 0xC3, '}'}))
                    .build();
            HttpResponse<String> res = CLIENT.send(r, HttpResponse.BodyHandlers.ofString());
            assertThat(res.statusCode()).isEqualTo(400);
            assertThat(res.body()).isEqualTo("the body is not UTF-8\n");
        }
    }

    @Test
    void takesABodyOfTheLimitAndRefusesOneByteMoreWithOrWithoutALength() throws Exception {
        try (MetricsEndpoint m =
                MetricsEndpoint.start("127.0.0.1:0", e -> {}).post("/control", MetricsPostTest::echo, false)) {
            String limit = "a".repeat(MetricsEndpoint.MAX_POST_BODY);
            assertThat(send(url(m, "/control").toString(), "POST", limit).body())
                    .isEqualTo(MetricsEndpoint.MAX_POST_BODY + " " + limit + "\n");
            HttpResponse<String> over = send(url(m, "/control").toString(), "POST", limit + "a");
            assertThat(over.statusCode()).isEqualTo(413);
            assertThat(over.body()).isEqualTo("the body is over 65536 bytes\n");
            byte[] chunked = (limit + "a").getBytes(StandardCharsets.UTF_8);
            HttpRequest r = HttpRequest.newBuilder(url(m, "/control"))
                    .timeout(Duration.ofSeconds(5))
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(chunked)))
                    .build();
            assertThat(CLIENT.send(r, HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(413);
            assertThat(send(url(m, "/control").toString(), "POST", "after").body())
                    .isEqualTo("5 after\n");
        }
    }

    @Test
    void refusesAPeerThatIsNotLoopbackUnlessTold() throws Exception {
        InetAddress own = ownAddress();
        Assumptions.assumeTrue(own != null, "this machine has no non-loopback IPv4 address");
        for (boolean remote : new boolean[] {false, true}) {
            try (MetricsEndpoint m =
                    MetricsEndpoint.start("0.0.0.0:0", e -> {}).post("/control", MetricsPostTest::echo, remote)) {
                String base =
                        "http://" + own.getHostAddress() + ":" + m.address().getPort();
                HttpResponse<String> r = send(base + "/control", "POST", "x");
                assertThat(r.statusCode()).as("remote " + remote).isEqualTo(remote ? 200 : 403);
                assertThat(r.body())
                        .isEqualTo(
                                remote
                                        ? "1 x\n"
                                        : "only from loopback (zapline load --control http-remote takes any peer)\n");
                assertThat(send("http://127.0.0.1:" + m.address().getPort() + "/control", "POST", "y")
                                .statusCode())
                        .isEqualTo(200);
            }
        }
    }

    @Test
    void theScrapePathIsNotAPostPath() {
        try (MetricsEndpoint m = MetricsEndpoint.start("127.0.0.1:0", e -> {})) {
            assertThatThrownBy(() -> m.post("/metrics", MetricsPostTest::echo, false))
                    .hasMessage("/metrics is the scrape's");
        }
    }

    /** An IPv4 address of this machine's own that is not loopback, or null. */
    static InetAddress ownAddress() throws Exception {
        List<InetAddress> found = new ArrayList<>();
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (n.isUp() && !n.isLoopback()) {
                for (InetAddress a : Collections.list(n.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                        found.add(a);
                    }
                }
            }
        }
        return found.isEmpty() ? null : found.get(0);
    }

    private static URI url(MetricsEndpoint m, String path) {
        return URI.create("http://127.0.0.1:" + m.address().getPort() + path);
    }

    private static HttpResponse<String> send(String url, String method, String body) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(5))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        return CLIENT.send(r, HttpResponse.BodyHandlers.ofString());
    }
}
