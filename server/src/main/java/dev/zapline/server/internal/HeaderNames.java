package dev.zapline.server.internal;

import java.nio.charset.StandardCharsets;

/** Header names and values the server itself writes, encoded once. */
public final class HeaderNames {

    public static final byte[] CONTENT_TYPE = ascii("content-type");
    public static final byte[] TEXT_PLAIN = ascii("text/plain; charset=utf-8");
    public static final byte[] APPLICATION_JSON = ascii("application/json");
    public static final byte[] PROBLEM_JSON = ascii("application/problem+json");
    public static final byte[] ALLOW = ascii("allow");
    public static final byte[] HOST = ascii("host");

    private HeaderNames() {}

    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether lower-case {@code lowerName} is {@code host}. */
    public static boolean isHost(byte[] lowerName) {
        return java.util.Arrays.equals(lowerName, HOST);
    }

    /** The lower-case bytes of {@code name} (allocates; lookups by {@link HeaderName} do not). */
    public static byte[] lower(String name) {
        byte[] b = name.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < b.length; i++) {
            if (b[i] >= 'A' && b[i] <= 'Z') {
                b[i] += 32;
            }
        }
        return b;
    }
}
