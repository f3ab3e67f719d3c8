package dev.zapline.codec.http1;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The common case of {@link Http1HeadParser} in one straight pass: a head that arrived whole, in origin form,
 * {@code HTTP/1.0} or {@code HTTP/1.1}, without a leading empty line, within the limits. Plain runs (target, field
 * value) are searched eight bytes at a time. It accepts exactly what the state machine accepts for such heads and
 * records the same offsets; anything else (incomplete, malformed, over a limit, another target form) it declines
 * without throwing, and the state machine parses the head from its start and reports what is wrong.
 */
final class WholeHeadParser {

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    /** "HTTP/1." as the low seven bytes of a little-endian long. */
    private static final long HTTP_1_ = 0x2E312F50545448L;

    private WholeHeadParser() {}

    /**
     * Parses the head in {@code h[0, end)} into {@code r}; returns its length (through the empty line), or -1 when
     * declined, with {@code r} then partly written (clear it).
     */
    static int parse(byte[] h, int end, Http1Request r, Http1Limits limits) {
        int i = 0;
        while (i < end && Ascii.isTchar(h[i])) {
            i++;
        }
        if (i == 0 || i >= end || h[i] != ' ') {
            return -1;
        }
        r.methodStart = 0;
        r.methodEnd = i;
        int t = ++i;
        if (i >= end || h[i] != '/') {
            return -1;
        }
        i = target(h, i, end, r);
        // i is the space after the target; then "HTTP/1.x\r\n"
        if (i < 0 || end - i < 11 || i + 9 > limits.maxRequestLine()) {
            return -1;
        }
        r.targetStart = t;
        r.targetEnd = i;
        long v = (long) LONG.get(h, i + 1);
        byte minor = h[i + 8];
        if ((v & 0xFFFFFFFFFFFFFFL) != HTTP_1_
                || (minor != '0' && minor != '1')
                || h[i + 9] != '\r'
                || h[i + 10] != '\n') {
            return -1;
        }
        r.version = minor == '0' ? 10 : 11;
        int section = i + 11;
        int p = section;
        int maxHeaders = limits.maxHeaders();
        while (p < end) {
            byte c = h[p];
            if (c == '\r') {
                if (p + 1 >= end || h[p + 1] != '\n' || p + 2 - section > limits.maxHeaderBytes()) {
                    return -1;
                }
                return p + 2;
            }
            if (r.headerCount >= maxHeaders) {
                return -1;
            }
            int ns = p;
            while (p < end && Ascii.isTchar(h[p])) {
                p++;
            }
            if (p == ns || p >= end || h[p] != ':') {
                return -1;
            }
            int ne = p++;
            while (p < end && (h[p] == ' ' || h[p] == '\t')) {
                p++;
            }
            int vs = p;
            p = value(h, p, end);
            if (p < 0 || p + 1 >= end || h[p + 1] != '\n') {
                return -1;
            }
            int ve = p;
            while (ve > vs && (h[ve - 1] == ' ' || h[ve - 1] == '\t')) {
                ve--;
            }
            r.addHeader(ns, ne, vs, ve);
            p += 2;
        }
        return -1;
    }

    /**
     * From {@code i} in a target, the index of the space that ends it, noting the first '?' in {@code r}; -1 when
     * the target has a byte other than visible US-ASCII or does not end in {@code h[0, end)}.
     */
    private static int target(byte[] h, int i, int end, Http1Request r) {
        while (true) {
            while (i + 8 <= end) {
                long x = (long) LONG.get(h, i);
                // a byte below 0x21, from 0x7F up, or '?' (each mask's lowest set bit is exact)
                long y = x ^ 0x7F7F7F7F7F7F7F7FL;
                long q = x ^ 0x3F3F3F3F3F3F3F3FL;
                long m = ((x - 0x2121212121212121L) & ~x | x | (y - ONES) & ~y | (q - ONES) & ~q) & HIGHS;
                if (m != 0) {
                    i += Long.numberOfTrailingZeros(m) >>> 3;
                    break;
                }
                i += 8;
            }
            while (i < end && Ascii.isTargetByte(h[i]) && h[i] != '?') {
                i++;
            }
            if (i >= end) {
                return -1;
            }
            if (h[i] != '?') {
                return h[i] == ' ' ? i : -1;
            }
            if (r.queryStart < 0) {
                r.queryStart = i;
            }
            i++;
        }
    }

    /**
     * From {@code i} in a field value, the index of the CR that ends it; -1 when the value has a control character
     * other than HTAB or DEL, or does not end in {@code h[0, end)}.
     */
    private static int value(byte[] h, int i, int end) {
        while (true) {
            while (i + 8 <= end) {
                long x = (long) LONG.get(h, i);
                // a byte below 0x20 (obs-text from 0x80 is allowed) or DEL
                long y = x ^ 0x7F7F7F7F7F7F7F7FL;
                long m = ((x - 0x2020202020202020L) & ~x | (y - ONES) & ~y) & HIGHS;
                if (m != 0) {
                    i += Long.numberOfTrailingZeros(m) >>> 3;
                    break;
                }
                i += 8;
            }
            while (i < end && h[i] != '\r' && h[i] != '\t' && Ascii.isFieldValueByte(h[i])) {
                i++;
            }
            if (i >= end) {
                return -1;
            }
            if (h[i] == '\r') {
                return i;
            }
            if (h[i] != '\t') {
                return -1;
            }
            i++;
        }
    }
}
