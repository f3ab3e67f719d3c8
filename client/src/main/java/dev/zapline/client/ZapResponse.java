package dev.zapline.client;

import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapSlice;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole response, copied out of its frames: status, reason, headers in wire order, body, trailers. The
 * allocating convenience of {@link ZapClient}; the load generator reads {@code ZapHttpResponse} views instead.
 *
 * <p>Immutable and thread-safe.
 */
public final class ZapResponse {

    private final int status;
    private final String reason;
    private final List<ZapHeader> headers;
    private final byte[] body;
    private final List<ZapHeader> trailers;

    /** A response with copies of the given headers, body and trailers. */
    public ZapResponse(int status, String reason, List<ZapHeader> headers, byte[] body, List<ZapHeader> trailers) {
        this(status, reason, List.copyOf(headers), body.clone(), List.copyOf(trailers), true);
    }

    /** Takes the arrays and lists as they are: for this package's copies, which nobody else holds. */
    private ZapResponse(
            int status, String reason, List<ZapHeader> headers, byte[] body, List<ZapHeader> trailers, boolean owned) {
        this.status = status;
        this.reason = reason;
        this.headers = headers;
        this.body = body;
        this.trailers = trailers;
    }

    /**
     * Copies a response or streamed head.
     *
     * @throws ZapFormatException when its header block is malformed
     */
    static ZapResponse copyOf(ZapHttpResponse r) {
        ZapSlice s = new ZapSlice();
        return new ZapResponse(
                r.status(),
                r.reasonAsString(),
                pairs(r.headers(s)),
                r.body(s).toByteArray(),
                pairs(r.trailer(s)),
                true);
    }

    /** The pairs of a header block, in order. @throws ZapFormatException when the block is malformed */
    static List<ZapHeader> pairs(ZapSlice block) {
        if (block.isEmpty()) {
            return List.of();
        }
        List<ZapHeader> out = new ArrayList<>();
        HeaderCursor c = new HeaderCursor().reset(block);
        while (c.next()) {
            out.add(new ZapHeader(c.nameAsString(), c.valueAsString()));
        }
        if (c.malformed()) {
            throw new ZapFormatException(block.position(), "malformed header block (" + block.length() + " bytes)");
        }
        return List.copyOf(out);
    }

    /** A copy with {@code body} and {@code trailers} in place of this one's. */
    ZapResponse with(byte[] body, List<ZapHeader> trailers) {
        return new ZapResponse(status, reason, headers, body, List.copyOf(trailers), true);
    }

    public int status() {
        return status;
    }

    /** The reason as sent, or the standard phrase when the server left it empty. */
    public String reason() {
        return reason;
    }

    public List<ZapHeader> headers() {
        return headers;
    }

    /** The first value of {@code name} (ASCII case-insensitive), or null. */
    public String header(String name) {
        for (ZapHeader h : headers) {
            if (h.name().equalsIgnoreCase(name)) {
                return h.value();
            }
        }
        return null;
    }

    /** A copy of the body. */
    public byte[] body() {
        return body.clone();
    }

    public int bodyLength() {
        return body.length;
    }

    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Trailers (from a response's trailer block or a stream's end frame). */
    public List<ZapHeader> trailers() {
        return trailers;
    }

    @Override
    public String toString() {
        return status + " " + reason + " (" + headers.size() + " headers, " + body.length + " body bytes)";
    }
}
