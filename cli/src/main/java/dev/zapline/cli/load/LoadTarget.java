package dev.zapline.cli.load;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapFrame;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.ZapRequest;
import dev.zapline.load.engine.Client;
import dev.zapline.load.engine.Http2LoadClient;
import dev.zapline.load.engine.HttpLoadClient;
import dev.zapline.load.engine.ZapLoadClient;
import dev.zapline.transport.ClientTls;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The URL of {@code zapline load}: {@code http://host[:port]/path?query} (HTTP/1.1), {@code https://host[:port]/path}
 * (HTTP/1.1 over TLS, port 443 by default), {@code h2c://host[:port]/path} (HTTP/2 with prior knowledge, as
 * {@code http://} with {@code --http2}), {@code zap://host:port/path} (zaphttp over TCP), {@code
 * zaps://host:port/path} (zaphttp over TLS), or {@code zap:///path/to.sock?path=/target} (zaphttp over a unix
 * socket; the request target is the {@code path} query parameter, {@code /} by default).
 *
 * @param zap whether the target speaks ZAP
 * @param tls whether the target speaks TLS ({@code https}, {@code zaps})
 * @param host host (null for a unix socket)
 * @param port port (-1 for a unix socket)
 * @param socket unix socket path, or null
 * @param target the request target: path and query
 * @param h2c whether the URL is {@code h2c://} (HTTP/2 whatever the flags say)
 */
public record LoadTarget(
        String url, boolean zap, boolean tls, String host, int port, String socket, String target, boolean h2c) {

    /** A target whose scheme does not ask for HTTP/2. */
    public LoadTarget(String url, boolean zap, boolean tls, String host, int port, String socket, String target) {
        this(url, zap, tls, host, port, socket, target, false);
    }

    private static final String FORMS = "use http://host:port/path, https://host[:port]/path, h2c://host:port/path, "
            + "zap://host:port/path, "
            + "zaps://host:port/path, zap:///path/to.sock?path=/target or zaprpc://host:port/METHOD";

    /** @throws IllegalArgumentException naming what is wrong */
    public static LoadTarget parse(String url) {
        URI u;
        try {
            u = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("URL '" + url + "': " + e.getMessage());
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(java.util.Locale.ROOT);
        String target = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        switch (scheme) {
            case "http", "https" -> {
                requireHost(url, u);
                boolean tls = scheme.equals("https");
                int port = u.getPort() >= 0 ? u.getPort() : tls ? 443 : 80;
                return new LoadTarget(url, false, tls, u.getHost(), port, null, target);
            }
            case "h2c" -> {
                requireHost(url, u);
                return new LoadTarget(
                        url, false, false, u.getHost(), u.getPort() >= 0 ? u.getPort() : 80, null, target, true);
            }
            case "zaps" -> {
                if (u.getHost() == null || u.getPort() < 0) {
                    throw new IllegalArgumentException("URL '" + url + "': zaps:// needs host:port (TLS runs over TCP "
                            + "only, not a unix socket)");
                }
                return new LoadTarget(url, true, true, u.getHost(), u.getPort(), null, target);
            }
            case "zap" -> {
                if (u.getHost() == null
                        && (u.getAuthority() == null || u.getAuthority().isEmpty())) {
                    String socket = u.getPath();
                    if (socket == null || socket.isEmpty()) {
                        throw new IllegalArgumentException(
                                "URL '" + url + "': zap:///path/to.sock?path=/x needs a " + "socket path");
                    }
                    String t = "/";
                    if (u.getRawQuery() != null) {
                        for (String kv : u.getRawQuery().split("&")) {
                            if (kv.startsWith("path=")) {
                                t = java.net.URLDecoder.decode(
                                        kv.substring(5), java.nio.charset.StandardCharsets.UTF_8);
                            }
                        }
                    }
                    return new LoadTarget(url, true, false, null, -1, socket, t);
                }
                requireHost(url, u);
                if (u.getPort() < 0) {
                    throw new IllegalArgumentException("URL '" + url + "': zap:// needs a port");
                }
                return new LoadTarget(url, true, false, u.getHost(), u.getPort(), null, target);
            }
            case "zaprpc" ->
                throw new IllegalArgumentException("URL '" + url + "': a zaprpc:// run calls one method "
                        + "with one payload, given as the URL (not in --targets)");
            default -> throw new IllegalArgumentException("URL '" + url + "': " + FORMS);
        }
    }

    private static void requireHost(String url, URI u) {
        if (u.getHost() == null) {
            throw new IllegalArgumentException("URL '" + url + "' has no host");
        }
    }

    /** One request of a run: method, request target (path and query), headers and body. */
    public record Request(String method, String target, List<Map.Entry<String, String>> headers, byte[] body) {}

    /** The plaintext client sending {@code method} to this URL's target with these headers and body, encoded once. */
    public Client client(ZapLoops loops, String method, List<Map.Entry<String, String>> headers, byte[] body) {
        return client(loops, method, headers, body, null);
    }

    /** The client sending {@code method} to this URL's target with these headers and body, encoded once. */
    public Client client(
            ZapLoops loops, String method, List<Map.Entry<String, String>> headers, byte[] body, ClientTls tlsConfig) {
        return client(loops, List.of(new Request(method, target, headers, body)), tlsConfig);
    }

    /** {@link #client(ZapLoops, List, ClientTls)} for a plaintext target. */
    public Client client(ZapLoops loops, List<Request> requests) {
        return client(loops, requests, null);
    }

    /**
     * The client sending {@code requests} round robin, each encoded once, on connections to this URL's host and port
     * (the requests' own targets may differ from this URL's); {@code tlsConfig} is the TLS of an {@code https} or
     * {@code zaps} target and null for the others.
     *
     * @throws IllegalArgumentException when {@code tlsConfig} is missing for a TLS target or given for another
     */
    public Client client(ZapLoops loops, List<Request> requests, ClientTls tlsConfig) {
        if (tls != (tlsConfig != null)) {
            throw new IllegalArgumentException(url + (tls ? " needs a TLS configuration" : " is not a TLS target"));
        }
        String more = requests.size() == 1 ? "" : " and " + (requests.size() - 1) + " more";
        if (zap) {
            List<ZapFrame> frames = new ArrayList<>();
            for (Request q : requests) {
                frames.add(zapRequest(q).encode());
            }
            ZapAddress a = socket != null ? ZapAddress.unix(socket) : ZapAddress.tcp(host, port);
            return new ZapLoadClient(loops, a, frames, requests.get(0).target() + more, tlsConfig);
        }
        String hostPort = (host.contains(":") ? "[" + host + "]" : host) + (port == (tls ? 443 : 80) ? "" : ":" + port);
        List<byte[]> encoded = new ArrayList<>();
        for (Request q : requests) {
            encoded.add(HttpLoadClient.encode(q.method(), hostPort, q.target(), q.headers(), q.body()));
        }
        return new HttpLoadClient(loops, host, port, encoded, url + more, tlsConfig);
    }

    /**
     * The HTTP/2 client sending {@code requests} round robin on connections to this URL's host and port, at most
     * {@code streams} at once on each: h2c with prior knowledge for a plaintext target, h2 by ALPN over TLS
     * ({@code tlsConfig} should offer it).
     *
     * @throws IllegalArgumentException for a ZAP target, or when {@code tlsConfig} does not match the target
     */
    public Client http2Client(ZapLoops loops, List<Request> requests, ClientTls tlsConfig, int streams) {
        if (zap) {
            throw new IllegalArgumentException(url + " speaks ZAP, not HTTP/2");
        }
        if (tls != (tlsConfig != null)) {
            throw new IllegalArgumentException(url + (tls ? " needs a TLS configuration" : " is not a TLS target"));
        }
        List<Http2LoadClient.Request> h2 = new ArrayList<>();
        for (Request q : requests) {
            h2.add(new Http2LoadClient.Request(q.method(), q.target(), q.headers(), q.body()));
        }
        String more = requests.size() == 1 ? "" : " and " + (requests.size() - 1) + " more";
        return new Http2LoadClient(loops, host, port, h2, url + more, tlsConfig, streams);
    }

    private ZapRequest zapRequest(Request q) {
        ZapRequest r = ZapRequest.of(q.method(), q.target());
        boolean hasHost = false;
        for (Map.Entry<String, String> h : q.headers()) {
            r = r.header(h.getKey(), h.getValue());
            hasHost |= h.getKey().equalsIgnoreCase("host");
        }
        if (!hasHost && host != null) {
            r = r.header("Host", this.host + ":" + port);
        }
        if (q.body().length > 0) {
            r = r.body(q.body());
        }
        return r;
    }
}
