package dev.zapline.cli.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * nginx as a bench arm and a test peer: one worker, in the foreground, answering any GET with 200 {@code ok} on a
 * loopback port, with the configuration {@code bench/lib.sh} ({@code nginx_conf}) writes, all its files in a
 * temporary directory; with {@link Tls} also on a second port over TLS 1.3 (Debian's OpenSSL: classical groups only).
 * Its counters are only its CPU time (master and worker, from {@code /proc}); it has no collector to report.
 */
public final class NginxServer implements BenchServer {

    /** Linux reports process times in USER_HZ ticks, 100 a second on every mainstream kernel. */
    static final long NANOS_PER_TICK = 10_000_000L;

    /** The certificate chain and key (PEM files) of the TLS port. */
    public record Tls(Path cert, Path key) {}

    private final Process process;
    private final Path dir;
    private final int port;
    private final int tlsPort;

    private NginxServer(Process process, Path dir, int port, int tlsPort) {
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.tlsPort = tlsPort;
    }

    /** The nginx on the PATH or in the usual sbin directories (often not on a user's PATH), or null. */
    public static String installed() {
        String p = Pinning.onPath("nginx");
        if (p != null) {
            return p;
        }
        for (String d : List.of("/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin")) {
            Path f = Path.of(d, "nginx");
            if (Files.isRegularFile(f) && Files.isExecutable(f)) {
                return f.toString();
            }
        }
        return null;
    }

    /** Starts {@code nginx} (behind {@code prefix}, e.g. taskset) and waits up to {@code readyMillis} for its port. */
    static NginxServer start(String nginx, List<String> prefix, long readyMillis) throws IOException {
        return start(nginx, prefix, readyMillis, null);
    }

    /**
     * Starts {@code nginx} (behind {@code prefix}, e.g. taskset), also serving TLS when {@code tls} is not null, and
     * waits up to {@code readyMillis} for its ports.
     *
     * @throws BenchException when it exits or does not open its ports in time (with the end of its logs)
     */
    public static NginxServer start(String nginx, List<String> prefix, long readyMillis, Tls tls) throws IOException {
        Path dir = Files.createTempDirectory("zapline-bench-nginx");
        int port = freePort();
        int tlsPort = tls == null ? 0 : freePort();
        Files.writeString(dir.resolve("nginx.conf"), config(port, dir, tlsPort, tls), StandardCharsets.US_ASCII);
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                nginx,
                "-p",
                dir.toString(),
                "-c",
                dir.resolve("nginx.conf").toString(),
                "-e",
                dir.resolve("error.log").toString()));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.log").toFile())
                .start();
        NginxServer server = new NginxServer(p, dir, port, tlsPort);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(readyMillis);
        while (!accepts(port) || (tlsPort != 0 && !accepts(tlsPort))) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                String why = p.isAlive() ? "did not open port " + port + " within " + readyMillis + " ms" : "exited";
                String tail = server.tail();
                server.close();
                throw new BenchException("nginx " + why + tail);
            }
            sleepMillis(20);
        }
        return server;
    }

    /** The plaintext configuration: {@code bench/lib.sh}'s {@code nginx_conf}, line for line. */
    static String config(int port, Path dir) {
        return config(port, dir, 0, null);
    }

    /**
     * {@link #config(int, Path)}, with {@code tls}: a second {@code listen} on {@code tlsPort} with {@code ssl},
     * TLS 1.3 only, that certificate, and nginx's default groups (its OpenSSL's: X25519 first). The same as
     * {@code bench/run-tls.sh} writes.
     */
    static String config(int port, Path dir, int tlsPort, Tls tls) {
        String ssl = tls == null
                ? ""
                : String.join(
                        "\n",
                        "    listen 127.0.0.1:" + tlsPort + " ssl;",
                        "    ssl_certificate " + tls.cert() + ";",
                        "    ssl_certificate_key " + tls.key() + ";",
                        "    ssl_protocols TLSv1.3;",
                        "");
        return String.join(
                "\n",
                "worker_processes 1;",
                "daemon off;",
                "pid " + dir.resolve("nginx.pid") + ";",
                "error_log " + dir.resolve("error.log") + " warn;",
                "events { worker_connections 4096; }",
                "http {",
                "  access_log off;",
                "  keepalive_requests 1000000000;",
                "  keepalive_timeout 300s;",
                "  client_body_temp_path " + dir.resolve("body") + ";",
                "  proxy_temp_path " + dir.resolve("proxy") + ";",
                "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";",
                "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";",
                "  scgi_temp_path " + dir.resolve("scgi") + ";",
                "  server {",
                "    listen 127.0.0.1:" + port + ";",
                ssl + "    location / {",
                "      default_type text/plain;",
                "      return 200 \"ok\";",
                "    }",
                "  }",
                "}",
                "");
    }

    @Override
    public int httpPort() {
        return port;
    }

    @Override
    public int zapPort() {
        return 0;
    }

    /** The TLS port, or 0 when started without {@link Tls}. */
    @Override
    public int httpsPort() {
        return tlsPort;
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

    /** CPU time of the master and its workers; no collections, no allocation figure (-1). */
    @Override
    public ServerStats stats(long millis) {
        if (!process.isAlive()) {
            throw new BenchException("server nginx exited" + tail());
        }
        long ticks = ticks(process.pid());
        for (ProcessHandle h : process.descendants().toList()) {
            ticks += ticks(h.pid());
        }
        return new ServerStats(0, 0, -1, ticks * NANOS_PER_TICK);
    }

    /** utime + stime of {@code pid}, from {@code /proc/PID/stat} (fields 14 and 15); 0 when it is gone. */
    static long ticks(long pid) {
        try {
            return parseTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The command name may hold spaces and parentheses: the fields are counted from after its last ')'. */
    static long parseTicks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // f[0] is field 3 (state), so utime (14) and stime (15) are f[11] and f[12]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private String tail() {
        try {
            String err = Files.exists(dir.resolve("error.log")) ? Files.readString(dir.resolve("error.log")) : "";
            String out = Files.exists(dir.resolve("out.log")) ? Files.readString(dir.resolve("out.log")) : "";
            String all = (err + out).strip().replace('\n', ' ');
            return all.isEmpty() ? "" : "; it said: " + all.substring(Math.max(0, all.length() - 300));
        } catch (IOException e) {
            return "";
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    private static void sleepMillis(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while waiting for nginx");
        }
    }

    /** SIGTERM (nginx's fast shutdown), then SIGKILL for master and workers; removes its directory. */
    @Override
    public void close() {
        List<ProcessHandle> workers = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle w : workers) {
            w.destroyForcibly();
        }
        deleteTree(dir);
    }

    /** Removes the temporary directory {@code dir} and everything in it, as far as it can. */
    static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException ignored) {
            // a temp directory
        }
    }
}
