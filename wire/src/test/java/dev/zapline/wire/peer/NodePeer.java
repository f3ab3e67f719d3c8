package dev.zapline.wire.peer;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The peer runtime {@code @zap-proto/zap@1.6.0} on the machine's Node.js: installed by npm into {@code
 * target/zap-peer} on first use (never committed), then driven by {@code peer/zap-peer-driver.mjs}, one node
 * process per batch of cases. Missing node or npm skip the test through {@link Peers} (fail it under {@code
 * CI=true}); a failed install fails it with npm's output. Public for the other modules' peer tests
 * (the server's zaphttp interop test runs its own script with {@link #node}).
 */
public final class NodePeer {

    static final String PACKAGE = "@zap-proto/zap";
    static final String VERSION = "1.6.0";

    private NodePeer() {}

    /** Installs the peer unless the pinned version is already there; returns the install prefix. */
    public static Path install() throws IOException, InterruptedException {
        Peers.require("node", "npm");
        Path prefix = Path.of("target", "zap-peer").toAbsolutePath();
        Path manifest = prefix.resolve("node_modules/" + PACKAGE + "/package.json");
        if (Files.isRegularFile(manifest) && Files.readString(manifest).contains("\"version\": \"" + VERSION + "\"")) {
            return prefix;
        }
        Files.createDirectories(prefix);
        String out = run(
                List.of(
                        "npm",
                        "install",
                        "--prefix",
                        prefix.toString(),
                        "--no-audit",
                        "--no-fund",
                        "--no-save",
                        "--loglevel=error",
                        PACKAGE + "@" + VERSION),
                180,
                "npm (needed to install the peer runtime)");
        if (!Files.isRegularFile(manifest)) {
            throw new AssertionError("npm install of " + PACKAGE + "@" + VERSION + " into " + prefix + " left no "
                    + manifest + "; npm said:\n" + out);
        }
        return prefix;
    }

    /** Runs the driver over {@code casesJson}; returns its output lines, one per case. */
    static List<String> drive(Path prefix, String casesJson) throws IOException, InterruptedException {
        Path input = prefix.resolve("cases.json");
        Files.writeString(input, casesJson, StandardCharsets.UTF_8);
        String out = run(
                List.of("node", driver().toString(), prefix.toString(), input.toString()),
                60,
                "node (Node.js 20+, needed to run the peer runtime)");
        return out.lines().toList();
    }

    /**
     * Runs {@code node script args...}, failing the test (with its output) if it does not exit 0 within
     * {@code timeoutSeconds}; returns its standard output.
     */
    public static String node(Path script, List<String> args, int timeoutSeconds)
            throws IOException, InterruptedException {
        Peers.require("node");
        List<String> command = new java.util.ArrayList<>(List.of("node", script.toString()));
        command.addAll(args);
        return run(command, timeoutSeconds, "node (Node.js 20+, needed to run the peer runtime)");
    }

    private static Path driver() {
        try {
            return Path.of(
                    NodePeer.class.getResource("/peer/zap-peer-driver.mjs").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String run(List<String> command, int timeoutSeconds, String what)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("zap-peer", ".out");
        Path err = Files.createTempFile("zap-peer", ".err");
        try {
            Process p;
            try {
                p = new ProcessBuilder(command)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
            } catch (IOException e) {
                throw new AssertionError(
                        "cannot start " + what + ": " + e.getMessage()
                                + ". Install Node.js with npm on PATH (./test does where it can).",
                        e);
            }
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " exited with " + p.exitValue() + ":\n"
                        + Files.readString(err) + Files.readString(out));
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
