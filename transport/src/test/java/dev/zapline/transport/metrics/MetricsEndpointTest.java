package dev.zapline.transport.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class MetricsEndpointTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void servesAFreshExpositionPerScrapeAtSlashMetrics() throws Exception {
        AtomicInteger scrapes = new AtomicInteger();
        try (MetricsEndpoint m = MetricsEndpoint.start(
                "127.0.0.1:0",
                e -> e.family("scrapes_total", Exposition.Type.COUNTER, "Scrapes.")
                        .sample(scrapes.incrementAndGet()))) {
            String base = "http://127.0.0.1:" + m.address().getPort();
            HttpResponse<String> first = get(base + "/metrics", "GET");
            HttpResponse<String> second = get(base + "/metrics", "GET");
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(first.headers().firstValue("content-type")).hasValue(Exposition.CONTENT_TYPE);
            assertThat(first.body()).endsWith("scrapes_total 1\n");
            assertThat(second.body()).endsWith("scrapes_total 2\n");
            assertThat(get(base + "/other", "GET").statusCode()).isEqualTo(404);
            HttpResponse<String> post = get(base + "/metrics", "POST");
            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(post.headers().firstValue("allow")).hasValue("GET, HEAD");
        }
    }

    @Test
    void answers500WhenTheWriterFails() throws Exception {
        try (MetricsEndpoint m = MetricsEndpoint.start("127.0.0.1:0", e -> {
            throw new IllegalStateException("broken");
        })) {
            HttpResponse<String> r = get("http://127.0.0.1:" + m.address().getPort() + "/metrics", "GET");
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(r.body()).contains("broken");
        }
    }

    @Test
    void parsesHostPortAndRefusesOtherForms() {
        assertThat(MetricsEndpoint.parse("127.0.0.1:9100").getPort()).isEqualTo(9100);
        assertThat(MetricsEndpoint.parse("[::1]:0").getAddress().getHostAddress())
                .isEqualTo("0:0:0:0:0:0:0:1");
        assertThatThrownBy(() -> MetricsEndpoint.parse("9100")).hasMessageContaining("not host:port");
        assertThatThrownBy(() -> MetricsEndpoint.parse("h:x")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> MetricsEndpoint.parse("h:70000")).hasMessageContaining("not in 0..65535");
    }

    private static HttpResponse<String> get(String url, String method) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(5))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build();
        return CLIENT.send(r, HttpResponse.BodyHandlers.ofString());
    }
}
