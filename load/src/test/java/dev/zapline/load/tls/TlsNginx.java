package dev.zapline.load.tls;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nginx with TLS as an independent peer for the loader's tests: one worker, in the foreground, {@code listen
 * 127.0.0.1:PORT ssl} with TLS 1.3 only and the given certificate, {@code return 200 "ok"} for every request, all its
 * files in a directory of the test's. The same shape as the bench's nginx arm ({@code NginxServer} in the cli
 * module, plaintext only, and not reachable from here), with TLS.
 */
public final class TlsNginx implements AutoCloseable {

    private final Process process;
    private final Path dir;
    private final int port;

    private TlsNginx(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** The nginx on the PATH, or null when it is not installed. */
    public static Path installed() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d.isEmpty() ? "." : d, "nginx");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        for (String d : List.of("/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin")) {
            Path p = Path.of(d, "nginx");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Starts {@code nginx} serving {@code cert} in {@code dir}; waits up to 10 s for its port. */
    public static TlsNginx start(Path nginx, Path dir, TestCerts.Issued cert) throws IOException, InterruptedException {
        int port = freePort();
        Path conf = dir.resolve("nginx.conf");
        Files.writeString(conf, config(port, dir, cert), StandardCharsets.US_ASCII);
        Process p = new ProcessBuilder(
                        nginx.toString(),
                        "-p",
                        dir.toString(),
                        "-c",
                        conf.toString(),
                        "-e",
                        dir.resolve("error.log").toString(),
                        "-g",
                        "daemon off;")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.log").toFile())
                .start();
        TlsNginx n = new TlsNginx(p, dir, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!n.accepts()) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                n.close();
                throw new IllegalStateException("nginx " + (p.isAlive() ? "did not open port " + port : "exited") + ": "
                        + Files.readString(dir.resolve("out.log")) + log(dir.resolve("error.log")));
            }
            Thread.sleep(20);
        }
        return n;
    }

    static String config(int port, Path dir, TestCerts.Issued cert) {
        return String.join(
                "\n",
                "worker_processes 1;",
                "pid " + dir.resolve("nginx.pid") + ";",
                "error_log " + dir.resolve("error.log") + " warn;",
                "events { worker_connections 1024; }",
                "http {",
                "  access_log off;",
                "  keepalive_requests 1000000;",
                "  client_body_temp_path " + dir.resolve("body") + ";",
                "  proxy_temp_path " + dir.resolve("proxy") + ";",
                "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";",
                "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";",
                "  scgi_temp_path " + dir.resolve("scgi") + ";",
                "  server {",
                "    listen 127.0.0.1:" + port + " ssl;",
                "    ssl_certificate " + cert.certFile() + ";",
                "    ssl_certificate_key " + cert.keyFile() + ";",
                "    ssl_protocols TLSv1.3;",
                "    location / {",
                "      default_type text/plain;",
                "      return 200 \"ok\";",
                "    }",
                "  }",
                "}",
                "");
    }

    public int port() {
        return port;
    }

    private boolean accepts() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String log(Path f) throws IOException {
        return Files.exists(f) ? " " + Files.readString(f) : "";
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    /** SIGTERM, then SIGKILL for the master and its worker. */
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
    }
}
