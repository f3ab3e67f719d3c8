package dev.zapline.transport.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Serves {@code GET /metrics} on its own address with the JDK's HTTP server, on one daemon thread: each scrape
 * makes a fresh {@link Exposition}, lets the writer fill it, and answers it as {@link Exposition#CONTENT_TYPE}.
 * Any other path is 404, any other method 405. A command may add a POST path ({@link #post}, {@code zapline load
 * --control http}). The scrape thread is the only one that aggregates, so whatever the
 * writer reads (per-loop cells, a reporter's last interval) is read off the hot path.
 *
 * {@snippet class=dev.zapline.transport.snippets.MetricsSnippets region=endpoint}
 *
 * <p>Thread-safe; {@link #close()} is idempotent.
 */
public final class MetricsEndpoint implements AutoCloseable {

    /** The largest POST body taken, bytes; a longer one is answered 413 unread. */
    public static final int MAX_POST_BODY = 64 * 1024;

    /** How much of a refused body is read and dropped before the refusal (see {@link #drain}). */
    private static final long DRAIN_LIMIT = 1 << 20;

    /** What a POST path answers: its status, content type and body. */
    public record Reply(int status, String contentType, String body) {}

    /** Answers a POST path's body, read whole and decoded as UTF-8; may throw (then 500). */
    @FunctionalInterface
    public interface PostHandler {
        Reply handle(String body);
    }

    /** A POST path's handler and whether it takes peers other than loopback. */
    private record Route(PostHandler handler, boolean remote) {}

    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final HttpServer server;
    private final ExecutorService executor;
    private final Consumer<Exposition> writer;

    private MetricsEndpoint(HttpServer server, ExecutorService executor, Consumer<Exposition> writer) {
        this.server = server;
        this.executor = executor;
        this.writer = writer;
    }

    /**
     * Binds {@code hostPort} ({@code 127.0.0.1:9100}, {@code [::1]:9100}, port 0 for an ephemeral one) and starts
     * serving.
     *
     * @throws IllegalArgumentException for an address that is not {@code host:port}
     * @throws IllegalStateException when it cannot be bound
     */
    public static MetricsEndpoint start(String hostPort, Consumer<Exposition> writer) {
        InetSocketAddress address = parse(hostPort);
        HttpServer server;
        try {
            server = HttpServer.create(address, 16);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve metrics on " + hostPort + ": " + e.getMessage(), e);
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "zapline-metrics");
            t.setDaemon(true);
            return t;
        });
        MetricsEndpoint endpoint = new MetricsEndpoint(server, executor, writer);
        server.createContext("/", endpoint::handle);
        server.setExecutor(executor);
        server.start();
        return endpoint;
    }

    /** {@code host:port} as a socket address (IPv6 hosts in brackets); the host is resolved now. */
    public static InetSocketAddress parse(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException("metrics address '" + hostPort + "' is not host:port");
        }
        String host = hostPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("metrics address '" + hostPort + "': port is not a number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("metrics address '" + hostPort + "': port " + port + " not in 0..65535");
        }
        return new InetSocketAddress(host, port);
    }

    /**
     * Serves {@code POST path} (not {@code /metrics}) with {@code handler} from now on: other methods 405, a peer
     * that is not loopback 403 unless {@code remote}, a body over {@link #MAX_POST_BODY} bytes 413, one that is not
     * UTF-8 400, a handler that throws 500.
     */
    public MetricsEndpoint post(String path, PostHandler handler, boolean remote) {
        if (path.equals("/metrics")) {
            throw new IllegalArgumentException("/metrics is the scrape's");
        }
        routes.put(path, new Route(handler, remote));
        return this;
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            Route route = routes.get(x.getRequestURI().getPath());
            if (route != null) {
                post(x, route);
                return;
            }
            if (!x.getRequestURI().getPath().equals("/metrics")) {
                reply(x, 404, "text/plain; charset=utf-8", "metrics are at /metrics\n");
                return;
            }
            String method = x.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                x.getResponseHeaders().set("Allow", "GET, HEAD");
                reply(x, 405, "text/plain; charset=utf-8", "GET or HEAD\n");
                return;
            }
            String text;
            try {
                text = text();
            } catch (RuntimeException e) {
                reply(x, 500, "text/plain; charset=utf-8", "metrics failed: " + e + "\n");
                return;
            }
            reply(x, 200, Exposition.CONTENT_TYPE, text);
        }
    }

    private static void post(HttpExchange x, Route route) throws IOException {
        String plain = "text/plain; charset=utf-8";
        if (!x.getRequestMethod().equals("POST")) {
            x.getResponseHeaders().set("Allow", "POST");
            reply(x, 405, plain, "POST\n");
            return;
        }
        if (!route.remote() && !x.getRemoteAddress().getAddress().isLoopbackAddress()) {
            reply(x, 403, plain, "only from loopback (zapline load --control http-remote takes any peer)\n");
            return;
        }
        if (tooLong(x.getRequestHeaders().getFirst("Content-Length"))) {
            drain(x);
            reply(x, 413, plain, "the body is over " + MAX_POST_BODY + " bytes\n");
            return;
        }
        byte[] body = x.getRequestBody().readNBytes(MAX_POST_BODY + 1);
        if (body.length > MAX_POST_BODY) {
            drain(x);
            reply(x, 413, plain, "the body is over " + MAX_POST_BODY + " bytes\n");
            return;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            reply(x, 400, plain, "the body is not UTF-8\n");
            return;
        }
        Reply r;
        try {
            r = route.handler().handle(text);
        } catch (RuntimeException e) {
            reply(x, 500, plain, "failed: " + e + "\n");
            return;
        }
        reply(x, r.status(), r.contentType(), r.body());
    }

    /**
     * Reads and drops what is left of the request's body, up to {@link #DRAIN_LIMIT} bytes, before a refusal: a reply
     * sent while the client still writes would close the connection under it (the client sees a reset, not the
     * status). A body longer than that is cut off by the close.
     */
    private static void drain(HttpExchange x) throws IOException {
        InputStream in = x.getRequestBody();
        byte[] sink = new byte[8192];
        long left = DRAIN_LIMIT;
        for (int n = in.read(sink); n > 0 && (left -= n) > 0; n = in.read(sink)) {
            // dropped
        }
    }

    /** Whether a Content-Length header says more than {@link #MAX_POST_BODY} (any other value: the body tells). */
    private static boolean tooLong(String length) {
        try {
            return length != null && Long.parseLong(length.trim()) > MAX_POST_BODY;
        } catch (NumberFormatException e) {
            return length.trim().matches("[0-9]{19,}");
        }
    }

    /** The exposition a scrape would get now. */
    public String text() {
        Exposition e = new Exposition();
        writer.accept(e);
        return e.toString();
    }

    private static void reply(HttpExchange x, int status, String type, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", type);
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(status, head ? -1 : b.length);
        if (!head) {
            try (OutputStream out = x.getResponseBody()) {
                out.write(b);
            }
        }
    }

    /** The address bound (the ephemeral port resolved). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Stops serving and releases the port. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
