package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.load.RunId;
import dev.zapline.cli.load.StartAt;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --segment} with the closed model, and {@code --start-at}'s parsing and warm-up fitting. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SegmentOptionsTest {

    private static final Instant NOW = Instant.parse("2026-12-01T23:50:00Z");

    @TempDir
    Path dir;

    @Test
    void startAtTakesAnInstantOrAnOffsetFromNow() {
        assertThat(StartAt.parse("+5s", NOW).instant()).isEqualTo(NOW.plusSeconds(5));
        assertThat(StartAt.parse("2026-12-01T23:51:00Z", NOW).instant()).isEqualTo(NOW.plusSeconds(60));
        assertThat(StartAt.parse("2026-12-02T00:51:00+01:00", NOW).instant()).isEqualTo(NOW.plusSeconds(60));
        assertThatThrownBy(() -> StartAt.parse("tomorrow", NOW)).hasMessageContaining("RFC 3339");
    }

    @Test
    void aStartInstantAlreadyPastRunsLateWithoutWarmupUnlessTheMeasuredPhaseIsOver() {
        LoadPlan plan = LoadPlan.open(Stages.constant(100, java.time.Duration.ofSeconds(10)), Arrival.UNIFORM, 1, 1, 1)
                .with(b -> b.warmupNanos = 2_000_000_000L);
        StartAt late = StartAt.parse("2026-12-01T23:49:57Z", NOW);
        assertThat(late.fit(plan).warmupNanos()).isZero();
        assertThat(late.warmupCut()).contains("passed 3.000 s ago", "count from their intended times");
        assertThatThrownBy(() -> StartAt.parse("2026-12-01T23:49:50Z", NOW).fit(plan))
                .hasMessageContaining("passed 10.000 s ago: the run's 10.000 s measured phase is over");
        StartAt ahead = StartAt.parse("+10s", NOW);
        assertThat(ahead.fit(plan).warmupNanos()).isEqualTo(2_000_000_000L);
        assertThat(ahead.warmupCut()).isNull();
    }

    @Test
    void runIdLeavesOutTheSegmentAndTheOutputsButNotTheStartInstant() {
        StartAt at = StartAt.parse("2026-12-01T23:51:00Z", NOW);
        String a =
                RunId.of(java.util.List.of("load", "http://h/x", "--rate", "9", "--segment", "0/2", "--json", "a"), at);
        String b = RunId.of(java.util.List.of("load", "http://h/x", "--rate", "9", "--segment=1/2", "--json=b"), at);
        assertThat(a).isEqualTo(b).hasSize(16);
        assertThat(RunId.of(java.util.List.of("load", "http://h/x", "--rate", "8"), at))
                .isNotEqualTo(a);
        StartAt later = StartAt.parse("2026-12-01T23:52:00Z", NOW);
        assertThat(RunId.of(java.util.List.of("load", "http://h/x", "--rate", "9"), later))
                .isNotEqualTo(a);
    }

    @Test
    void warmupIsCutToWhatFitsBeforeTheInstantAndSaysSo() {
        LoadPlan plan = LoadPlan.open(Stages.constant(100, java.time.Duration.ofSeconds(1)), Arrival.UNIFORM, 1, 1, 1)
                .with(b -> b.warmupNanos = 3_000_000_000L);
        StartAt roomy = StartAt.parse("+10s", NOW);
        assertThat(roomy.fit(plan).warmupNanos()).isEqualTo(3_000_000_000L);
        assertThat(roomy.warmupCut()).isNull();
        StartAt tight = StartAt.parse("+2500ms", NOW);
        assertThat(tight.fit(plan).warmupNanos()).isEqualTo(1_500_000_000L);
        assertThat(tight.warmupCut()).contains("1.50 s of the 3.00 s warm-up");
    }

    @Test
    void closedSegmentsRunTheirUsersAndOneWithoutUsersIsRefused() throws Exception {
        try (HealthServer server = new HealthServer()) {
            CliRun none =
                    CliRun.of("load", server.url("/health"), "--concurrency", "2", "--segment", "2/3", "-d", "1s");
            assertThat(none.exit()).isEqualTo(2);
            assertThat(none.err()).contains("--segment 2/3 of --concurrency 2 has no users");
            Path json = dir.resolve("c.json");
            CliRun one = CliRun.of(
                    "load",
                    server.url("/health"),
                    "--concurrency",
                    "5",
                    "--segment",
                    "1/2",
                    "-d",
                    "300ms",
                    "--warmup",
                    "0s",
                    "--start-at",
                    "+1500ms",
                    "--quiet",
                    "--json",
                    json.toString());
            assertThat(one.exit()).as(one.err()).isZero();
            JsonNode doc = new ObjectMapper().readTree(json.toFile());
            assertThat(doc.at("/summary/model").asText()).isEqualTo("closed");
            assertThat(doc.at("/summary/outcomes/success").asLong()).isPositive();
            assertThat(doc.at("/run/segment").asInt()).isEqualTo(1);
            assertThat(doc.at("/run/segments").asInt()).isEqualTo(2);
            assertThat(doc.at("/summary/connect/count").asLong()).isEqualTo(2);
        }
    }
}
