package dev.zapline.server;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The headers a handler sets on its response, in order, kept as bytes in one reused array so that setting them
 * allocates nothing once warm. They are laid out as HTTP/1.1 header lines ({@code name: value\r\n}), so the HTTP
 * transport writes them all with one copy; other transports read names and values by offset.
 *
 * <p>Names must be tokens and values must not hold CR or LF (header injection); both are checked when set. Not
 * thread-safe; owned by a {@link Ctx}.
 */
public final class ResponseHeaders {

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
    void add(CharSequence name, CharSequence value) {
        if (name != checkedName) {
            checkName(name);
        }
        slot();
        int start = used;
        nameAt[count] = used;
        nameLen[count] = latin1(name);
        if (name instanceof String s) {
            checkedName = s;
        }
        addValue(start, value);
    }

    /** Adds a header with a pre-encoded (trusted) name and a value that is checked. */
    void add(byte[] name, CharSequence value) {
        slot();
        int start = used;
        nameAt[count] = used;
        nameLen[count] = append(name, 0, name.length);
        addValue(start, value);
    }

    private void addValue(int start, CharSequence value) {
        colonSpace();
        valueAt[count] = used;
        try {
            valueLen[count] = value(value);
        } catch (IllegalArgumentException e) {
            used = start;
            throw e;
        }
        crlf();
        contentType |= isContentType(nameAt[count], nameLen[count]);
        count++;
    }

    /** Adds a header from pre-encoded bytes (trusted: checked once where they were made). */
    void add(byte[] name, byte[] value) {
        add(name, value, 0, value.length);
    }

    /** Adds a header whose value is {@code length} bytes of {@code value} at {@code offset} (trusted). */
    void add(byte[] name, byte[] value, int offset, int length) {
        slot();
        nameAt[count] = used;
        nameLen[count] = append(name, 0, name.length);
        colonSpace();
        valueAt[count] = used;
        valueLen[count] = append(value, offset, length);
        crlf();
        contentType |= isContentType(nameAt[count], nameLen[count]);
        count++;
    }

    public int count() {
        return count;
    }

    /** Whether a content-type header was set. */
    public boolean hasContentType() {
        return contentType;
    }

    /** Writes every header as HTTP/1.1 header lines, in order, with one copy. */
    public void writeHttp(ByteBuf out) {
        out.writeBytes(data, 0, used);
    }

    /** Copies every header as HTTP/1.1 header lines into {@code dst} at {@code at}; returns the index after them. */
    int writeHttp(byte[] dst, int at) {
        System.arraycopy(data, 0, dst, at, used);
        return at + used;
    }

    /** The bytes {@link #writeHttp} writes. */
    int size() {
        return used;
    }

    private void colonSpace() {
        ensure(2);
        data[used++] = ':';
        data[used++] = ' ';
    }

    private void crlf() {
        ensure(2);
        data[used++] = '\r';
        data[used++] = '\n';
    }

    public byte[] array() {
        return data;
    }

    public int nameStart(int i) {
        return nameAt[i];
    }

    public int nameLength(int i) {
        return nameLen[i];
    }

    public int valueStart(int i) {
        return valueAt[i];
    }

    public int valueLength(int i) {
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

    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);

    private boolean isContentType(int at, int len) {
        return len == CONTENT_TYPE.length && equalsIgnoreCase(at, CONTENT_TYPE);
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

    private void slot() {
        if (count == nameAt.length) {
            int n = count * 2;
            nameAt = Arrays.copyOf(nameAt, n);
            nameLen = Arrays.copyOf(nameLen, n);
            valueAt = Arrays.copyOf(valueAt, n);
            valueLen = Arrays.copyOf(valueLen, n);
        }
    }

    private int append(byte[] b, int offset, int length) {
        ensure(length);
        System.arraycopy(b, offset, data, used, length);
        used += length;
        return length;
    }

    @SuppressWarnings("deprecation")
    private int latin1(CharSequence s) {
        int n = s.length();
        ensure(n);
        if (s instanceof String str) {
            // The low byte of each char in one intrinsic copy; values above 0xFF are refused by the callers.
            str.getBytes(0, n, data, used);
        } else {
            for (int i = 0; i < n; i++) {
                data[used + i] = (byte) s.charAt(i);
            }
        }
        used += n;
        return n;
    }

    private int value(CharSequence v) {
        int at = used;
        int n = latin1(v);
        if (v == checkedValue) {
            return n;
        }
        for (int i = 0; i < n; i++) {
            int c = data[at + i] & 0xFF;
            if (c == '\r' || c == '\n' || c == 0 || v.charAt(i) > 0xFF) {
                used = at;
                throw new IllegalArgumentException("header value has CR, LF, NUL or a non-Latin-1 character at " + i);
            }
        }
        if (v instanceof String s) {
            checkedValue = s;
        }
        return n;
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
    private void ensure(int more) {
        if (used + more > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, used + more));
        }
    }
}
