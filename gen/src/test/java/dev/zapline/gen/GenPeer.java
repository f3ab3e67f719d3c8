package dev.zapline.gen;

import dev.zapline.wire.peer.NodePeer;
import dev.zapline.wire.peer.Peers;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The peer compiler: the npm package {@code @zap-proto/zap@1.6.0} (its {@code zapgen} and runtime) and
 * {@code typescript@5.9.3} (to strip the types of what zapgen emits), installed by npm into {@code target/gen-peer}
 * on first use (never committed); then {@code gen-peer/zapgen-driver.mjs} builds and reads messages with the
 * emitted TypeScript. Missing node or npm fail the test: a conformance check must not silently skip.
 */
final class GenPeer {

    static final String ZAP = "@zap-proto/zap@1.6.0";
    static final String TYPESCRIPT = "typescript@5.9.3";

    private GenPeer() {}

    static Path install() throws IOException, InterruptedException {
        Peers.require("node", "npm");
        Path prefix = Path.of("target", "gen-peer").toAbsolutePath();
        Path zap = prefix.resolve("node_modules/@zap-proto/zap/package.json");
        Path ts = prefix.resolve("node_modules/typescript/package.json");
        if (has(zap, "1.6.0") && has(ts, "5.9.3")) {
            return prefix;
        }
        Files.createDirectories(prefix);
        List<String> command = List.of(
                "npm",
                "install",
                "--prefix",
                prefix.toString(),
                "--no-audit",
                "--no-fund",
                "--no-save",
                "--loglevel=error",
                ZAP,
                TYPESCRIPT);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("npm install did not finish in 300 s");
        }
        if (p.exitValue() != 0 || !has(zap, "1.6.0") || !has(ts, "5.9.3")) {
            throw new AssertionError(
                    "npm install " + ZAP + " " + TYPESCRIPT + " failed (" + p.exitValue() + "):\n" + out);
        }
        return prefix;
    }

    private static boolean has(Path manifest, String version) throws IOException {
        return Files.isRegularFile(manifest) && Files.readString(manifest).contains("\"version\": \"" + version + "\"");
    }

    /** Runs the package's zapgen on {@code schema} into {@code out}; returns the emitted TypeScript file. */
    static Path zapgen(Path prefix, Path schema, Path out) throws IOException, InterruptedException {
        Path bin = prefix.resolve("node_modules/@zap-proto/zap/dist/bin/zapgen.mjs");
        NodePeer.node(bin, List.of("-out", out.toString(), schema.toString()), 60);
        String base = schema.getFileName().toString().replaceFirst("\\.zap$", "");
        return out.resolve(base + "_zap.ts");
    }

    /** Runs the driver over {@code casesJson} with the emitted {@code generatedTs}; returns its lines. */
    static List<String> drive(Path prefix, Path generatedTs, Path casesJson) throws IOException, InterruptedException {
        return NodePeer.node(driver(), List.of(prefix.toString(), generatedTs.toString(), casesJson.toString()), 120)
                .lines()
                .toList();
    }

    private static Path driver() {
        try {
            return Path.of(
                    GenPeer.class.getResource("/gen-peer/zapgen-driver.mjs").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
