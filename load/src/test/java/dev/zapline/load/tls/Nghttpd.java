package dev.zapline.load.tls;

import dev.zapline.wire.peer.Peers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * nghttpd (Debian's {@code nghttp2-server}) serving a directory on an ephemeral port, h2c or TLS: an HTTP/2 server
 * that is not ours. Tests using it are skipped where it is not installed.
 */
public final class Nghttpd implements AutoCloseable {

    private final Process process;
    private final int port;

    private Nghttpd(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Serves {@code dir}; TLS with the PEM files {@code key} and {@code cert} unless they are null. */
    public static Nghttpd start(Path dir, Path key, Path cert, String... extra)
            throws IOException, InterruptedException {
        Peers.require("nghttpd");
        String bin = Peers.path("nghttpd").toString();
        for (int attempt = 0; ; attempt++) {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            List<String> cmd = new ArrayList<>(List.of(bin, "-d", dir.toString()));
            cmd.addAll(List.of(extra));
            if (key == null) {
                cmd.add("--no-tls");
                cmd.add(Integer.toString(port));
            } else {
                cmd.addAll(List.of(Integer.toString(port), key.toString(), cert.toString()));
            }
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            // a process starting on a loaded machine: only a hang takes 30 s
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < deadline && p.isAlive()) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    return new Nghttpd(p, port);
                } catch (IOException notYet) {
                    Thread.sleep(20);
                }
            }
            p.destroyForcibly();
            if (attempt == 2) {
                throw new IllegalStateException("nghttpd did not start listening on port " + port);
            }
        }
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
