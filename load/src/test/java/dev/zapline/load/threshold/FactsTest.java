package dev.zapline.load.threshold;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A live summary and the JSON file written from it give the same figures, so the same verdicts. */
class FactsTest {

    private static final List<String> EVERY_KIND = List.of(
            "p50<1ms",
            "p75<1ms",
            "p90<1ms",
            "p99<1ms",
            "p99.9<1ms",
            "p99.99<1ms",
            "max<1ms",
            "mean<1ms",
            "service.p99<1ms",
            "service.mean<1ms",
            "connect.p90<1ms",
            "connect.mean<1ms",
            "handshake.p99<1ms",
            "handshake.max<1ms",
            "error_rate<1%",
            "drop_rate<1%",
            "rate>=99%",
            "rate>=100",
            "requests>0",
            "errors<5",
            "dropped<5",
            "timeouts<5",
            "status_2xx>0",
            "status_5xx<5",
            "status_503<5");

    @Test
    void aSummaryAndItsJsonFileGiveEqualVerdicts() throws Exception {
        SplittableRandom random = new SplittableRandom(15);
        for (int round = 0; round < 20; round++) {
            Summary s = summary(random, round % 2 == 0);
            @SuppressWarnings("unchecked")
            Map<String, Object> root = new ObjectMapper().readValue(JsonReport.render(s), Map.class);
            Verdicts live = Thresholds.parse(EVERY_KIND).evaluate(Facts.of(s), null);
            Verdicts file = Thresholds.parse(EVERY_KIND).evaluate(Facts.of(root), null);
            assertThat(file.verdicts()).as("round %d", round).isEqualTo(live.verdicts());
            assertThat(live.verdicts().stream().filter(v -> v.actual() != null).count())
                    .isGreaterThanOrEqualTo(EVERY_KIND.size() - (round % 2 == 0 ? 0 : 2));
        }
    }

    @Test
    void readsTheSummarysCountsAndLatencies() {
        Summary s = summary(new SplittableRandom(3), true);
        Facts f = Facts.of(s);
        assertThat(f.requests()).isEqualTo(s.requests());
        assertThat(f.scheduled()).isEqualTo(s.scheduled());
        assertThat(f.dropped()).isEqualTo(s.dropped());
        assertThat(f.errors()).isEqualTo(s.errors());
        assertThat(f.timeouts()).isEqualTo(s.outcomes().get("timeout"));
        assertThat(f.success()).isEqualTo(s.outcomes().get("success"));
        assertThat(f.failureStatus()).isEqualTo(s.outcomes().get("failure_status"));
        assertThat(f.statuses()).isEqualTo(s.statuses());
        assertThat(f.corrected().count()).isEqualTo(s.corrected().count());
        assertThat(f.corrected().us()[3]).isCloseTo(s.corrected().p(99), org.assertj.core.data.Offset.offset(5e-4));
        assertThat(f.handshake().us()[6])
                .isCloseTo(s.tls().handshake().maxUs(), org.assertj.core.data.Offset.offset(5e-4));
    }

    private static Summary summary(SplittableRandom r, boolean tls) {
        Histogram corrected = new Histogram(3);
        Histogram service = new Histogram(3);
        Histogram connect = new Histogram(3);
        Histogram handshake = new Histogram(3);
        int n = 500 + r.nextInt(2000);
        for (int i = 0; i < n; i++) {
            long ns = 50_000 + r.nextLong(20_000_000);
            corrected.recordValue(ns);
            service.recordValue(ns - r.nextLong(ns / 2));
        }
        for (int i = 0; i < 4; i++) {
            connect.recordValue(80_000 + r.nextLong(500_000));
            handshake.recordValue(1_000_000 + r.nextLong(3_000_000));
        }
        long timeouts = r.nextInt(4);
        long fail503 = r.nextInt(6);
        long dropped = r.nextInt(8);
        long success = n - timeouts - fail503;
        Map<String, Long> outcomes = new LinkedHashMap<>();
        outcomes.put("success", success);
        outcomes.put("failure_status", fail503);
        outcomes.put("connect", 0L);
        outcomes.put("reset", 0L);
        outcomes.put("timeout", timeouts);
        outcomes.put("protocol", 0L);
        outcomes.put("dropped", dropped);
        Map<Integer, Long> statuses = new LinkedHashMap<>();
        statuses.put(200, success);
        if (fail503 > 0) {
            statuses.put(503, fail503);
        }
        double seconds = 1 + r.nextInt(5) + r.nextDouble();
        Summary.Tls t = tls
                ? new Summary.Tls(
                        Summary.Latency.of(handshake),
                        new Handshakes.Counts(
                                Map.of("TLSv1.3", 4L),
                                Map.of("TLS_AES_128_GCM_SHA256", 4L),
                                Map.of("X25519", 4L),
                                Map.of(),
                                0,
                                Map.of(),
                                0))
                : null;
        return new Summary(
                "http://127.0.0.1:1/x",
                "open",
                true,
                seconds,
                n + dropped,
                n,
                dropped,
                0,
                (n + dropped) / seconds,
                (n - timeouts) / seconds * r.nextDouble(0.9, 1.0),
                0.01,
                0,
                timeouts,
                outcomes,
                statuses,
                n * 100L,
                n * 80L,
                Summary.Latency.of(corrected),
                Summary.Latency.of(service),
                Summary.Latency.of(connect),
                0,
                t,
                10_000,
                false,
                null,
                new ArrayList<>(),
                null,
                null,
                java.util.List.of(),
                null,
                null);
    }
}
