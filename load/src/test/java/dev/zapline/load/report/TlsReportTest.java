package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.metrics.LoopRecorder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The TLS figures in the text summary and the JSON, and their absence for a plaintext run. */
class TlsReportTest {

    private static final long MS = 1_000_000L;

    @Test
    void aPlaintextSummaryIsRenderedAsBeforeTls() throws Exception {
        Summary s = summary(null);
        // golden: the text summary of a plaintext run as it was before TLS existed
        assertThat(Text.render(s)).isEqualTo("""
                        Target      http://127.0.0.1:1/x (open model)
                        Scheduled   1000 = 1000 sent + 0 dropped
                        Requests    1000 sent in 1.00 s
                        Rate        1000/s achieved of 1000/s target (responses within the 1.00 s)
                        Latency     corrected (from intended send)   service (from actual write)
                          p50       2.00ms                             1.00ms
                          p75       2.00ms                             1.00ms
                          p90       2.00ms                             1.00ms
                          p99       2.00ms                             1.00ms
                          p99.9     2.00ms                             1.00ms
                          p99.99    2.00ms                             1.00ms
                          max       2.00ms                             1.00ms
                        Outcomes    success 1000
                        Statuses    200 1000
                        Dropped     0   errors 0
                        Transfer    1.0 KiB in, 2.0 KiB out
                        Connect     4 connections, p50 100µs, max 100µs, 0 failed attempts
                        """);
        String json = JsonReport.render(s);
        assertThat(json).doesNotContain("tls", "handshake");
        assertThat(new ObjectMapper().readTree(json).path("summary").has("connect"))
                .isTrue();
    }

    @Test
    void aTlsSummaryStatesHandshakeTimesWhatWasNegotiatedAndWhyHandshakesFailed() throws Exception {
        Handshakes h = new Handshakes();
        h.completed(3 * MS, "TLSv1.3", "TLS_AES_128_GCM_SHA256", "X25519MLKEM768", "http/1.1", false);
        h.completed(3 * MS, "TLSv1.3", "TLS_AES_128_GCM_SHA256", "X25519MLKEM768", "http/1.1", false);
        h.completed(1 * MS, "TLSv1.3", "TLS_AES_128_GCM_SHA256", "X25519MLKEM768", "http/1.1", true);
        h.failed("tls: certificate not trusted");
        h.failed("tls: certificate not trusted");
        h.failed("tls: handshake timeout");
        Summary s = summary(Summary.Tls.of(h.snapshot()));

        String text = Text.render(s);
        assertThat(text)
                .contains("TLS errors  tls: certificate not trusted 2, tls: handshake timeout 1\n")
                .contains("Handshake   3 TLS handshakes (2 full, 1 resumed), p50 3.00ms, p99 3.00ms, max 3.00ms, "
                        + "3 failed\n")
                .contains("Negotiated  TLSv1.3 3; TLS_AES_128_GCM_SHA256 3; group X25519MLKEM768 3; ALPN http/1.1 3\n");
        assertThat(text.indexOf("Connect")).isLessThan(text.indexOf("Handshake"));

        JsonNode tls = new ObjectMapper()
                .readTree(JsonReport.render(s))
                .path("summary")
                .path("tls");
        assertThat(tls.path("handshakes").asLong()).isEqualTo(3);
        assertThat(tls.path("full").asLong()).isEqualTo(2);
        assertThat(tls.path("resumed").asLong()).isEqualTo(1);
        assertThat(tls.path("failed").asLong()).isEqualTo(3);
        assertThat(tls.path("handshake").path("count").asLong()).isEqualTo(3);
        assertThat(tls.path("handshake").path("max_us").asDouble()).isBetween(2990.0, 3010.0);
        assertThat(tls.path("protocols").path("TLSv1.3").asLong()).isEqualTo(3);
        assertThat(tls.path("ciphers").path("TLS_AES_128_GCM_SHA256").asLong()).isEqualTo(3);
        assertThat(tls.path("groups").path("X25519MLKEM768").asLong()).isEqualTo(3);
        assertThat(tls.path("alpn").path("http/1.1").asLong()).isEqualTo(3);
        assertThat(tls.path("failures").path("tls: certificate not trusted").asLong())
                .isEqualTo(2);
        assertThat(tls.path("failures").path("tls: handshake timeout").asLong()).isEqualTo(1);
    }

    @Test
    void connectionsThatNegotiatedDifferentGroupsAreCountedApart() {
        Handshakes h = new Handshakes();
        h.completed(2 * MS, "TLSv1.3", "TLS_AES_128_GCM_SHA256", "X25519MLKEM768", "", false);
        h.completed(1 * MS, "TLSv1.3", "TLS_AES_256_GCM_SHA384", "X25519", "", false);
        h.completed(1 * MS, "TLSv1.3", "TLS_AES_256_GCM_SHA384", "X25519", "", false);
        Summary.Tls t = Summary.Tls.of(h.snapshot());
        assertThat(t.counts().groups()).containsExactly(Map.entry("X25519MLKEM768", 1L), Map.entry("X25519", 2L));
        assertThat(t.counts().alpn()).containsExactly(Map.entry("none", 3L));
        assertThat(Text.render(summary(t)))
                .contains("; group X25519MLKEM768 1, X25519 2; ALPN none 3\n")
                .doesNotContain("TLS errors");
    }

    private static Summary summary(Summary.Tls tls) {
        Histogram corrected = LoopRecorder.newHistogram();
        Histogram service = LoopRecorder.newHistogram();
        Histogram connect = LoopRecorder.newHistogram();
        for (int i = 0; i < 1000; i++) {
            corrected.recordValue(2 * MS);
            service.recordValue(MS);
        }
        for (int i = 0; i < 4; i++) {
            connect.recordValue(100_000);
        }
        Map<String, Long> outcomes = new LinkedHashMap<>();
        outcomes.put("success", 1000L);
        outcomes.put("connect", 0L);
        return new Summary(
                "http://127.0.0.1:1/x",
                "open",
                true,
                1.0,
                1000,
                1000,
                0,
                0,
                1000,
                1000,
                0,
                0,
                0,
                outcomes,
                Map.of(200, 1000L),
                1024,
                2048,
                Summary.Latency.of(corrected),
                Summary.Latency.of(service),
                Summary.Latency.of(connect),
                0,
                tls,
                10_000,
                false,
                null,
                List.of(),
                null,
                null,
                java.util.List.of(),
                null,
                null);
    }
}
