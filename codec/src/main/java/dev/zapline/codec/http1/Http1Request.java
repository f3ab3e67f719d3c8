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
 * <p>The target is seen in origin form, as a server routes it: for an absolute-form request
 * ({@code GET http://a.test/p?q HTTP/1.1}, RFC 9112 §3.2.2) {@link #targetStart()}, {@link #pathLength()} and the
 * query describe {@code /p?q}, and {@code /} when the path is empty ({@code http://a.test?q} reads as {@code /?q},
 * RFC 9110 §4.2.3); {@link #authorityStart()} says where {@code a.test} is and {@link #rawTargetStart()} where the
 * target as sent is. The header fields are as received (Host included; a server uses the authority instead).
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
    /** Of an absolute-form target: the authority, and the target as sent; authorityStart is -1 otherwise. */
    int authorityStart;

    int authorityEnd;
    int rawTargetStart;
    int rawTargetEnd;
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
        authorityStart = -1;
        authorityEnd = 0;
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

    /**
     * Re-points the target of an absolute-form request at its path and query, once the head is complete: the suffix
     * after the authority when it starts with '/', else "/" and the query written after the head (spare room in
     * {@link #head}, which is scratch past {@link #length}).
     */
    void toOriginForm() {
        rawTargetStart = targetStart;
        rawTargetEnd = targetEnd;
        int p = authorityEnd;
        if (p < targetEnd && head[p] == '/') {
            targetStart = p;
            return;
        }
        int rest = targetEnd - p;
        ensureCapacity(length + 1 + rest);
        head[length] = '/';
        System.arraycopy(head, p, head, length + 1, rest);
        if (queryStart >= 0) {
            queryStart += length + 1 - p;
        }
        targetStart = length;
        targetEnd = length + 1 + rest;
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

    /** Start of the request-target in origin form (path and query; see the class comment) in {@link #head()}. */
    public int targetStart() {
        return targetStart;
    }

    /** Length of the request-target in origin form. */
    public int targetLength() {
        return targetEnd - targetStart;
    }

    /** Start of the request-target as sent (differs from {@link #targetStart()} only in absolute form). */
    public int rawTargetStart() {
        return authorityStart < 0 ? targetStart : rawTargetStart;
    }

    public int rawTargetLength() {
        return authorityStart < 0 ? targetEnd - targetStart : rawTargetEnd - rawTargetStart;
    }

    /** Start of the authority of an absolute-form target ({@code a.test:8080}), or -1 for any other form. */
    public int authorityStart() {
        return authorityStart;
    }

    /** Length of the authority of an absolute-form target; 0 for any other form. */
    public int authorityLength() {
        return authorityStart < 0 ? 0 : authorityEnd - authorityStart;
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

    /** Allocating convenience: the target in origin form. */
    public String targetAsString() {
        return new String(head, targetStart, targetEnd - targetStart, StandardCharsets.US_ASCII);
    }

    /** Allocating convenience: the target as sent. */
    public String rawTargetAsString() {
        return new String(head, rawTargetStart(), rawTargetLength(), StandardCharsets.US_ASCII);
    }

    /** Allocating convenience: the authority of an absolute-form target, or null. */
    public String authorityAsString() {
        return authorityStart < 0
                ? null
                : new String(head, authorityStart, authorityEnd - authorityStart, StandardCharsets.US_ASCII);
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
