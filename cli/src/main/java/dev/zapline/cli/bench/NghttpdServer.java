package dev.zapline.cli.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nghttpd, the server of nghttp2 (Debian's {@code nghttp2-server}), as the independent HTTP/2 arm: h2c with prior
 * knowledge ({@code --no-tls}), one worker, serving {@code /health} as a 2-byte file {@code ok} from a temporary
 * directory. Its counters are its CPU time only; it has no collector to report.
 */
final class NghttpdServer implements BenchServer {

    private final Process process;
    private final Path dir;
    private final int port;

    private NghttpdServer(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** The nghttpd on the PATH or in {@code /usr/sbin} (where Debian puts it, often not on a user's PATH), or null. */
    static String installed() {
        String p = Pinning.onPath("nghttpd");
        if (p != null) {
            return p;
        }
        Path f = Path.of("/usr/sbin/nghttpd");
        return Files.isRegularFile(f) && Files.isExecutable(f) ? f.toString() : null;
    }

    /**
     * Starts {@code nghttpd} (behind {@code prefix}, e.g. taskset) and waits up to {@code readyMillis} for its port.
     *
     * @throws BenchException when it exits or does not open its port in time (with the end of its log)
     */
    static NghttpdServer start(String nghttpd, List<String> prefix, long readyMillis) throws IOException {
        Path dir = Files.createTempDirectory("zapline-bench-nghttpd");
        Path docs = Files.createDirectory(dir.resolve("htdocs"));
        Files.writeString(docs.resolve("health"), "ok", StandardCharsets.US_ASCII);
        int port = NginxServer.freePort();
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(nghttpd, "--no-tls", "--workers=1", "--htdocs=" + docs, Integer.toString(port)));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.log").toFile())
                .start();
        NghttpdServer server = new NghttpdServer(p, dir, port);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(readyMillis);
        while (!NginxServer.accepts(port)) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                String why = p.isAlive() ? "did not open port " + port + " within " + readyMillis + " ms" : "exited";
                String tail = server.tail();
                server.close();
                throw new BenchException("nghttpd " + why + tail);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                server.close();
                throw new BenchException("interrupted while waiting for nghttpd");
            }
        }
        return server;
    }

    @Override
    public int httpPort() {
        return port;
    }

    @Override
    public int zapPort() {
        return 0;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public boolean jvm() {
        return false;
    }

    /** Its CPU time; no collections, no allocation figure (-1). */
    @Override
    public ServerStats stats(long millis) {
        if (!process.isAlive()) {
            throw new BenchException("server nghttpd exited" + tail());
        }
        return new ServerStats(0, 0, -1, NginxServer.ticks(process.pid()) * NginxServer.NANOS_PER_TICK);
    }

    private String tail() {
        try {
            Path log = dir.resolve("out.log");
            String all = Files.exists(log) ? Files.readString(log).strip().replace('\n', ' ') : "";
            return all.isEmpty() ? "" : "; it said: " + all.substring(Math.max(0, all.length() - 300));
        } catch (IOException e) {
            return "";
        }
    }

    /** SIGTERM, then SIGKILL; removes its directory. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        NginxServer.deleteTree(dir);
    }
}
