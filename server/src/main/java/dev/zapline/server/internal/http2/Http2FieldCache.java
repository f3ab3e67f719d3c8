package dev.zapline.server.internal.http2;

import io.netty.util.AsciiString;
import java.util.Arrays;

/**
 * The last few distinct header names or values a connection sent, as immutable {@link AsciiString}s: a response
 * repeating a field (the same content type on every response) finds the one it sent before instead of copying
 * the bytes again, and HPACK's dynamic table, which keeps references, never sees bytes change under it. A miss
 * copies and replaces the oldest entry. Event-loop confined.
 */
public final class Http2FieldCache {

    private final AsciiString[] entries;
    private int next;

    public Http2FieldCache(int size) {
        this.entries = new AsciiString[size];
    }

    /** The string of {@code length} bytes of {@code a} at {@code at}: a cached one when equal, else a copy. */
    public AsciiString of(byte[] a, int at, int length) {
        for (AsciiString e : entries) {
            if (e != null
                    && e.length() == length
                    && Arrays.equals(e.array(), e.arrayOffset(), e.arrayOffset() + length, a, at, at + length)) {
                return e;
            }
        }
        AsciiString s = new AsciiString(a, at, length, true);
        entries[next] = s;
        next = (next + 1) % entries.length;
        return s;
    }
}
