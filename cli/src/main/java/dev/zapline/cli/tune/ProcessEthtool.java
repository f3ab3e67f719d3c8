package dev.zapline.cli.tune;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs the {@code ethtool} program found on {@code PATH} (or in {@code /sbin}, {@code /usr/sbin}), with a timeout. */
final class ProcessEthtool implements Ethtool {

    private static final long TIMEOUT_SECONDS = 5;

    private final Path program;

    private ProcessEthtool(Path program) {
        this.program = program;
    }

    /** The real ethtool when it is installed, otherwise {@link Ethtool#NONE}. */
    static Ethtool find() {
        List<String> dirs =
                new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.addAll(List.of("/usr/sbin", "/sbin"));
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "ethtool");
            if (Files.isExecutable(candidate)) {
                return new ProcessEthtool(candidate);
            }
        }
        return Ethtool.NONE;
    }

    @Override
    public boolean present() {
        return true;
    }

    @Override
    public Optional<Channels> channels(String iface) {
        return query("-l", iface).flatMap(EthtoolOutput::channels);
    }

    @Override
    public Optional<Rings> rings(String iface) {
        return query("-g", iface).flatMap(EthtoolOutput::rings);
    }

    @Override
    public Map<String, Feature> features(String iface) {
        return query("-k", iface).map(EthtoolOutput::features).orElse(Map.of());
    }

    @Override
    public void setRing(String iface, String which, int size) throws IOException {
        run("-G", iface, which, Integer.toString(size));
    }

    @Override
    public void setFeature(String iface, String shortName, boolean on) throws IOException {
        run("-K", iface, shortName, on ? "on" : "off");
    }

    private Optional<String> query(String flag, String iface) {
        try {
            return Optional.of(run(flag, iface));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private String run(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (InputStream in = process.getInputStream()) {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(
                        "ethtool " + String.join(" ", args) + " timed out after " + TIMEOUT_SECONDS + " s");
            }
            String output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException("ethtool " + String.join(" ", args) + " failed (exit " + process.exitValue()
                        + "): " + output.strip());
            }
            return output;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while running ethtool", e);
        }
    }
}
