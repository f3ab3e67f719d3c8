package dev.zapline.load.internal.h2;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Encodes a request's header block once, so that it can be sent verbatim on any connection, any number of times:
 * fields are static-table indexes (RFC 7541 section 6.1) or literals without indexing (section 6.2.2) with the name
 * indexed when the static table has it, strings never Huffman-coded. Nothing enters the peer's dynamic table, so the
 * encoder keeps no state and the same bytes are right for every stream.
 */
public final class HpackRequestBlock {

    /** Connection-specific fields, which HTTP/2 forbids (RFC 9113 section 8.2.2); {@code host} becomes :authority. */
    private static final Set<String> DROPPED =
            Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host");

    private HpackRequestBlock() {}

    /**
     * The header block of one request: {@code :method}, {@code :scheme}, {@code :authority} (a {@code host} header's
     * value if given, else {@code authority}), {@code :path}, then the headers, names lower-cased, connection-specific
     * ones dropped, and {@code content-length} when there is a body (or the method usually has one) and the headers
     * do not say it.
     */
    public static byte[] encode(
            String method,
            String scheme,
            String authority,
            String path,
            List<Map.Entry<String, String>> headers,
            int bodyLength) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        String host = authority;
        boolean length = false;
        for (Map.Entry<String, String> h : headers) {
            String n = h.getKey().toLowerCase(Locale.ROOT);
            if (n.equals("host")) {
                host = h.getValue();
            }
            length |= n.equals("content-length");
        }
        field(out, ":method", method);
        field(out, ":scheme", scheme);
        field(out, ":authority", host);
        field(out, ":path", path);
        for (Map.Entry<String, String> h : headers) {
            String n = h.getKey().toLowerCase(Locale.ROOT);
            if (!DROPPED.contains(n)) {
                field(out, n, h.getValue());
            }
        }
        if (!length && (bodyLength > 0 || method.equals("POST") || method.equals("PUT") || method.equals("PATCH"))) {
            field(out, "content-length", Integer.toString(bodyLength));
        }
        return out.toByteArray();
    }

    private static void field(ByteArrayOutputStream out, String name, String value) {
        int both = HpackStatic.indexOf(name, value);
        if (both > 0) {
            integer(out, 0x80, 7, both);
            return;
        }
        int n = HpackStatic.indexOfName(name);
        integer(out, 0x00, 4, n);
        if (n == 0) {
            string(out, name);
        }
        string(out, value);
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        integer(out, 0x00, 7, b.length);
        out.write(b, 0, b.length);
    }

    /** An integer with an {@code n}-bit prefix after the bits {@code high} (RFC 7541 section 5.1). */
    static void integer(ByteArrayOutputStream out, int high, int n, int v) {
        int max = (1 << n) - 1;
        if (v < max) {
            out.write(high | v);
            return;
        }
        out.write(high | max);
        v -= max;
        while (v >= 0x80) {
            out.write((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }
}
