package dev.zapline.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads pipelined HTTP/1.1 responses off a socket one at a time and checks each one's status and body, allocating
 * nothing unless a check fails: the allocation tests read on their own thread, which is not the one measured, and
 * this keeps the client's pace even. A response must be framed by {@code Content-Length}.
 *
 * <p>Not thread-safe: one per connection, on the thread that reads it.
 */
final class Http1Responses {

    private static final byte[] VERSION = "HTTP/1.1 ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_LENGTH = "\r\ncontent-length:".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final byte[] buf = new byte[64 * 1024];
    /** The first byte not consumed, and the end of the bytes read. */
    private int start;

    private int end;
    /** Responses checked so far. */
    private long checked;

    Http1Responses(InputStream in) {
        this.in = in;
    }

    /** Reads the next response; fails (naming it and what was wanted) unless it has {@code status} and {@code body}. */
    void expect(int status, byte[] body) throws IOException {
        // the rest of the batch to the front: a response's indexes then hold while it is read
        System.arraycopy(buf, start, buf, 0, end - start);
        end -= start;
        start = 0;
        int head = headEnd();
        int code = status(head);
        int length = contentLength(head);
        if (code != status || length < 0) {
            throw mismatch(head, Math.max(0, length), status, body);
        }
        fill(head + length);
        if (!Arrays.equals(buf, head, head + length, body, 0, body.length)) {
            throw mismatch(head, length, status, body);
        }
        start = head + length;
        checked++;
    }

    /** Responses checked so far. */
    long checked() {
        return checked;
    }

    /** Bytes read past the last response checked: none, when the server sent only what was asked for. */
    int unconsumed() throws IOException {
        return end - start + in.available();
    }

    /** The index just past the blank line ending the next response's head, reading until it is in the buffer. */
    private int headEnd() throws IOException {
        for (int from = start; ; from = Math.max(start, end - 3), read()) {
            for (int i = from; i + 3 < end; i++) {
                if (buf[i] == '\r' && buf[i + 1] == '\n' && buf[i + 2] == '\r' && buf[i + 3] == '\n') {
                    return i + 4;
                }
            }
        }
    }

    private int status(int head) {
        if (head - start < VERSION.length + 3
                || !Arrays.equals(buf, start, start + VERSION.length, VERSION, 0, VERSION.length)) {
            return -1;
        }
        int code = 0;
        for (int i = start + VERSION.length; i < start + VERSION.length + 3; i++) {
            if (buf[i] < '0' || buf[i] > '9') {
                return -1;
            }
            code = code * 10 + buf[i] - '0';
        }
        return code;
    }

    /** The Content-Length of the head ending at {@code head}, or -1 when it has none. */
    private int contentLength(int head) {
        for (int i = start; i + CONTENT_LENGTH.length <= head; i++) {
            if (startsIgnoringCase(i)) {
                int j = i + CONTENT_LENGTH.length;
                while (buf[j] == ' ') {
                    j++;
                }
                int n = 0;
                for (; buf[j] >= '0' && buf[j] <= '9'; j++) {
                    n = n * 10 + buf[j] - '0';
                }
                return n;
            }
        }
        return -1;
    }

    private boolean startsIgnoringCase(int at) {
        for (int k = 0; k < CONTENT_LENGTH.length; k++) {
            byte b = buf[at + k];
            if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != CONTENT_LENGTH[k]) {
                return false;
            }
        }
        return true;
    }

    /** Reads until the buffer holds {@code index} bytes. */
    private void fill(int index) throws IOException {
        while (end < index) {
            read();
        }
    }

    private void read() throws IOException {
        if (end == buf.length) {
            throw new AssertionError("response " + (checked + 1) + " does not fit " + buf.length + " bytes");
        }
        int r = in.read(buf, end, buf.length - end);
        if (r < 0) {
            throw new AssertionError("connection closed after " + checked + " responses, "
                    + (end - start) + " bytes of the next: "
                    + new String(buf, start, end - start, StandardCharsets.ISO_8859_1));
        }
        end += r;
    }

    private AssertionError mismatch(int head, int length, int status, byte[] body) {
        int bodyEnd = Math.min(end, head + length);
        return new AssertionError("response " + (checked + 1) + ": want status " + status + " and body '"
                + new String(body, StandardCharsets.ISO_8859_1) + "', got:\n"
                + new String(buf, start, bodyEnd - start, StandardCharsets.ISO_8859_1));
    }
}
