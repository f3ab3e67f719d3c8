package dev.zapline.codec.http1;

/**
 * What the header fields mean for framing and the connection, checked once the head is complete: body length
 * (RFC 9112 §6.3), Host (§3.2: exactly one in HTTP/1.1, at most one in 1.0, of RFC 3986 host and port
 * characters), Connection (§9.3) and Expect (RFC 9110 §10.1.1). Every ambiguity a proxy and a server could read
 * differently is rejected with 400 rather than guessed at.
 */
final class Http1Semantics {

    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = Ascii.bytes("transfer-encoding");
    private static final byte[] HOST = Ascii.bytes("host");
    private static final byte[] CONNECTION = Ascii.bytes("connection");
    private static final byte[] EXPECT = Ascii.bytes("expect");
    private static final byte[] CHUNKED = Ascii.bytes("chunked");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");
    private static final byte[] CONTINUE = Ascii.bytes("100-continue");

    private Http1Semantics() {}

    static void apply(Http1Request r, Http1Limits limits) {
        // One pass finds the first of each header that matters and whether it repeats (the five names differ in
        // length, so one comparison per header at most); the checks then run in their order, as before.
        int host = -1;
        int cl = -1;
        int te = -1;
        int connection = -1;
        int expect = -1;
        boolean hostTwice = false;
        boolean clTwice = false;
        boolean teTwice = false;
        boolean expectTwice = false;
        for (int i = 0; i < r.headerCount; i++) {
            int at = r.nameStart[i];
            switch (r.nameEnd[i] - at) {
                case 4 -> {
                    if (r.equalsLower(at, HOST)) {
                        hostTwice |= host >= 0;
                        host = host < 0 ? i : host;
                    }
                }
                case 6 -> {
                    if (r.equalsLower(at, EXPECT)) {
                        expectTwice |= expect >= 0;
                        expect = expect < 0 ? i : expect;
                    }
                }
                case 10 -> {
                    if (connection < 0 && r.equalsLower(at, CONNECTION)) {
                        connection = i;
                    }
                }
                case 14 -> {
                    if (r.equalsLower(at, CONTENT_LENGTH)) {
                        clTwice |= cl >= 0;
                        cl = cl < 0 ? i : cl;
                    }
                }
                case 17 -> {
                    if (r.equalsLower(at, TRANSFER_ENCODING)) {
                        teTwice |= te >= 0;
                        te = te < 0 ? i : te;
                    }
                }
                default -> {}
            }
        }
        host(r, host, hostTwice);
        framing(r, limits, cl, clTwice, te, teTwice);
        if (connection >= 0) {
            connection(r, connection);
        } else {
            r.keepAlive = r.version == 11;
        }
        if (expect >= 0) {
            expect(r, expect, expectTwice);
        }
    }

    private static void host(Http1Request r, int first, boolean twice) {
        if (twice) {
            throw new Http1Exception(400, "more than one Host header");
        }
        if (first < 0 && r.version == 11) {
            throw new Http1Exception(400, "HTTP/1.1 request without a Host header");
        }
        if (first >= 0) {
            for (int k = r.valueStart[first]; k < r.valueEnd[first]; k++) {
                if (!Ascii.isHostByte(r.head[k])) {
                    throw new Http1Exception(
                            400, "invalid character 0x" + Integer.toHexString(r.head[k] & 0xFF) + " in Host");
                }
            }
        }
    }

    private static void framing(Http1Request r, Http1Limits limits, int cl, boolean clTwice, int te, boolean teTwice) {
        if (te >= 0) {
            if (cl >= 0) {
                throw new Http1Exception(400, "both Transfer-Encoding and Content-Length");
            }
            if (r.version == 10) {
                throw new Http1Exception(400, "Transfer-Encoding in an HTTP/1.0 request");
            }
            if (teTwice || !r.valueEqualsIgnoreCase(te, CHUNKED)) {
                throw transferCoding(r, te);
            }
            r.bodyKind = Http1Request.BODY_CHUNKED;
            return;
        }
        if (cl < 0) {
            r.bodyKind = Http1Request.BODY_NONE;
            return;
        }
        if (clTwice) {
            throw new Http1Exception(400, "more than one Content-Length header");
        }
        long n = digits(r, cl);
        if (n > limits.maxBody()) {
            throw new Http1Exception(413, "body of " + n + " bytes exceeds the limit of " + limits.maxBody());
        }
        r.contentLength = n;
        r.bodyKind = n == 0 ? Http1Request.BODY_NONE : Http1Request.BODY_LENGTH;
    }

    /**
     * Why a Transfer-Encoding other than a single {@code chunked} is refused, reading every Transfer-Encoding field
     * from {@code first} on as one list (RFC 9112 §6.1, RFC 9110 §5.3: several field lines combine as if joined by
     * commas), so a list split over lines gets the answer of the same list on one line: 400 when the body length
     * cannot be determined (chunked not final, or applied twice, §6.1, §6.3 item 4) or the list is not plainly
     * formed (empty elements, an empty field included, are refused rather than skipped); 501 when well formed but
     * with codings before chunked (§6.1).
     */
    private static Http1Exception transferCoding(Http1Request r, int first) {
        int chunkedCount = 0;
        boolean lastChunked = false;
        for (int te = first; te >= 0; te = r.nextHeader(TRANSFER_ENCODING, te + 1)) {
            int p = r.valueStart[te];
            int end = r.valueEnd[te];
            while (p <= end) {
                int comma = p;
                while (comma < end && r.head[comma] != ',') {
                    comma++;
                }
                int s = p;
                int e = comma;
                while (s < e && (r.head[s] == ' ' || r.head[s] == '\t')) s++;
                while (e > s && (r.head[e - 1] == ' ' || r.head[e - 1] == '\t')) e--;
                if (s == e) {
                    return new Http1Exception(400, "empty element in Transfer-Encoding");
                }
                lastChunked = tokenIs(r, s, e, CHUNKED);
                chunkedCount += lastChunked ? 1 : 0;
                p = comma + 1;
            }
        }
        if (!lastChunked || chunkedCount > 1) {
            return new Http1Exception(400, "chunked is not the final transfer coding, exactly once");
        }
        return new Http1Exception(501, "transfer codings other than chunked are not implemented");
    }

    /** Content-Length = 1*DIGIT, at most 18 digits so that it cannot overflow. */
    private static long digits(Http1Request r, int i) {
        int start = r.valueStart[i];
        int end = r.valueEnd[i];
        if (end == start || end - start > 18) {
            throw new Http1Exception(400, "invalid Content-Length");
        }
        long n = 0;
        for (int k = start; k < end; k++) {
            int d = r.head[k] - '0';
            if (d < 0 || d > 9) {
                throw new Http1Exception(400, "invalid Content-Length");
            }
            n = n * 10 + d;
        }
        return n;
    }

    private static void connection(Http1Request r, int first) {
        boolean close = false;
        boolean keepAlive = false;
        for (int i = first; i >= 0; i = r.nextHeader(CONNECTION, i + 1)) {
            int p = r.valueStart[i];
            int end = r.valueEnd[i];
            while (p < end) {
                int comma = p;
                while (comma < end && r.head[comma] != ',') {
                    comma++;
                }
                int s = p;
                int e = comma;
                while (s < e && (r.head[s] == ' ' || r.head[s] == '\t')) s++;
                while (e > s && (r.head[e - 1] == ' ' || r.head[e - 1] == '\t')) e--;
                close |= tokenIs(r, s, e, CLOSE);
                keepAlive |= tokenIs(r, s, e, KEEP_ALIVE);
                p = comma + 1;
            }
        }
        r.keepAlive = !close && (r.version == 11 || keepAlive);
    }

    private static boolean tokenIs(Http1Request r, int s, int e, byte[] lower) {
        if (e - s != lower.length) {
            return false;
        }
        for (int k = 0; k < lower.length; k++) {
            if (Ascii.lower(r.head[s + k]) != lower[k]) {
                return false;
            }
        }
        return true;
    }

    private static void expect(Http1Request r, int i, boolean twice) {
        if (twice || !r.valueEqualsIgnoreCase(i, CONTINUE)) {
            throw new Http1Exception(417, "unsupported expectation");
        }
        r.expectContinue = r.version == 11;
    }
}
