package dev.zapline.cli;

import dev.zapline.wire.peer.Peers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * npm packages at pinned versions in a prefix under {@code target/} (installed on first use, never committed), and
 * node scripts run against them: how this repository's tests use npm packages (as the wire module's peer does).
 */
final class NodeModules {

    private NodeModules() {}

    /**
     * Installs {@code packages} ({@code name@version}, exact versions) into {@code target/PREFIX} unless a previous
     * install left the same list there; returns the prefix.
     */
    static Path install(String prefix, List<String> packages) throws IOException {
        Peers.require("node", "npm");
        Path dir = Path.of("target", prefix).toAbsolutePath();
        Path stamp = dir.resolve("installed.txt");
        String wanted = String.join("\n", packages) + "\n";
        if (Files.isRegularFile(stamp) && Files.readString(stamp).equals(wanted)) {
            return dir;
        }
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>(List.of(
                "npm",
                "install",
                "--prefix",
                dir.toString(),
                "--no-audit",
                "--no-fund",
                "--no-save",
                "--loglevel=error"));
        command.addAll(packages);
        Result r = run(command, dir, 300);
        if (!r.ok()) {
            throw new AssertionError("npm install " + packages + " into " + dir + " failed:\n" + r.output());
        }
        Files.writeString(stamp, wanted);
        return dir;
    }

    /** Runs {@code node script args...}, failing the test unless it exits 0 within a minute; returns its stdout. */
    static String node(Path script, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of("node", script.toString()));
        command.addAll(args);
        Result r = run(command, Path.of("."), 60);
        if (!r.ok()) {
            throw new AssertionError(String.join(" ", command) + " failed:\n" + r.output());
        }
        return r.output();
    }

    private record Result(boolean ok, String output) {}

    /** Runs {@code command} with stderr after stdout in one output; not ok when it fails or runs out of time. */
    private static Result run(List<String> command, Path dir, int timeoutSeconds) throws IOException {
        Path out = Files.createTempFile("zapline-node", ".out");
        Path err = Files.createTempFile("zapline-node", ".err");
        try {
            Process p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            p.getOutputStream().close();
            boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            boolean ok = done && p.exitValue() == 0;
            return new Result(
                    ok,
                    ok
                            ? text
                            : text
                                    + Files.readString(err, StandardCharsets.UTF_8)
                                    + (done ? "exit status " + p.exitValue() : "no exit in " + timeoutSeconds + " s"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted running " + command, e);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
