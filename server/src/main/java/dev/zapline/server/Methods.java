package dev.zapline.server;

import java.nio.charset.StandardCharsets;

/** Shared String constants for the standard methods, so {@link Ctx#method()} does not allocate for them. */
final class Methods {

    private static final String[] KNOWN = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT",
        "TRACE"};
    private static final byte[][] KNOWN_BYTES = new byte[KNOWN.length][];

    static {
        for (int i = 0; i < KNOWN.length; i++) {
            KNOWN_BYTES[i] = KNOWN[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    private Methods() {}

    static String name(byte[] b, int start, int length) {
        for (int i = 0; i < KNOWN.length; i++) {
            if (java.util.Arrays.equals(b, start, start + length, KNOWN_BYTES[i], 0, KNOWN_BYTES[i].length)) {
                return KNOWN[i];
            }
        }
        return new String(b, start, length, StandardCharsets.US_ASCII);
    }
}
