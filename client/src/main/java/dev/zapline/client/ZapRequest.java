package dev.zapline.client;

import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.ZapBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable zaphttp request: method, target (path and query), headers in order, body.
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=request}
 *
 * <p>Each {@code header}/{@code body} call returns a new request. Thread-safe; {@link #encode()} caches its frame.
 */
public final class ZapRequest {

    private static final byte[] EMPTY = new byte[0];

    private final String method;
    private final String target;
    private final List<ZapHeader> headers;
    private final byte[] body;
    private volatile ZapFrame frame;

    private ZapRequest(String method, String target, List<ZapHeader> headers, byte[] body) {
        if (method.isEmpty()) {
            throw new IllegalArgumentException("empty method");
        }
        if (!target.startsWith("/")) {
            throw new IllegalArgumentException("target '" + target + "' must be an absolute path starting with '/'");
        }
        this.method = method;
        this.target = target;
        this.headers = headers;
        this.body = body;
    }

    /** A request with no headers and no body. */
    public static ZapRequest of(String method, String target) {
        return new ZapRequest(
                Objects.requireNonNull(method, "method"), Objects.requireNonNull(target, "target"), List.of(), EMPTY);
    }

    public static ZapRequest get(String target) {
        return of("GET", target);
    }

    public static ZapRequest post(String target, byte[] body) {
        return of("POST", target).body(body);
    }

    /** A copy with one more header pair. */
    public ZapRequest header(String name, String value) {
        List<ZapHeader> h = new ArrayList<>(headers.size() + 1);
        h.addAll(headers);
        h.add(new ZapHeader(name, value));
        return new ZapRequest(method, target, List.copyOf(h), body);
    }

    /** A copy with this body (copied). */
    public ZapRequest body(byte[] body) {
        return new ZapRequest(method, target, headers, body.clone());
    }

    /** A copy with this body, encoded as UTF-8. */
    public ZapRequest body(String body) {
        return new ZapRequest(method, target, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    public String method() {
        return method;
    }

    public String target() {
        return target;
    }

    public List<ZapHeader> headers() {
        return headers;
    }

    /** A copy of the body. */
    public byte[] body() {
        return body.clone();
    }

    /** The request as a frame ready to send; encoded on the first call, then the same instance. */
    public ZapFrame encode() {
        ZapFrame f = frame;
        if (f == null) {
            HeaderBlockWriter h = new HeaderBlockWriter();
            for (ZapHeader p : headers) {
                h.add(p.name(), p.value());
            }
            ZapBuilder b = new ZapBuilder(64 + target.length() + body.length);
            // An empty proto lets the reader apply the default, ZAP-HTTP/1.0, and saves its bytes.
            ZapHttpWriter.request(b, method, target, "", h, body, 0, body.length, null);
            f = ZapFrame.of(b);
            frame = f;
        }
        return f;
    }

    @Override
    public String toString() {
        return method + " " + target + " (" + headers.size() + " headers, " + body.length + " body bytes)";
    }
}
