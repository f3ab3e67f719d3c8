package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every measurement of {@link ServerAllocationTest} again with metrics on: counting a request into the loop's
 * cells (route, method, status class, transport, latency bucket, bytes) adds no allocation. And the counting is
 * real: the scrape shows exactly the requests made.
 */
@Tag("allocation")
class ServerMetricsAllocationTest extends ServerAllocationTest {

    @Override
    void configure(App app) {
        app.metrics("127.0.0.1:0");
    }

    @Test
    void countsEveryRequestOfAnAllocationFreeRunExactly() throws Exception {
        String series = "zapline_server_requests_total{route=\"/health\",method=\"GET\",status_class=\"2xx\","
                + "transport=\"http\"}";
        long before = ServerMetricsTest.value(app.metricsText(), series, 0);
        httpAllocation(
                "GET /health HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                "ok".getBytes(StandardCharsets.US_ASCII),
                "/health");
        // the warm-up's 50,000 and the measured 100,000
        assertThat(ServerMetricsTest.value(app.metricsText(), series, 0) - before)
                .isEqualTo(150_000);
    }
}
