package dev.zapline.load.journey;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes one {@link Step}'s HTTP/1.1 request for an {@link Iteration} straight into an outbound buffer: the request
 * line, {@code Host} (unless the step sets one; the port only when it is not the scheme's default), the step's
 * headers in order, {@code Content-Length} when there is a body or the method is POST, PUT or PATCH, then the body.
 * Compiled once per step and event loop: the literal runs are byte arrays, values are copied from the data row, the
 * iteration's arena or {@link Dynamics}; nothing is allocated per request. The body's dynamic values are drawn into
 * a scratch array first, so the length is known before the head is written. Confined to one thread.
 */
public final class RequestWriter {

    private static final byte[] CONTENT_LENGTH = ascii("Content-Length: ");
    private static final byte[] CRLF = ascii("\r\n");

    private final Pieces head;
    private final Pieces body;
    private final boolean alwaysLength;
    private final byte[] drawn;
    private final byte[] scratch = new byte[Dynamics.MAX_LENGTH];

    public RequestWriter(Step step) {
        List<Part> parts = new ArrayList<>();
        parts.add(literal(step.method() + " "));
        parts.addAll(step.target().parts());
        parts.add(literal(" HTTP/1.1\r\n"));
        boolean hasHost = false;
        for (Step.Header h : step.headers()) {
            hasHost |= h.name().equalsIgnoreCase("host");
        }
        if (!hasHost) {
            parts.add(literal("Host: " + hostHeader(step.origin()) + "\r\n"));
        }
        for (Step.Header h : step.headers()) {
            if (h.name().equalsIgnoreCase("content-length")) {
                continue; // the writer's own, computed from the body, is the only one sent
            }
            parts.add(literal(h.name() + ": "));
            parts.addAll(h.value().parts());
            parts.add(literal("\r\n"));
        }
        head = Pieces.of(parts);
        body = Pieces.of(step.body().parts());
        String method = step.method().toUpperCase(Locale.ROOT);
        alwaysLength = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
        drawn = new byte[body.dynamicCount() * Dynamics.MAX_LENGTH];
    }

    /**
     * Appends the request to {@code out}.
     *
     * @param wallMillis the wall clock for {@code $timestamp} and {@code $isoTimestamp}
     * @return the bytes written, or -1 with {@code out} as it was when the request cannot be sent as written: a data
     *     or extracted value in the request line or a header holds a CR or LF (header injection), or a value is
     *     missing (no data row, no such column, a slot no step set); the caller fails the step
     */
    public int write(Iteration it, Dynamics dynamics, long wallMillis, ByteBuf out) {
        int start = out.writerIndex();
        int length = body.draw(it, dynamics, wallMillis, drawn);
        if (length < 0) {
            return -1;
        }
        if (!head.writeHead(it, dynamics, wallMillis, scratch, out)) {
            out.writerIndex(start);
            return -1;
        }
        if (length > 0 || alwaysLength) {
            out.writeBytes(CONTENT_LENGTH);
            int digits = Ascii.writeLong(scratch, 0, length);
            out.writeBytes(scratch, 0, digits);
            out.writeBytes(CRLF);
        }
        out.writeBytes(CRLF);
        body.writeDrawn(it, drawn, out);
        return out.writerIndex() - start;
    }

    /** {@code host} or {@code host:port} of {@code scheme://host:port}, the port dropped when it is the default. */
    static String hostHeader(String origin) {
        int schemeEnd = origin.indexOf("://");
        String scheme = schemeEnd < 0 ? "http" : origin.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        String authority = schemeEnd < 0 ? origin : origin.substring(schemeEnd + 3);
        int slash = authority.indexOf('/');
        if (slash >= 0) {
            authority = authority.substring(0, slash);
        }
        int colon = authority.lastIndexOf(':');
        if (colon < 0 || colon < authority.lastIndexOf(']')) {
            return authority;
        }
        String port = authority.substring(colon + 1);
        boolean isDefault =
                (scheme.equals("http") && port.equals("80")) || (scheme.equals("https") && port.equals("443"));
        return isDefault || port.isEmpty() ? authority.substring(0, colon) : authority;
    }

    private static Part literal(String text) {
        return new Part.Literal(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
