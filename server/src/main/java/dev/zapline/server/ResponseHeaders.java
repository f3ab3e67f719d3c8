package dev.zapline.server;

import dev.zapline.server.internal.HeaderNames;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The headers set so far on a response, in order: what {@link Ctx#responseHeaders()} returns, for middleware and
 * tests that look at them. Handlers set headers through {@link Ctx#header}; this view only reads.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=responseHeaders}
 *
 * <p>Names must be tokens and values must not hold CR or LF (header injection); both are checked when set. Not
 * thread-safe; owned by a {@link Ctx} and valid as long as it is.
 */
public final class ResponseHeaders {

    // Kept as bytes in one reused array, laid out as HTTP/1.1 header lines ("name: value\r\n"), so that setting
    // them allocates nothing once warm and the HTTP transport copies them all at once; the ZAP transport reads
    // names and values by offset. Those accessors are package-private: they are the transports' business.

    private byte[] data = new byte[512];
    private int used;
    private int[] nameAt = new int[16];
    private int[] nameLen = new int[16];
    private int[] valueAt = new int[16];
    private int[] valueLen = new int[16];
    private int count;
    private boolean contentType;
    private int pinnedCount;
    private int pinnedUsed;
    private boolean pinnedContentType;
    /**
     * The last name and value given as Strings that passed their checks. Strings are immutable, so the same
     * instance needs no second check: a handler's constants are the same instances on every request.
     */
    private String checkedName;

    private String checkedValue;

    void clear() {
        used = 0;
        count = 0;
        contentType = false;
        pin();
    }

    /** Marks the headers set so far to survive {@link #clearUnpinned()}. */
    void pin() {
        pinnedCount = count;
        pinnedUsed = used;
        pinnedContentType = contentType;
    }

    /** Drops the headers set after the last {@link #pin()}. */
    void clearUnpinned() {
        count = pinnedCount;
        used = pinnedUsed;
        contentType = pinnedContentType;
    }

    /** Adds a header; repeated names give repeated fields. */
    /** Fields a trailer may not carry: framing and routing ones (RFC 9110 §6.5.1). */
    private static final java.util.Set<String> TRAILER_REFUSED =
            java.util.Set.of("content-length", "transfer-encoding", "trailer", "te", "connection", "host");

    /** {@link #add(CharSequence, CharSequence)} for a trailer field, refusing {@link #TRAILER_REFUSED}. */
    void addTrailer(String name, String value) {
        if (TRAILER_REFUSED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
            throw new IllegalArgumentException("'" + name + "' cannot be a trailer field (RFC 9110 §6.5.1)");
        }
        add(name, value);
    }

    void add(CharSequence name, CharSequence value) {
        if (name != checkedName) {
            checkName(name);
        }
        int n = name.length();
        int p = reserve(n + value.length() + 4);
        nameAt[count] = p;
        nameLen[count] = n;
        latin1(name, p);
        if (name instanceof String s) {
            checkedName = s;
        }
        finish(p + n, value, false);
    }

    /** Adds a header with a pre-encoded (trusted) name and a value that is checked. */
    void add(byte[] name, CharSequence value) {
        int p = reserve(name.length + value.length() + 4);
        nameAt[count] = p;
        nameLen[count] = name.length;
        System.arraycopy(name, 0, data, p, name.length);
        finish(p + name.length, value, name == HeaderNames.CONTENT_TYPE);
    }

    /**
     * Writes {@code ": value\r\n"} at {@code p} after the name of header {@code count}, checks the value, and only
     * then counts the header: a refused value leaves nothing behind.
     */
    private void finish(int p, CharSequence value, boolean contentTypeName) {
        byte[] d = data;
        d[p++] = ':';
        d[p++] = ' ';
        int n = value.length();
        valueAt[count] = p;
        valueLen[count] = n;
        latin1(value, p);
        if (value != checkedValue) {
            checkValue(value, p);
        }
        p += n;
        d[p++] = '\r';
        d[p++] = '\n';
        used = p;
        contentType |= contentTypeName || isContentType(nameAt[count], nameLen[count]);
        count++;
    }

    /** Adds a header from pre-encoded bytes (trusted: checked once where they were made). */
    void add(byte[] name, byte[] value) {
        add(name, value, 0, value.length);
    }

    /** Adds a header whose value is {@code length} bytes of {@code value} at {@code offset} (trusted). */
    void add(byte[] name, byte[] value, int offset, int length) {
        int p = reserve(name.length + length + 4);
        byte[] d = data;
        nameAt[count] = p;
        nameLen[count] = name.length;
        System.arraycopy(name, 0, d, p, name.length);
        p += name.length;
        d[p++] = ':';
        d[p++] = ' ';
        valueAt[count] = p;
        valueLen[count] = length;
        System.arraycopy(value, offset, d, p, length);
        p += length;
        d[p++] = '\r';
        d[p++] = '\n';
        used = p;
        contentType |= name == HeaderNames.CONTENT_TYPE || isContentType(nameAt[count], nameLen[count]);
        count++;
    }

    /** How many headers are set (a repeated name counts once per field). */
    public int count() {
        return count;
    }

    /** Whether a content-type header was set. */
    public boolean hasContentType() {
        return contentType;
    }

    /** Allocating convenience: the name of header {@code i} (0-based, in the order set), as it was given. */
    public String name(int i) {
        Objects.checkIndex(i, count);
        return new String(data, nameAt[i], nameLen[i], StandardCharsets.ISO_8859_1);
    }

    /** Allocating convenience: the value of header {@code i} (0-based, in the order set). */
    public String value(int i) {
        Objects.checkIndex(i, count);
        return new String(data, valueAt[i], valueLen[i], StandardCharsets.ISO_8859_1);
    }

    /** Copies every header as HTTP/1.1 header lines into {@code dst} at {@code at}; returns the index after them. */
    int writeHttp(byte[] dst, int at) {
        System.arraycopy(data, 0, dst, at, used);
        return at + used;
    }

    /** Appends every header as HTTP/1.1 field lines ({@code Name: value\r\n}) to {@code out}. */
    void writeHttp(io.netty.buffer.ByteBuf out) {
        out.writeBytes(data, 0, used);
    }

    /** The bytes {@link #writeHttp} writes. */
    int size() {
        return used;
    }

    /** The array that names and values index into (valid until the next header is set). */
    byte[] array() {
        return data;
    }

    int nameStart(int i) {
        return nameAt[i];
    }

    int nameLength(int i) {
        return nameLen[i];
    }

    int valueStart(int i) {
        return valueAt[i];
    }

    int valueLength(int i) {
        return valueLen[i];
    }

    /** Allocating convenience: the value of the first header named {@code name} (case-insensitive), or null. */
    public String get(String name) {
        byte[] n = name.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < count; i++) {
            if (nameLen[i] == n.length && equalsIgnoreCase(nameAt[i], n)) {
                return new String(data, valueAt[i], valueLen[i], StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);
    private static final long CONTENT_TYPE_0 = (long) LONG.get(CONTENT_TYPE, 0);
    private static final int CONTENT_TYPE_8 = (int) INT.get(CONTENT_TYPE, 8);

    /**
     * Whether the name at {@code at} is {@code content-type} in any case, as two word compares: setting bit 5 of
     * every byte lower-cases letters and leaves '-' as it is; the only other byte it turns into '-' or a letter
     * is CR, which no name holds (names are tokens: checked, or pre-encoded from checked ones).
     */
    private boolean isContentType(int at, int len) {
        return len == 12
                && ((long) LONG.get(data, at) | 0x2020202020202020L) == CONTENT_TYPE_0
                && ((int) INT.get(data, at + 8) | 0x20202020) == CONTENT_TYPE_8;
    }

    private boolean equalsIgnoreCase(int at, byte[] other) {
        for (int k = 0; k < other.length; k++) {
            if (lower(data[at + k]) != lower(other[k])) {
                return false;
            }
        }
        return true;
    }

    private static int lower(int b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }

    /** Room for one more header of {@code bytes} bytes; returns where it starts. */
    private int reserve(int bytes) {
        if (count == nameAt.length) {
            int n = count * 2;
            nameAt = Arrays.copyOf(nameAt, n);
            nameLen = Arrays.copyOf(nameLen, n);
            valueAt = Arrays.copyOf(valueAt, n);
            valueLen = Arrays.copyOf(valueLen, n);
        }
        if (used + bytes > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, used + bytes));
        }
        return used;
    }

    @SuppressWarnings("deprecation")
    private void latin1(CharSequence s, int at) {
        int n = s.length();
        if (s instanceof String str) {
            // The low byte of each char in one intrinsic copy; values above 0xFF are refused by the callers.
            str.getBytes(0, n, data, at);
        } else {
            for (int i = 0; i < n; i++) {
                data[at + i] = (byte) s.charAt(i);
            }
        }
    }

    /** Refuses a value (copied at {@code at}) with CR, LF, NUL or a character beyond Latin-1. */
    private void checkValue(CharSequence v, int at) {
        for (int i = 0, n = v.length(); i < n; i++) {
            int c = data[at + i] & 0xFF;
            if (c == '\r' || c == '\n' || c == 0 || v.charAt(i) > 0xFF) {
                throw new IllegalArgumentException("header value has CR, LF, NUL or a non-Latin-1 character at " + i);
            }
        }
        if (v instanceof String s) {
            checkedValue = s;
        }
    }

    /** RFC 9110 tchar, as a table: one lookup per character. */
    private static final boolean[] TOKEN = new boolean[128];

    static {
        for (int c = 0x21; c < 0x7F; c++) {
            TOKEN[c] = "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
        }
    }

    private static void checkName(CharSequence name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty header name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 128 || !TOKEN[c]) {
                throw new IllegalArgumentException("header name '" + name + "' has a non-token character at " + i);
            }
        }
    }
}
