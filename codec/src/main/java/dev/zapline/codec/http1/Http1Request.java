package dev.zapline.codec.http1;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One parsed HTTP/1.1 request head, owned by a connection and reused for every request on it. The parser copies
 * the head's bytes into {@link #head()} (in bulk, as they arrive) and records where each part is, so every part
 * of the head is an offset into that array and stays valid after the network buffer is released, until the next
 * request is parsed into this object.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=request}
 *
 * <p>Lookups allocate nothing; methods named {@code …AsString} allocate. Not thread-safe.
 */
public final class Http1Request {

    /** No body: neither Content-Length nor Transfer-Encoding. */
    public static final int BODY_NONE = 0;
    /** A body of {@link #contentLength()} bytes. */
    public static final int BODY_LENGTH = 1;
    /** A chunked body (Transfer-Encoding: chunked). */
    public static final int BODY_CHUNKED = 2;

    byte[] head = new byte[1024];
    int length;
    int methodStart;
    int methodEnd;
    int targetStart;
    int targetEnd;
    int queryStart;
    int version;
    int headerCount;
    int[] nameStart = new int[16];
    int[] nameEnd = new int[16];
    int[] valueStart = new int[16];
    int[] valueEnd = new int[16];

    int bodyKind;
    long contentLength;
    boolean keepAlive;
    boolean expectContinue;

    void clear() {
        length = 0;
        methodStart = 0;
        methodEnd = 0;
        targetStart = 0;
        targetEnd = 0;
        queryStart = -1;
        version = 0;
        headerCount = 0;
        bodyKind = BODY_NONE;
        contentLength = 0;
        keepAlive = false;
        expectContinue = false;
    }

    void ensureCapacity(int n) {
        if (n > head.length) {
            head = Arrays.copyOf(head, Math.max(n, head.length * 2));
        }
    }

    void addHeader(int ns, int ne, int vs, int ve) {
        if (headerCount == nameStart.length) {
            int n = headerCount * 2;
            nameStart = Arrays.copyOf(nameStart, n);
            nameEnd = Arrays.copyOf(nameEnd, n);
            valueStart = Arrays.copyOf(valueStart, n);
            valueEnd = Arrays.copyOf(valueEnd, n);
        }
        nameStart[headerCount] = ns;
        nameEnd[headerCount] = ne;
        valueStart[headerCount] = vs;
        valueEnd[headerCount] = ve;
        headerCount++;
    }

    /** The head's bytes: method, target, version, header names and values are offsets into it. */
    public byte[] head() {
        return head;
    }

    public int methodStart() {
        return methodStart;
    }

    public int methodLength() {
        return methodEnd - methodStart;
    }

    /** Start of the request-target in {@link #head()}. */
    public int targetStart() {
        return targetStart;
    }

    public int targetLength() {
        return targetEnd - targetStart;
    }

    /** Length of the path: the target up to '?' (the whole target when there is no query). */
    public int pathLength() {
        return (queryStart < 0 ? targetEnd : queryStart) - targetStart;
    }

    /** Start of the query after '?', or -1 when the target has none. */
    public int queryStart() {
        return queryStart < 0 ? -1 : queryStart + 1;
    }

    public int queryLength() {
        return queryStart < 0 ? 0 : targetEnd - queryStart - 1;
    }

    /** 10 for HTTP/1.0, 11 for HTTP/1.1. */
    public int version() {
        return version;
    }

    public int headerCount() {
        return headerCount;
    }

    public int nameStart(int i) {
        return nameStart[i];
    }

    public int nameLength(int i) {
        return nameEnd[i] - nameStart[i];
    }

    /** Start of header {@code i}'s value, leading and trailing whitespace excluded. */
    public int valueStart(int i) {
        return valueStart[i];
    }

    public int valueLength(int i) {
        return valueEnd[i] - valueStart[i];
    }

    /** Index of the first header named {@code lowerName} (ASCII case-insensitive), or -1. */
    public int header(byte[] lowerName) {
        return nextHeader(lowerName, 0);
    }

    /** Index of the next header named {@code lowerName} at or after {@code from}, or -1. */
    public int nextHeader(byte[] lowerName, int from) {
        int n = lowerName.length;
        for (int i = from; i < headerCount; i++) {
            if (nameEnd[i] - nameStart[i] == n && equalsLower(nameStart[i], lowerName)) {
                return i;
            }
        }
        return -1;
    }

    /** True when header {@code i}'s value equals {@code value} exactly. */
    public boolean valueEquals(int i, byte[] value) {
        return Arrays.equals(head, valueStart[i], valueEnd[i], value, 0, value.length);
    }

    /** True when header {@code i}'s value equals lower-case {@code lower}, ignoring ASCII case. */
    public boolean valueEqualsIgnoreCase(int i, byte[] lower) {
        return valueEnd[i] - valueStart[i] == lower.length && equalsLower(valueStart[i], lower);
    }

    boolean equalsLower(int at, byte[] lower) {
        for (int k = 0; k < lower.length; k++) {
            if (Ascii.lower(head[at + k]) != lower[k]) {
                return false;
            }
        }
        return true;
    }

    /** How the body is framed: {@link #BODY_NONE}, {@link #BODY_LENGTH} or {@link #BODY_CHUNKED}. */
    public int bodyKind() {
        return bodyKind;
    }

    public long contentLength() {
        return contentLength;
    }

    /** Whether the connection stays open after the response (HTTP/1.1 unless "close"; 1.0 only with keep-alive). */
    public boolean keepAlive() {
        return keepAlive;
    }

    /** Whether the client sent {@code Expect: 100-continue}. */
    public boolean expectContinue() {
        return expectContinue;
    }

    /** Allocating convenience. */
    public String methodAsString() {
        return new String(head, methodStart, methodEnd - methodStart, StandardCharsets.US_ASCII);
    }

    /** Allocating convenience. */
    public String targetAsString() {
        return new String(head, targetStart, targetEnd - targetStart, StandardCharsets.US_ASCII);
    }

    /** Allocating convenience. */
    public String nameAsString(int i) {
        return new String(head, nameStart[i], nameEnd[i] - nameStart[i], StandardCharsets.ISO_8859_1);
    }

    /** Allocating convenience (field values are decoded as ISO-8859-1, byte for byte). */
    public String valueAsString(int i) {
        return new String(head, valueStart[i], valueEnd[i] - valueStart[i], StandardCharsets.ISO_8859_1);
    }
}
