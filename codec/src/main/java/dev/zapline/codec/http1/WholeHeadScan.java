package dev.zapline.codec.http1;

/**
 * The fast path of {@link ResponseHeadScanner}: a whole response head in one array, read with tight loops instead of
 * one call per byte, for the common shape (status line with a reason or without, field lines ending in CRLF, no
 * obs-fold, no whitespace before a colon). Anything else, or a head cut by the end of the range, is left to the
 * scanner's byte-by-byte grammar, which decides the same ({@code Http1ResponseScanTest}).
 */
final class WholeHeadScan {

    private static final byte[] HTTP_1_ = Ascii.bytes("HTTP/1.");

    private WholeHeadScan() {}

    /**
     * Reads the head in {@code a[from, to)} into {@code fields}, {@code reason} and, once it is whole, {@code into}
     * ({@link ResponseHeadScanner#scanned}); what {@link ResponseHeadScanner#scan} documents.
     *
     * @return the index after the head's last LF, or -1 (the caller resets the scanner and reads byte by byte)
     * @throws Http1Exception a defect the byte-by-byte grammar would report at the same byte (a field's value)
     */
    static int scan(
            byte[] a,
            int from,
            int to,
            Http1ResponseLimits limits,
            ResponseFields fields,
            byte[] reason,
            ResponseHeadScanner into) {
        // status line: HTTP/1.<digit> SP <3 digits> [SP reason] CRLF
        int i = from;
        if (to - i < 14) {
            return -1;
        }
        for (int k = 0; k < HTTP_1_.length; k++) {
            if (a[i + k] != HTTP_1_[k]) {
                return -1;
            }
        }
        byte minor = a[i + 7];
        byte c0 = a[i + 9];
        byte c1 = a[i + 10];
        byte c2 = a[i + 11];
        if (minor < '0'
                || minor > '9'
                || a[i + 8] != ' '
                || c0 < '1'
                || c0 > '9'
                || c1 < '0'
                || c1 > '9'
                || c2 < '0'
                || c2 > '9') {
            return -1;
        }
        int code = (c0 - '0') * 100 + (c1 - '0') * 10 + (c2 - '0');
        i += 12;
        int kept = 0;
        int line = 12;
        if (a[i] == ' ') {
            i++;
            line++;
            int lineEnd = Math.min(to, from + limits.maxStatusLine());
            while (i < lineEnd) {
                byte b = a[i];
                if (b == '\r' || !Ascii.isFieldValueByte(b)) {
                    break;
                }
                if (kept < reason.length) {
                    reason[kept++] = b;
                }
                i++;
            }
            line = i - from;
        }
        if (line > limits.maxStatusLine() || i + 1 >= to || a[i] != '\r' || a[i + 1] != '\n') {
            return -1;
        }
        i += 2;
        // field lines, within the header limit so that no byte looked at here is one the limit refuses
        int fieldsFrom = i;
        int end = (int) Math.min(to, (long) fieldsFrom + limits.maxHeaderBytes());
        boolean open = false;
        while (i < end) {
            byte b = a[i];
            if (b == ' ' || b == '\t') {
                return -1; // obs-fold
            }
            if (open) {
                fields.fieldEnd();
                open = false;
            }
            if (b == '\r') {
                if (i + 1 >= end || a[i + 1] != '\n') {
                    return -1;
                }
                i += 2;
                into.scanned(minor, code, kept, line, i - fieldsFrom);
                return i;
            }
            int nameFrom = i;
            while (i < end && Ascii.isTchar(a[i])) {
                i++;
            }
            if (i == nameFrom || i >= end || a[i] != ':') {
                return -1;
            }
            int nameLength = i - nameFrom;
            i++;
            if (fields.mayInterpret(nameLength)) {
                fields.name(a, nameFrom, nameLength);
                open = fields.interpreting();
            }
            if (open && fields.capturingOnly()) {
                i = fields.captureValue(a, i, Ascii.skipFieldValue(a, i, end));
            } else if (open) {
                while (i < end) {
                    byte v = a[i];
                    if (v == '\r' || !Ascii.isFieldValueByte(v)) {
                        break;
                    }
                    fields.valueByte(v);
                    i++;
                }
            } else {
                i = Ascii.skipFieldValue(a, i, end);
            }
            if (i + 1 >= end || a[i] != '\r' || a[i + 1] != '\n') {
                return -1;
            }
            i += 2;
        }
        return -1;
    }
}
