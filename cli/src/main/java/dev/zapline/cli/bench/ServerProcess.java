package dev.zapline.cli.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The harness's handle on one {@link ServerChild}: starts it, waits for its ports, asks it for its
 * {@link ServerStats}, and stops it. Every wait is bounded; a child that dies or goes silent becomes a
 * {@link BenchException} carrying its exit status and the end of its standard error, never a hang. Not
 * thread-safe, except {@link #close()}, which may race with a pending {@link #stats()}.
 */
final class ServerProcess implements BenchServer {

    private static final String EOF = "\u0000eof";

    private final String name;
    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final OutputStream stdin;
    private final int httpPort;
    private final int zapPort;
    private final int httpsPort;
    private final int zapsPort;
    private final int rpcPort;

    private ServerProcess(String name, List<String> command, long readyMillis) throws IOException {
        this.name = name;
        this.stderr = Files.createTempFile("zapline-bench-server", ".log");
        this.process =
                new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        this.stdin = process.getOutputStream();
        Thread reader = new Thread(this::readLines, "zapline-bench-" + name);
        reader.setDaemon(true);
        reader.start();
        String ready;
        try {
            ready = next(readyMillis);
        } catch (BenchException e) {
            close();
            throw e;
        }
        String[] f = ready.split(" ");
        if (f.length != 6 || !f[0].equals("ready")) {
            close();
            throw new BenchException("server " + name + " said '" + ready + "' instead of its ports");
        }
        httpPort = Integer.parseInt(f[1]);
        zapPort = Integer.parseInt(f[2]);
        httpsPort = Integer.parseInt(f[3]);
        zapsPort = Integer.parseInt(f[4]);
        rpcPort = Integer.parseInt(f[5]);
    }

    /** Starts {@code command} and waits up to {@code readyMillis} for its ports. */
    static ServerProcess start(String name, List<String> command, long readyMillis) throws IOException {
        return new ServerProcess(name, command, readyMillis);
    }

    @Override
    public int httpPort() {
        return httpPort;
    }

    @Override
    public int zapPort() {
        return zapPort;
    }

    @Override
    public int httpsPort() {
        return httpsPort;
    }

    @Override
    public int zapsPort() {
        return zapsPort;
    }

    @Override
    public int rpcPort() {
        return rpcPort;
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
        return true;
    }

    /** The server's counters now; waits at most {@code millis}. */
    @Override
    public ServerStats stats(long millis) {
        try {
            stdin.write("stats\n".getBytes(StandardCharsets.US_ASCII));
            stdin.flush();
        } catch (IOException e) {
            throw died("did not take the stats request (" + e.getMessage() + ")");
        }
        String line = next(millis);
        try {
            return ServerStats.parse(line);
        } catch (IllegalArgumentException e) {
            throw new BenchException("server " + name + ": " + e.getMessage());
        }
    }

    private String next(long millis) {
        String line;
        try {
            line = lines.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while waiting for server " + name);
        }
        if (line == null) {
            throw process.isAlive()
                    ? new BenchException("server " + name + " did not answer within " + millis + " ms" + tail())
                    : died("exited");
        }
        if (line.equals(EOF)) {
            lines.offer(EOF);
            throw died("exited");
        }
        return line;
    }

    private BenchException died(String what) {
        String status = "";
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                status = " with status " + process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new BenchException("server " + name + " " + what + status + tail());
    }

    private String tail() {
        try {
            List<String> all = Files.readAllLines(stderr, StandardCharsets.UTF_8);
            if (all.isEmpty()) {
                return "";
            }
            List<String> last = new ArrayList<>(all.subList(Math.max(0, all.size() - 5), all.size()));
            return "; its stderr ends: " + String.join(" | ", last);
        } catch (IOException e) {
            return "";
        }
    }

    private void readLines() {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.offer(line);
            }
        } catch (IOException ignored) {
            // the process is gone; EOF below says so
        }
        lines.offer(EOF);
    }

    /** Asks the child to quit, then ends it: waits 3 s, then SIGTERM, then SIGKILL. */
    @Override
    public void close() {
        try {
            stdin.write("quit\n".getBytes(StandardCharsets.US_ASCII));
            stdin.close();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(stderr);
        } catch (IOException ignored) {
            // a temp file
        }
    }
}
