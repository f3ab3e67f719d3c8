package dev.zapline.server.internal.route;

import java.nio.charset.StandardCharsets;

/**
 * Every possible {@code Allow} header value, encoded once: indexed by a bit set of explicitly routed methods
 * ({@code 1 << Method.GET} ... {@code 1 << Method.OPTIONS}). HEAD is listed whenever GET is (automatic HEAD) and
 * OPTIONS always (automatic OPTIONS), in the fixed order GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.
 */
final class AllowValues {

    static final int METHOD_BITS = 0x7F;

    private static final byte[][] VALUES = new byte[METHOD_BITS + 1][];

    static {
        for (int mask = 0; mask <= METHOD_BITS; mask++) {
            StringBuilder sb = new StringBuilder();
            for (int m = Method.GET; m <= Method.OPTIONS; m++) {
                boolean listed = (mask & (1 << m)) != 0
                        || m == Method.HEAD && (mask & (1 << Method.GET)) != 0
                        || m == Method.OPTIONS;
                if (listed) {
                    sb.append(sb.isEmpty() ? "" : ", ").append(Method.name(m));
                }
            }
            VALUES[mask] = sb.toString().getBytes(StandardCharsets.US_ASCII);
        }
    }

    private AllowValues() {}

    /** The shared, never-modified value for a method bit set; only bits 0 to 6 are looked at. */
    static byte[] of(int mask) {
        return VALUES[mask & METHOD_BITS];
    }
}
