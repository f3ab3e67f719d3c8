package dev.zapline.server.middleware;

import dev.zapline.server.Attribute;
import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.HeaderName;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gives every request an id, sets it as the {@code x-request-id} response header (kept on error responses too)
 * and exposes it to handlers. An incoming {@code x-request-id} is reused when it is 1 to 128 bytes of visible
 * ASCII; otherwise, or when absent, a new id is made: a prefix, a dash and a process-wide counter in hex, e.g.
 * {@code 7kq2m9xv4c1d-2a}. The default prefix is random per JVM, so ids from several servers do not collide.
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=requestId}
 *
 * <p>Allocation-free per request: the id is formatted into a buffer the connection keeps. Thread-safe; the counter is
 * shared by all event loops.
 */
public final class RequestId implements Handler {

    /** The longest incoming id that is reused. */
    public static final int MAX_LENGTH = 128;

    private static final int MAX_PREFIX = MAX_LENGTH - 17;
    private static final HeaderName HEADER = HeaderName.of("x-request-id");
    private static final Attribute<Value> BUFFER = Attribute.perConnection("request id buffer");
    private static final Attribute<Value> CURRENT = Attribute.perRequest("request id");
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BASE32 = "0123456789abcdefghjkmnpqrstvwxyz".getBytes(StandardCharsets.US_ASCII);
    private static final AtomicLong COUNTER = new AtomicLong();

    private final byte[] prefix;

    private RequestId(byte[] prefix) {
        this.prefix = prefix;
    }

    /** Ids with a random 12-character prefix chosen once per JVM. */
    public static RequestId create() {
        return new RequestId(RandomPrefix.VALUE);
    }

    /** Ids with {@code prefix} (1 to 111 visible ASCII characters), e.g. a node name. */
    public static RequestId withPrefix(String prefix) {
        byte[] p = prefix.getBytes(StandardCharsets.ISO_8859_1);
        if (p.length == 0 || p.length > MAX_PREFIX || !visibleAscii(p, p.length)) {
            throw new IllegalArgumentException(
                    "request id prefix '" + prefix + "' must be 1.." + MAX_PREFIX + " visible ASCII characters");
        }
        return new RequestId(p);
    }

    /** This request's id, or null when no {@code RequestId} ran for it. Valid until the request completes. */
    public static Value of(Ctx ctx) {
        return ctx.attribute(CURRENT);
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        Value id = ctx.attribute(BUFFER);
        if (id == null) {
            id = new Value();
            ctx.attribute(BUFFER, id);
        }
        int n = ctx.copyHeader(HEADER, id.bytes, 0);
        if (n > 0 && n <= MAX_LENGTH && visibleAscii(id.bytes, n)) {
            id.length = n;
        } else {
            generate(id);
        }
        ctx.attribute(CURRENT, id);
        ctx.header(HEADER, id.bytes, 0, id.length).pinHeaders();
        ctx.next();
    }

    private void generate(Value id) {
        byte[] b = id.bytes;
        System.arraycopy(prefix, 0, b, 0, prefix.length);
        int at = prefix.length;
        b[at++] = '-';
        long n = COUNTER.getAndIncrement();
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(n) + 3) / 4);
        for (int i = digits - 1; i >= 0; i--) {
            b[at + i] = HEX[(int) (n & 0xF)];
            n >>>= 4;
        }
        id.length = at + digits;
    }

    private static boolean visibleAscii(byte[] b, int length) {
        for (int i = 0; i < length; i++) {
            if (b[i] < 0x21 || b[i] > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /**
     * A request id: ASCII bytes in a buffer the connection reuses for its next request. {@link #toString()} copies
     * it into a String to keep.
     */
    public static final class Value implements CharSequence {

        private final byte[] bytes = new byte[MAX_LENGTH];
        private int length;

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= length) {
                throw new IndexOutOfBoundsException("index " + index + " outside 0.." + (length - 1));
            }
            return (char) bytes[index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().substring(start, end);
        }

        /** Copies the id into {@code dst} at {@code offset}; returns its length. */
        public int copyTo(byte[] dst, int offset) {
            System.arraycopy(bytes, 0, dst, offset, length);
            return length;
        }

        @Override
        public String toString() {
            return new String(bytes, 0, length, StandardCharsets.US_ASCII);
        }
    }

    /** The per-JVM prefix, made on first use (SecureRandom is not needed before that). */
    private static final class RandomPrefix {

        static final byte[] VALUE = new byte[12];

        static {
            SecureRandom random = new SecureRandom();
            for (int i = 0; i < VALUE.length; i++) {
                VALUE[i] = BASE32[random.nextInt(BASE32.length)];
            }
        }
    }
}
