package dev.zapline.server.internal;

import io.netty.buffer.ByteBuf;

/**
 * What a transport exposes of one request to the {@link Ctx}: the same reads over an HTTP/1.1
 * head or a zaphttp request frame. Byte ranges are into {@link #bytes()}; nothing here allocates except the
 * methods named {@code …AsString}. The target is in origin form: an absolute-form one reads as its path and query,
 * and its authority answers for the Host header (RFC 9112 §3.2.2).
 */
public interface RequestHead {

    /** The array holding method, target and (for HTTP) headers. */
    byte[] bytes();

    int methodStart();

    int methodLength();

    int targetStart();

    int targetLength();

    /** Length of the path: the target up to '?'. */
    int pathLength();

    /** Start of the query (after '?') in {@link #bytes()}, or -1. */
    int queryStart();

    int queryLength();

    /** Value of the first header named {@code lowerName} (ASCII case-insensitive), or null. Allocates. */
    String headerAsString(byte[] lowerName);

    /** Whether a header named {@code lowerName} is present. */
    boolean hasHeader(byte[] lowerName);

    /** Whether the first header named {@code lowerName} has exactly {@code value}. */
    boolean headerEquals(byte[] lowerName, byte[] value);

    /**
     * Copies the value of the first header named {@code lowerName} into {@code dst} at {@code offset} when it fits;
     * returns its length (copied only if at most {@code dst.length - offset}), or -1 when absent.
     */
    int copyHeader(byte[] lowerName, byte[] dst, int offset);

    /** Protocol label as the client sent it, e.g. {@code HTTP/1.1}. */
    String protocol();

    /** The request body; empty when there is none. Valid until the response is complete. */
    ByteBuf body();
}
