package dev.zapline.cli.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.cli.Main;
import dev.zapline.cli.serve.Delay;
import dev.zapline.cli.serve.DemoApp;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline diff} on real runs over loopback: two short runs against the demo server, and one against the same
 * server answering every second request 60 ms late ({@code --delay 60ms@50%}). The delay is far beyond any noise of
 * this machine at the upper percentiles (a p90 of 60 ms against well under 10 ms), so the delayed run reads
 * regressed there at the defaults; two runs of the same server can differ on a shared machine, so for them only the
 * absence of a regression at a generous minimum effect (200 %) is asserted.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class DiffRealRunsTest {

    @TempDir
    Path dir;

    @Test
    void aDelayedServerRegressesItsUpperPercentilesAndTheSameServerDoesNot() throws Exception {
        Path a;
        Path b;
        Path slow;
        App plain = start(null);
        try {
            a = load(plain, "a.json");
            b = load(plain, "b.json");
        } finally {
            plain.stop(Duration.ofMillis(200));
        }
        App delayed = start(Delay.parse("60ms@50%"));
        try {
            slow = load(delayed, "slow.json");
        } finally {
            delayed.stop(Duration.ofMillis(200));
        }

        Method defaults = Method.DEFAULT;
        Map<String, String> same = verdicts(Comparison.of(
                RunFile.read(a),
                RunFile.read(b),
                new Method(2.0, defaults.minAbsUs(), defaults.confidence(), defaults.resamples(), defaults.seed())));
        assertThat(same.values()).doesNotContain("regressed", "too few seconds", "no intervals", "no data");

        Comparison c = Comparison.of(RunFile.read(a), RunFile.read(slow), defaults);
        Map<String, String> v = verdicts(c);
        assertThat(v)
                .as(DiffText.text(c, java.util.List.of()))
                .containsEntry("p90", "regressed")
                .containsEntry("p99", "regressed")
                .containsEntry("service.p90", "regressed")
                .containsEntry("service.p99", "regressed")
                .containsEntry("error rate", "within noise");
        // the delayed half answers 60 ms late: its p90 is at least that
        assertThat(c.rows().get(Figure.P90.ordinal()).neu()).isGreaterThanOrEqualTo(60_000);
        StringWriter out = new StringWriter();
        int exit = Main.run(
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true),
                "diff",
                a.toString(),
                slow.toString(),
                "--threshold",
                "p99 +100%");
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString()).contains("p99 +100%: exceeded");
    }

    private static Map<String, String> verdicts(Comparison c) {
        Map<String, String> out = new TreeMap<>();
        c.rows().forEach(r -> out.put(r.figure().label(), r.verdict().text()));
        return out;
    }

    private static App start(Delay delay) {
        App app = DemoApp.create(ServerConfig.defaults().withEventLoops(1), "jackson");
        if (delay != null) {
            app.use(delay);
        }
        return app.listen("http://127.0.0.1:0").start();
    }

    /** 200 requests/s for 4 s after 1 s of warm-up, on 16 connections (12 of them busy with delayed answers). */
    private Path load(App app, String name) {
        Path json = dir.resolve(name);
        String url = "http://127.0.0.1:" + app.addresses().get(0).port() + "/health";
        StringWriter err = new StringWriter();
        int exit = Main.run(
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true),
                "load",
                url,
                "--rate",
                "200",
                "-d",
                "4s",
                "--warmup",
                "1s",
                "-c",
                "16",
                "--threads",
                "1",
                "--quiet",
                "--json",
                json.toString());
        assertThat(exit).as(err.toString()).isZero();
        return json;
    }
}
