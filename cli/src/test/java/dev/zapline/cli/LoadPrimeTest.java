package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code zapline load --prime N}: the request path runs against a responder in the process before the run, the line
 * on stderr says so, and the target gets exactly the run's requests; what cannot prime starts without a word.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LoadPrimeTest {

    private static App app;
    private static String http;
    private static final LongAdder SEEN = new LongAdder();

    @BeforeAll
    static void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> {
            SEEN.increment();
            ctx.send("ok");
        });
        app.listen("http://127.0.0.1:0").start();
        http = "http://127.0.0.1:" + app.addresses().get(0).port() + "/health";
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofMillis(200));
    }

    /** Runs the command line: its exit status, then what it wrote to standard error (System.err included). */
    private static String[] run(String... args) {
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        CliRun r;
        try {
            System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
            r = CliRun.of(args);
        } finally {
            System.setErr(err);
        }
        return new String[] {Integer.toString(r.exit()), r.err() + said.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void aPrimedRunSaysSoAndTheTargetSeesOnlyTheRunsRequests() {
        long before = SEEN.sum();
        String[] r = run(
                "load",
                http,
                "--rate",
                "600",
                "-d",
                "500ms",
                "-c",
                "2",
                "--threads",
                "1",
                "--warmup",
                "0s",
                "--prime",
                "300");
        assertThat(r[0]).as(r[1]).isEqualTo("0");
        assertThat(r[1])
                .containsPattern("primed the request path with (300|600|900|1,200) requests to a responder in this "
                        + "process \\(\\1 answered, [0-9.]+ s; the target saw none; --prime 0 skips\\)");
        assertThat(SEEN.sum() - before).isEqualTo(300);
    }

    @Test
    void withoutPrimingOrForAClosedRunThereIsNoLine() {
        String[] off = run("load", http, "--rate", "600", "-d", "200ms", "-c", "2", "--warmup", "0s", "--prime", "0");
        assertThat(off[0]).as(off[1]).isEqualTo("0");
        assertThat(off[1]).contains("connections open").doesNotContain("primed");
        String[] closed = run("load", http, "-c", "2", "-d", "200ms", "--warmup", "0s", "--prime", "300");
        assertThat(closed[0]).as(closed[1]).isEqualTo("0");
        assertThat(closed[1]).contains("connections open").doesNotContain("primed");
    }
}
