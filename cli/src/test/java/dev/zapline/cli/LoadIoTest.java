package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.client.IoTransport;
import dev.zapline.client.ZapLoops;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import io.netty.channel.uring.IoUring;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code zapline load --io}: the loops run on the transport asked for, the JSON and the start line name it,
 * {@code --nio} still means NIO, and what cannot run is refused with exit status 2 and the reason.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LoadIoTest {

    private static App app;
    private static String http;
    private static String zap;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.listen("http://127.0.0.1:0", "127.0.0.1:0").start();
        http = "http://127.0.0.1:" + app.addresses().get(0).port() + "/health";
        zap = "zap://127.0.0.1:" + app.addresses().get(1).port() + "/health";
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofMillis(200));
    }

    private static List<String> args(String url, Path json, String... more) {
        List<String> all = new ArrayList<>(List.of("load", url, "--rate", "600", "-d", "500ms", "-c", "2"));
        all.addAll(List.of("--threads", "1", "--warmup", "0s", "--json", json.toString()));
        all.addAll(List.of(more));
        return all;
    }

    /** Runs quietly; the JSON's summary, or fails with stderr. */
    private JsonNode run(String url, String... more) throws IOException {
        Path json = dir.resolve("run-" + System.nanoTime() + ".json");
        List<String> all = args(url, json, more);
        all.add("--quiet");
        CliRun r = CliRun.of(all.toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        return new ObjectMapper().readTree(json.toFile()).path("summary");
    }

    private static void allAnswered(JsonNode s, String transport) {
        assertThat(s.path("transport").asText()).isEqualTo(transport);
        assertThat(s.path("scheduled").asLong()).isEqualTo(300);
        assertThat(s.path("sent").asLong()).isEqualTo(300);
        assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(300);
        assertThat(s.path("errors").asLong()).isZero();
    }

    @Test
    void ioUringRunsHttpAndZapAndTheStartLineAndJsonSaySo() throws Exception {
        assumeThat(IoUring.isAvailable())
                .as("io_uring: %s", IoUring.unavailabilityCause())
                .isTrue();
        Path json = dir.resolve("http.json");
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        CliRun r;
        try {
            System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
            r = CliRun.of(args(http, json, "--io", "io_uring").toArray(String[]::new));
        } finally {
            System.setErr(err);
        }
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains("zapline load: 2 connections open on 1 event loops (io_uring); no warm-up");
        allAnswered(new ObjectMapper().readTree(json.toFile()).path("summary"), "io_uring");
        allAnswered(run(zap, "--io", "io_uring"), "io_uring");
    }

    @Test
    void autoRunsTheFirstOfItsOrderAndNioStaysAvailableUnderBothSpellings() throws Exception {
        assumeThat(ZapLoops.unavailable(IoTransport.EPOLL)).isNull();
        allAnswered(run(http), ZapLoops.autoOrder().get(0).label());
        allAnswered(run(http, "--nio"), "nio");
        allAnswered(run(zap, "--nio", "--io", "nio"), "nio");
        allAnswered(run(zap, "--io", "EPOLL"), "epoll");
    }

    @Test
    void aBadTransportOrAContradictionIsAUsageErrorNamingIt() {
        CliRun bad = CliRun.of("load", http, "--rate", "10", "-d", "1s", "--io", "kqueue");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--io: transport 'kqueue': expected auto, io_uring, epoll or nio");
        CliRun both = CliRun.of("load", http, "--rate", "10", "-d", "1s", "--nio", "--io", "io_uring");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err())
                .isEqualTo("zapline: --nio and --io io_uring contradict each other: --nio is --io nio"
                        + System.lineSeparator());
    }

    /** The help names auto's order, so that changing {@link ZapLoops}' preference without the help fails here. */
    @Test
    void theHelpNamesWhatAutoTriesInOrder() {
        CommandLine load = new CommandLine(new Main()).getSubcommands().get("load");
        String description =
                String.join(" ", load.getCommandSpec().findOption("--io").description());
        List<IoTransport> order = ZapLoops.autoOrder();
        String expected = "auto (default: " + order.get(0) + " where it runs, else "
                + order.subList(1, order.size()).stream()
                        .map(IoTransport::label)
                        .collect(Collectors.joining(", else "))
                + ")";
        assertThat(description).contains(expected);
    }

    /**
     * A JVM where Netty's native transports are switched off ({@code -Dio.netty.transport.noNative=true}), as on a
     * machine without them: asking for io_uring is refused with Netty's reason and exit status 2, auto runs on NIO.
     */
    @Test
    void whereTheNativeTransportsCannotLoadIoUringIsRefusedWithTheCauseAndAutoFallsBackToNio() throws Exception {
        Path json = dir.resolve("auto.json");
        Child refused = child(List.of("load", http, "--rate", "10", "-d", "1s", "--io", "io_uring", "--quiet"));
        assertThat(refused.exit).as(refused.err).isEqualTo(2);
        assertThat(refused.err)
                .contains("zapline: --io io_uring: the io_uring transport is not available here "
                        + "(UnsupportedOperationException: Native transport was explicit disabled with "
                        + "-Dio.netty.transport.noNative=true); auto falls back to the next one that is, and nio runs "
                        + "everywhere")
                .doesNotContain("Exception in thread", "\tat ");
        List<String> auto = args(http, json);
        auto.add("--quiet");
        Child fellBack = child(auto);
        assertThat(fellBack.exit).as(fellBack.err).isZero();
        allAnswered(new ObjectMapper().readTree(json.toFile()).path("summary"), "nio");
    }

    private record Child(int exit, String err) {}

    private Child child(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dio.netty.transport.noNative=true",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(args);
        Path err = dir.resolve("child-" + System.nanoTime() + ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not end within 60 s: " + Files.readString(err));
        }
        return new Child(p.exitValue(), Files.readString(err));
    }
}
