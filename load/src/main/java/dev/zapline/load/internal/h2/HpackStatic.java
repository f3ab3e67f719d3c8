package dev.zapline.load.internal.h2;

import java.nio.charset.StandardCharsets;

/** HPACK's static table (RFC 7541 Appendix A): entries 1 to 61, names and values as bytes. */
public final class HpackStatic {

    /** Entries in the table; index 1 is the first. */
    public static final int SIZE = 61;

    private static final String[] TABLE = {
        ":authority", "",
        ":method", "GET",
        ":method", "POST",
        ":path", "/",
        ":path", "/index.html",
        ":scheme", "http",
        ":scheme", "https",
        ":status", "200",
        ":status", "204",
        ":status", "206",
        ":status", "304",
        ":status", "400",
        ":status", "404",
        ":status", "500",
        "accept-charset", "",
        "accept-encoding", "gzip, deflate",
        "accept-language", "",
        "accept-ranges", "",
        "accept", "",
        "access-control-allow-origin", "",
        "age", "",
        "allow", "",
        "authorization", "",
        "cache-control", "",
        "content-disposition", "",
        "content-encoding", "",
        "content-language", "",
        "content-length", "",
        "content-location", "",
        "content-range", "",
        "content-type", "",
        "cookie", "",
        "date", "",
        "etag", "",
        "expect", "",
        "expires", "",
        "from", "",
        "host", "",
        "if-match", "",
        "if-modified-since", "",
        "if-none-match", "",
        "if-range", "",
        "if-unmodified-since", "",
        "last-modified", "",
        "link", "",
        "location", "",
        "max-forwards", "",
        "proxy-authenticate", "",
        "proxy-authorization", "",
        "range", "",
        "referer", "",
        "refresh", "",
        "retry-after", "",
        "server", "",
        "set-cookie", "",
        "strict-transport-security", "",
        "transfer-encoding", "",
        "user-agent", "",
        "vary", "",
        "via", "",
        "www-authenticate", ""
    };

    private static final byte[][] NAMES = new byte[SIZE + 1][];
    private static final byte[][] VALUES = new byte[SIZE + 1][];

    static {
        for (int i = 1; i <= SIZE; i++) {
            NAMES[i] = TABLE[2 * i - 2].getBytes(StandardCharsets.US_ASCII);
            VALUES[i] = TABLE[2 * i - 1].getBytes(StandardCharsets.US_ASCII);
        }
    }

    private HpackStatic() {}

    /** Entry {@code i}'s name (1 to {@link #SIZE}); not to be modified. */
    static byte[] name(int i) {
        return NAMES[i];
    }

    /** Entry {@code i}'s value, empty for a name-only entry; not to be modified. */
    static byte[] value(int i) {
        return VALUES[i];
    }

    /** The first entry named {@code name}, or 0. */
    public static int indexOfName(String name) {
        for (int i = 1; i <= SIZE; i++) {
            if (TABLE[2 * i - 2].equals(name)) {
                return i;
            }
        }
        return 0;
    }

    /** The entry with exactly this name and value, or 0. */
    public static int indexOf(String name, String value) {
        for (int i = 1; i <= SIZE; i++) {
            if (TABLE[2 * i - 2].equals(name) && TABLE[2 * i - 1].equals(value)) {
                return i;
            }
        }
        return 0;
    }
}
