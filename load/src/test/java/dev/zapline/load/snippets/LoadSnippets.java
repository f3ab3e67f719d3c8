package dev.zapline.load.snippets;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.engine.Client;
import dev.zapline.load.engine.Engine;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.engine.NanoClock;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.PacingCounter;
import dev.zapline.load.metrics.Percentiles;
import dev.zapline.load.report.LiveMetrics;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Schedule;
import dev.zapline.load.schedule.ScheduleCursor;
import dev.zapline.load.schedule.Stage;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.threshold.Facts;
import dev.zapline.load.threshold.Gate;
import dev.zapline.load.threshold.Threshold;
import dev.zapline.load.threshold.Thresholds;
import dev.zapline.load.threshold.Verdict;
import dev.zapline.load.threshold.Verdicts;
import dev.zapline.transport.metrics.MetricsEndpoint;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** Examples for schedules, the engine, recorders and the reporter of {@code dev.zapline.load}. */
final class LoadSnippets {

    private static void waitUntil(long dueNanos) {}

    private static void send() {}

    private static void show(LoopRecorder[] recorders) {}

    void schedule(int loop, int loops) {
        // @start region="schedule"
        Schedule whole = Schedule.of(Stages.parse("10s:0->20000,30s:20000"), Arrival.UNIFORM, 0);
        Schedule mine = whole.segment(2, 4).forLoop(loop, loops); // machine 2 of 4, this event loop's share
        ScheduleCursor cursor = mine.cursor();
        for (long t = cursor.next(); t >= 0; t = cursor.next()) {
            waitUntil(t); // t: ns after the run's start
            send();
        }
        // @end
    }

    long cursor(Schedule schedule, int k, int n) {
        // @start region="cursor"
        ScheduleCursor cursor = schedule.forLoop(k, n).cursor();
        long due = cursor.next(); // ns after the run's start, or -1 when done
        // @end
        return due;
    }

    long stages() {
        // @start region="stages"
        Stages profile = Stages.parse("10s:0->20000,30s:20000,5s:20000->0");
        long n = profile.count(); // 750_000: 100_000 + 600_000 + 50_000
        long t = profile.uniformTime(100); // ns after the run's start
        // @end
        return n + t;
    }

    Stages stage() {
        // @start region="stage"
        Stage warm = Stage.ramp(Duration.ofSeconds(10), 0, 20_000);
        Stage hold = Stage.hold(Duration.ofSeconds(30), 20_000);
        // @end
        return Stages.of(warm, hold);
    }

    void engine(LoadPlan plan, Client client, EventLoopGroup group) throws InterruptedException {
        // @start region="engine"
        Engine engine = Engine.start(plan, client, group, NanoClock.SYSTEM, 10_000); // 10 s to connect
        while (!engine.await(1, TimeUnit.SECONDS)) {
            show(engine.recorders());
        }
        // @end
    }

    Summary reporter(Engine engine, ReportOptions options) throws InterruptedException {
        // @start region="reporter"
        Summary s = new Reporter(engine, options).run(); // blocks until the run ends
        // @end
        return s;
    }

    Summary liveMetrics(Engine engine, ReportOptions options) throws InterruptedException {
        // @start region="live-metrics"
        LiveMetrics live = new LiveMetrics();
        Summary s;
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1:9101", live::write)) {
            s = new Reporter(engine, options).metrics(live).run(); // scrapes see each second as it closes
        }
        // @end
        return s;
    }

    void recorder(
            LoopRecorder rec,
            long requestBytes,
            int status,
            boolean ok,
            long intendedNanos,
            long sentNanos,
            long nowNanos,
            long n) {
        // @start region="recorder"
        rec.sent(requestBytes); // on write
        rec.response(status, ok, intendedNanos, sentNanos, nowNanos, n); // on response
        rec.outcome(Outcome.TIMEOUT); // or another ending
        // @end
    }

    int[] pacing(long measuredNanos, long writeNanos, long measuredStartNanos, PacingCounter[] perLoop) {
        // @start region="pacing"
        PacingCounter p = PacingCounter.forLength(measuredNanos);
        p.sent(writeNanos - measuredStartNanos); // on the loop, per request written
        int[] all = PacingCounter.merge(perLoop); // after the run
        // @end
        return all;
    }

    long percentiles(Histogram interval) {
        // @start region="percentiles"
        Percentiles p = new Percentiles(50, 99, 99.9); // once, ascending
        p.read(interval); // each interval: one walk, no allocation
        long p99 = p.value(1);
        // @end
        return p99;
    }

    String threshold(Summary summary) {
        // @start region="threshold"
        Threshold t = Threshold.parse("service.p99.9 <= 20ms"); // metric "service.p99.9", limit 20000 (us)
        Verdict v = t.evaluate(Facts.of(summary));
        if (!v.passed()) {
            System.out.println(v.line());
        }
        // @end
        return v.line();
    }

    int thresholds(Summary summary) {
        // @start region="thresholds"
        Thresholds t = Thresholds.parse(List.of("p99<5ms", "status_5xx==0")); // throws on a malformed one
        Verdicts v = t.evaluate(Facts.of(summary), null);
        System.out.print(v.text());
        int exit = v.passed() ? 0 : Thresholds.FAILED_EXIT_STATUS;
        // @end
        return exit;
    }

    @SuppressWarnings("unchecked")
    boolean factsFromJson(Path file) throws IOException {
        // @start region="facts-json"
        Map<String, Object> root = new ObjectMapper().readValue(file.toFile(), Map.class); // or another parser
        Verdicts v = Thresholds.parse(List.of("p99<5ms", "error_rate<0.1%")).evaluate(Facts.of(root), null);
        // @end
        return v.passed();
    }

    Summary gate(Thresholds thresholds, Engine engine, ReportOptions options) throws InterruptedException {
        // @start region="gate"
        Gate gate = new Gate(thresholds, 10.0); // or Gate.NO_ABORT
        Summary s = new Reporter(engine, options).watch(gate).run();
        System.out.print(gate.verdicts().text());
        // @end
        return s;
    }
}
