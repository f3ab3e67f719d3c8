package dev.zapline.server;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A header name encoded once, for allocation-free lookups and writes.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=headerName}
 *
 * <p>Immutable and thread-safe.
 */
public final class HeaderName {

    private final String name;
    private final byte[] bytes;
    private final byte[] lower;

    private HeaderName(String name) {
        this.name = name;
        this.bytes = name.getBytes(StandardCharsets.US_ASCII);
        this.lower = name.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
    }

    /** @throws IllegalArgumentException when {@code name} is not an HTTP token */
    public static HeaderName of(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty header name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c <= 0x20 || c >= 0x7F || "\"(),/:;<=>?@[\\]{}".indexOf(c) >= 0) {
                throw new IllegalArgumentException("header name '" + name + "' has a non-token character at " + i);
            }
        }
        return new HeaderName(name);
    }

    byte[] bytes() {
        return bytes;
    }

    byte[] lowerBytes() {
        return lower;
    }

    @Override
    public String toString() {
        return name;
    }
}
