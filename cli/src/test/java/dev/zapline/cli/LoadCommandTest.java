package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadCommandTest {

    @TempDir
    Path dir;

    @Test
    void loadsBothTransportsAndWritesTheJson() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.listen("http://127.0.0.1:0", "127.0.0.1:0").start();
        try {
            String http = "http://127.0.0.1:" + app.addresses().get(0).port() + "/health";
            String zap = "zap://127.0.0.1:" + app.addresses().get(1).port() + "/health";
            for (String url : new String[] {http, zap}) {
                Path json = dir.resolve(url.substring(0, 3) + ".json");
                StringWriter err = new StringWriter();
                int rc = Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(err),
                        "load",
                        url,
                        "--rate",
                        "500",
                        "-d",
                        "1s",
                        "-c",
                        "2",
                        "--threads",
                        "1",
                        "--quiet",
                        "--json",
                        json.toString());
                assertThat(rc).as(err.toString()).isZero();
                JsonNode j = new ObjectMapper().readTree(json.toFile());
                assertThat(j.path("summary").path("requests").asLong()).isEqualTo(500);
                assertThat(j.path("summary").path("outcomes").path("success").asLong())
                        .isEqualTo(500);
            }
            // Main.run is not the process's entry: the process-wide Netty settings are left alone
            assertThat(System.getProperty("io.netty.allocator.maxOrder")).isNull();
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    @Test
    void targetsFileRequestsAreSentRoundRobinOverBothTransports() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        java.util.Map<String, java.util.concurrent.atomic.LongAdder> hits =
                new java.util.concurrent.ConcurrentHashMap<>();
        dev.zapline.server.Handler count = ctx -> {
            hits.computeIfAbsent(
                            ctx.method() + " " + ctx.path() + " " + ctx.bodyAsString() + " " + ctx.header("x-run"),
                            k -> new java.util.concurrent.atomic.LongAdder())
                    .increment();
            ctx.send("ok");
        };
        app.get("/a", count);
        app.post("/b", count);
        app.listen("http://127.0.0.1:0", "127.0.0.1:0").start();
        try {
            java.nio.file.Files.writeString(dir.resolve("b.json"), "{\"b\":2}");
            String[] origins = {
                "http://127.0.0.1:" + app.addresses().get(0).port(),
                "zap://127.0.0.1:" + app.addresses().get(1).port()
            };
            for (String origin : origins) {
                hits.clear();
                Path file = dir.resolve("targets.txt");
                java.nio.file.Files.writeString(
                        file,
                        "# two requests\nGET " + origin + "/a\n\nPOST " + origin
                                + "/b\nContent-Type: application/json\n@b.json\n");
                StringWriter err = new StringWriter();
                int rc = Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(err),
                        "load",
                        "--targets",
                        file.toString(),
                        "-H",
                        "X-Run: 1",
                        "--rate",
                        "600",
                        "-d",
                        "1s",
                        "-c",
                        "2",
                        "--threads",
                        "1",
                        "--warmup",
                        "0s",
                        "--quiet");
                assertThat(rc).as(err.toString()).isZero();
                // the server counts every request, so no warm-up: the 600 are all there is
                assertThat(hits).as(origin).hasSize(2);
                assertThat(hits.get("GET /a  1").sum()).as(origin).isEqualTo(300);
                assertThat(hits.get("POST /b {\"b\":2} 1").sum()).as(origin).isEqualTo(300);
            }
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    @Test
    void targetsFileProblemsAreUsageErrorsNamingTheLine() throws Exception {
        Path file = dir.resolve("bad.txt");
        java.nio.file.Files.writeString(file, "GET http://127.0.0.1:1/a\n\nGET http://127.0.0.1:2/b\n");
        StringWriter err = new StringWriter();
        int rc = Main.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(err),
                "load",
                "--targets",
                file.toString(),
                "--rate",
                "10",
                "-d",
                "1s",
                "--quiet");
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString()).contains("bad.txt line 3: http://127.0.0.1:2/b is not on the origin of line 1");
        StringWriter both = new StringWriter();
        rc = Main.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(both),
                "load",
                "http://127.0.0.1:1/",
                "--targets",
                file.toString(),
                "--rate",
                "10",
                "--quiet");
        assertThat(rc).isEqualTo(2);
        assertThat(both.toString()).contains("not both");
    }

    @Test
    void byDefaultASecondOfWarmUpRunsAfterTheConnectionsOpenAndTheStartLineSaysSo() {
        LoadCommand c = new LoadCommand();
        new picocli.CommandLine(c).parseArgs("http://127.0.0.1:1/health", "--rate", "100", "-c", "4");
        dev.zapline.load.engine.LoadPlan plan = c.plan();
        assertThat(plan.warmupNanos()).isEqualTo(1_000_000_000L);
        assertThat(LoadAnnounce.startLine(c, plan, "epoll"))
                .isEqualTo("zapline load: 4 connections open on " + plan.threads()
                        + " event loops (epoll); warm-up 1s (the default) excluded from the results, then 10.0 s"
                        + " measured");

        LoadCommand none = new LoadCommand();
        new picocli.CommandLine(none).parseArgs("http://127.0.0.1:1/health", "--warmup", "0s", "-d", "2500ms");
        assertThat(none.plan().warmupNanos()).isZero();
        assertThat(LoadAnnounce.startLine(none, none.plan(), "nio"))
                .contains("(nio); no warm-up, then 2.50 s measured");
    }

    @Test
    void theSendSlackFollowsThePeakRateByDefaultZeroTurnsItOffAndMoreThanTenMillisecondsIsRefused() {
        String[] base = {"http://127.0.0.1:1/health", "--rate", "100", "-c", "4"};
        LoadCommand c = new LoadCommand();
        new picocli.CommandLine(c).parseArgs(base);
        assertThat(c.plan().slackNanos()).isEqualTo(200_000);
        assertThat(LoadAnnounce.slack(c.plan())).isEqualTo("; requests leave up to 200µs early (--send-slack)");
        // auto: min(200 us, (1 + R / 10,000) / R s) at the peak rate R, a ramp's end included
        String[][] auto = {
            {"--rate", "10000", "200000"},
            {"--rate", "20000", "150000"},
            {"--rate", "50000", "120000"},
            {"--stages", "5s:1000->40000", "125000"},
        };
        for (String[] a : auto) {
            LoadCommand d = new LoadCommand();
            new picocli.CommandLine(d).parseArgs("http://127.0.0.1:1/health", a[0], a[1], "-c", "4");
            assertThat(d.plan().slackNanos()).as(a[1]).isEqualTo(Long.parseLong(a[2]));
        }
        for (String[] ok : new String[][] {{"0", "0"}, {"250us", "250000"}, {"10ms", "10000000"}, {"auto", "200000"}}) {
            LoadCommand d = new LoadCommand();
            new picocli.CommandLine(d).parseArgs(concat(base, "--send-slack", ok[0]));
            assertThat(d.plan().slackNanos()).isEqualTo(Long.parseLong(ok[1]));
        }
        LoadCommand off = new LoadCommand();
        new picocli.CommandLine(off).parseArgs(concat(base, "--send-slack", "0"));
        assertThat(LoadAnnounce.slack(off.plan())).isEmpty();
        for (String bad : new String[] {"11ms", "-1us", "fast"}) {
            StringWriter err = new StringWriter();
            int rc = new picocli.CommandLine(new LoadCommand())
                    .setErr(new java.io.PrintWriter(err))
                    .execute(concat(base, "--send-slack", bad));
            assertThat(rc).as(bad).isEqualTo(2);
            assertThat(err.toString()).as(bad).contains("--send-slack " + bad);
        }
    }

    @Test
    void primingTakesACountOfRequestsTenThousandByDefaultZeroForNoneAndRefusesANegative() {
        String[] base = {"http://127.0.0.1:1/health", "--rate", "100", "-c", "4"};
        LoadCommand c = new LoadCommand();
        new picocli.CommandLine(c).parseArgs(base);
        assertThat(c.prime.requests(true)).isEqualTo(10_000);
        assertThat(c.prime.requests(false)).isZero();
        LoadCommand none = new LoadCommand();
        new picocli.CommandLine(none).parseArgs(concat(base, "--prime", "0"));
        assertThat(none.prime.requests(true)).isZero();
        LoadCommand some = new LoadCommand();
        new picocli.CommandLine(some).parseArgs(concat(base, "--prime", "300"));
        assertThat(some.prime.requests(false)).isEqualTo(300);
        for (String bad : new String[] {"-1", "many"}) {
            StringWriter err = new StringWriter();
            int rc = new picocli.CommandLine(new LoadCommand())
                    .setErr(new java.io.PrintWriter(err))
                    .execute(concat(base, "--prime", bad));
            assertThat(rc).as(bad).isEqualTo(2);
            assertThat(err.toString()).as(bad).contains("--prime");
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void badOptionsAreUsageErrors() {
        StringWriter err = new StringWriter();
        int rc = Main.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(err),
                "load",
                "http://127.0.0.1:1/",
                "--rate",
                "10",
                "--stages",
                "1s:10");
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString()).contains("pick one");
        StringWriter closed = new StringWriter();
        rc = Main.run(
                new PrintWriter(new StringWriter()),
                new PrintWriter(closed),
                "load",
                "http://127.0.0.1:1/",
                "--concurrency",
                "2",
                "--adaptive");
        assertThat(rc).isEqualTo(2);
        assertThat(closed.toString()).contains("--adaptive needs the open model");
    }
}
