package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.Text;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open run offered twice what the target can serve (400/s against 200/s), with a ceiling of 20 in flight: the
 * summary's counts are exact (scheduled = sent + dropped, requests = sent), the rate covers the measured window
 * only, and what ended after it is the drain's. On a manual clock ({@link Sim}), the reporter waiting on it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OverloadFiguresTest {

    @TempDir
    Path dir;

    @Test
    void aTargetThatCannotKeepUpGivesExactCountsAndAWindowRate() throws Exception {
        // one worker taking 5 ms a request: 200/s
        Sim sim = new Sim().serial(5_000_000);
        LoadPlan plan = LoadPlan.open(Stages.constant(400, Duration.ofMillis(1500)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.limits(20, 10_000_000_000L));
        Engine e = Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
        Path json = dir.resolve("o.json");
        Summary s = new Reporter(e, new ReportOptions("zap://test/slow", json, null, null, false))
                .waitWith(sim.reporterWait(e))
                .run();

        long success = s.outcomes().get("success");
        assertThat(s.scheduled()).isEqualTo(600);
        assertThat(s.dropped()).isPositive();
        assertThat(s.unconnected()).isZero();
        assertThat(s.requests()).isEqualTo(s.sent()).isEqualTo(600 - s.dropped());
        assertThat(success + s.errors() + s.outcomes().get("failure_status"))
                .as("every request sent ended with a response or an error")
                .isEqualTo(s.sent());
        assertThat(s.outcomes().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(600);
        assertThat(s.corrected().count()).isEqualTo(success);

        // the window is the schedule's 1.5 s; what was in flight at its end finished in the drain
        assertThat(s.seconds()).isEqualTo(1.5);
        assertThat(s.drainResponses()).isPositive();
        // at most the 20 in flight or waiting then, 5 ms each
        assertThat(s.drainSeconds()).isPositive().isLessThanOrEqualTo(0.1);
        assertThat(s.rateAchieved()).isEqualTo((success - s.drainResponses()) / 1.5);
        IntervalStats last = s.timeline().getLast();
        assertThat(last.t()).as("the timeline ends at the window's end").isEqualTo(1.5);
        assertThat(last.seconds()).isEqualTo(0.5);

        JsonNode j = new ObjectMapper().readTree(json.toFile()).path("summary");
        assertThat(j.path("scheduled").asLong()).isEqualTo(600);
        assertThat(j.path("requests").asLong()).isEqualTo(s.sent());
        assertThat(j.path("sent").asLong()).isEqualTo(s.sent());
        assertThat(j.path("dropped").asLong()).isEqualTo(s.dropped());
        assertThat(j.path("sent").asLong()
                        + j.path("dropped").asLong()
                        + j.path("unconnected").asLong())
                .isEqualTo(j.path("scheduled").asLong());
        assertThat(j.path("drain").path("responses").asLong()).isEqualTo(s.drainResponses());
        assertThat(j.path("duration_s").asDouble()).isEqualTo(1.5);
        assertThat(Text.render(s))
                .contains("Scheduled   600 = " + s.sent() + " sent + " + s.dropped() + " dropped\n")
                .contains("Requests    " + s.sent() + " sent in 1.50 s")
                .contains(s.drainResponses() + " responses");
    }
}
