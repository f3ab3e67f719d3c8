package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.wire.peer.Peers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard driven through tmux as a person would: {@code zapline load --tui} in a 100x30 pane against a
 * loopback server, Up raises the target the screen shows, {@code m deploy Enter} sets a mark, {@code q} stops; then
 * the normal screen holds the summary and the JSON file the rate change and the mark as events. tmux is a peer
 * ({@link Peers}: skipped where it is missing, failed with CI=true). Its own tmux server (a socket of its own),
 * killed at the end with everything in it.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class TuiTmuxTest {

    private static final long WAIT_MILLIS = 30_000;

    @TempDir
    Path dir;

    private final String socket = "zapline-tui-" + ProcessHandle.current().pid();

    @Test
    void keysSteerTheRunAndTheJsonKeepsTheEvents() throws Exception {
        Peers.require("tmux");
        Path json = dir.resolve("run.json");
        Path exit = dir.resolve("exit");
        try (HealthServer server = new HealthServer()) {
            Path script = dir.resolve("run.sh");
            Files.writeString(
                    script,
                    "#!/bin/sh\n" + quoted(java()) + " --enable-native-access=ALL-UNNAMED -cp "
                            + quoted(System.getProperty("java.class.path")) + " dev.zapline.cli.Main load "
                            + quoted(server.url("/health")) + " --tui --rate 200 -d 20s -c 2 --threads 1 --json "
                            + quoted(json.toString()) + "\necho $? > " + quoted(exit.toString()) + "\nsleep 60\n",
                    StandardCharsets.UTF_8);
            script.toFile().setExecutable(true);
            try {
                tmux("new-session", "-d", "-x", "100", "-y", "30", "-s", "tui", script.toString());
                String first = await(s -> s.contains("target 200 req/s") && s.contains("measured"));
                assertThat(first).contains("zapline load  " + server.url("/health"), "↑/↓ rate ±10%");
                tmux("send-keys", "-t", "tui", "Up");
                await(s -> s.contains("target 220 req/s"));
                tmux("send-keys", "-t", "tui", "m");
                await(s -> s.contains("mark label: _"));
                tmux("send-keys", "-t", "tui", "-l", "deploy");
                tmux("send-keys", "-t", "tui", "Enter");
                String marked = await(s -> s.contains("mark 'deploy'  (tui)"));
                assertThat(marked).contains("rate 220 req/s  (tui)");
                tmux("send-keys", "-t", "tui", "q");
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
                while (!Files.exists(exit) && System.nanoTime() - until < 0) {
                    Thread.sleep(100);
                }
                assertThat(exit).exists();
                assertThat(Files.readString(exit).strip()).isEqualTo("0");
                String after = capture();
                assertThat(after)
                        .contains("Target      " + server.url("/health"))
                        .doesNotContain("↑/↓ rate");
            } finally {
                tmux("kill-server");
            }
        }
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        // the schedule followed the change: the second it fell in (or a later one) has a target above 200/s
        double most = 0;
        for (JsonNode second : doc.path("timeline")) {
            most = Math.max(most, second.path("rate_target").asDouble());
        }
        assertThat(most).isGreaterThan(200.5).isLessThanOrEqualTo(220.0);
        JsonNode events = doc.path("events");
        List<String> seen = new ArrayList<>();
        events.forEach(
                e -> seen.add(e.path("kind").asText() + " " + e.path("value").asDouble() + " "
                        + e.path("label").asText() + " " + e.path("source").asText()));
        assertThat(seen).containsSubsequence("rate 220.0  tui", "mark 0.0 deploy tui", "stop 0.0  tui");
    }

    /** Captures the pane until {@code ready} holds of it, or fails after {@link #WAIT_MILLIS}. */
    private String await(Predicate<String> ready) throws Exception {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        String screen = "";
        while (System.nanoTime() - until < 0) {
            screen = capture();
            if (ready.test(screen)) {
                return screen;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the screen never got there; last capture:\n" + screen);
    }

    private String capture() throws Exception {
        return tmux("capture-pane", "-p", "-t", "tui");
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return out;
    }

    /** This test's own java, for the child. */
    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
