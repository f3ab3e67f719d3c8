package dev.zapline.load.internal.h2;

/**
 * A header block the HPACK decoder cannot decode (RFC 7541): the connection is broken (a {@code COMPRESSION_ERROR},
 * RFC 9113 section 4.3), since the dynamic table is out of step. A checked exception without a stack trace: it is a
 * counted outcome at the connection's edge, never a crash.
 */
public final class HpackException extends Exception {

    public HpackException(String message) {
        super(message, null, false, false);
    }
}
