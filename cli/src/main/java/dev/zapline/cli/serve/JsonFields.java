package dev.zapline.cli.serve;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Checks that some bytes are one JSON object (RFC 8259: strict grammar, well-formed UTF-8, at most
 * {@link #MAX_DEPTH} levels of nesting) and notes where the values of a few wanted top-level members are, without
 * allocating: the shop API's request bodies are read with one per event loop. Other members are checked and skipped.
 * A wanted member given twice makes the body invalid, so there is no question of which one counts.
 *
 * <p>Member names are compared after unescaping ({@code "us\u0065r"} is {@code user}). For each wanted name,
 * {@link #kind} says what its value is and {@link #start}/{@link #end} span it in the input: for a string, the
 * characters between the quotes, still escaped (valid JSON string content, so it can be copied into JSON as is; see
 * {@link JsonText#unescape} for the text); for anything else, the value as written. Not thread-safe.
 */
final class JsonFields {

    static final int MISSING = 0;
    static final int STRING = 1;
    static final int NUMBER = 2;
    static final int OTHER = 3;
    static final int MAX_DEPTH = 32;

    private final byte[][] names;
    private final int[] kind;
    private final int[] start;
    private final int[] end;
    private final byte[] nameScratch = new byte[64];
    private byte[] in;
    private int limit;
    private int pos;

    JsonFields(String... names) {
        this.names = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            this.names[i] = names[i].getBytes(StandardCharsets.UTF_8);
        }
        kind = new int[names.length];
        start = new int[names.length];
        end = new int[names.length];
    }

    /**
     * Reads {@code buf[0, length)}; returns -1 when it is one JSON object (surrounding whitespace allowed), else the
     * offset where it breaks: the offending byte (the first of a malformed UTF-8 sequence, the opening quote of a
     * repeated wanted name), or {@code length} when it ends too soon. The wanted fields are then as found; after a
     * failure they mean nothing.
     */
    int parse(byte[] buf, int length) {
        in = buf;
        limit = length;
        pos = 0;
        Arrays.fill(kind, MISSING);
        try {
            space();
            if (peek() != '{') {
                return pos;
            }
            object(1, true);
            space();
            return pos == limit ? -1 : pos;
        } catch (Malformed e) {
            return pos;
        } finally {
            in = null;
        }
    }

    /** What field {@code i} (in the order given to the constructor) is: {@link #MISSING}, {@link #STRING}... */
    int kind(int i) {
        return kind[i];
    }

    int start(int i) {
        return start[i];
    }

    int end(int i) {
        return end[i];
    }

    /** Thrown (one shared instance, no stack trace) to unwind to {@link #parse}; {@link #pos} says where. */
    private static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Malformed INSTANCE = new Malformed();

        private Malformed() {
            super("malformed JSON", null, false, false);
        }
    }

    private int peek() {
        if (pos >= limit) {
            throw Malformed.INSTANCE;
        }
        return in[pos] & 0xFF;
    }

    private void expect(int c) {
        if (peek() != c) {
            throw Malformed.INSTANCE;
        }
        pos++;
    }

    private void space() {
        while (pos < limit) {
            int c = in[pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    /** An object at {@link #pos} ('{'); {@code top} when its members are the ones looked for. */
    private void object(int depth, boolean top) {
        pos++;
        space();
        if (peek() == '}') {
            pos++;
            return;
        }
        while (true) {
            space();
            int nameAt = pos;
            int nameStart = string();
            int field = top ? wanted(nameStart, pos - 1) : -1;
            if (field >= 0 && kind[field] != MISSING) {
                pos = nameAt;
                throw Malformed.INSTANCE;
            }
            space();
            expect(':');
            space();
            int valueAt = pos;
            int k = value(depth);
            if (field >= 0) {
                kind[field] = k;
                start[field] = k == STRING ? valueAt + 1 : valueAt;
                end[field] = k == STRING ? pos - 1 : pos;
            }
            space();
            int c = peek();
            pos++;
            if (c == '}') {
                return;
            }
            if (c != ',') {
                pos--;
                throw Malformed.INSTANCE;
            }
        }
    }

    private void array(int depth) {
        pos++;
        space();
        if (peek() == ']') {
            pos++;
            return;
        }
        while (true) {
            space();
            value(depth);
            space();
            int c = peek();
            pos++;
            if (c == ']') {
                return;
            }
            if (c != ',') {
                pos--;
                throw Malformed.INSTANCE;
            }
        }
    }

    /** A value at {@link #pos}, nested {@code depth} levels deep; returns its kind. */
    private int value(int depth) {
        int c = peek();
        switch (c) {
            case '"' -> {
                string();
                return STRING;
            }
            case '{', '[' -> {
                if (depth >= MAX_DEPTH) {
                    throw Malformed.INSTANCE;
                }
                if (c == '{') {
                    object(depth + 1, false);
                } else {
                    array(depth + 1);
                }
                return OTHER;
            }
            case 't' -> literal(TRUE);
            case 'f' -> literal(FALSE);
            case 'n' -> literal(NULL);
            default -> {
                number();
                return NUMBER;
            }
        }
        return OTHER;
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private void literal(byte[] word) {
        for (byte b : word) {
            expect(b);
        }
    }

    private void number() {
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else {
            digits();
        }
        if (pos < limit && in[pos] == '.') {
            pos++;
            digits();
        }
        if (pos < limit && (in[pos] == 'e' || in[pos] == 'E')) {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            digits();
        }
    }

    /** One or more digits. */
    private void digits() {
        if (!isDigit(peek())) {
            throw Malformed.INSTANCE;
        }
        while (pos < limit && isDigit(in[pos])) {
            pos++;
        }
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /**
     * A string at {@link #pos} (its opening quote); leaves {@link #pos} after its closing quote and returns where its
     * content starts.
     */
    private int string() {
        expect('"');
        int from = pos;
        while (true) {
            int c = peek();
            if (c == '"') {
                pos++;
                return from;
            }
            if (c < 0x20) {
                throw Malformed.INSTANCE;
            }
            if (c == '\\') {
                pos++;
                escape();
            } else if (c >= 0x80) {
                utf8Sequence(c);
            } else {
                pos++;
            }
        }
    }

    private void escape() {
        int c = peek();
        pos++;
        if (c == 'u') {
            for (int i = 0; i < 4; i++) {
                if (Character.digit(peek(), 16) < 0) {
                    throw Malformed.INSTANCE;
                }
                pos++;
            }
        } else if ("\"\\/bfnrt".indexOf(c) < 0) {
            pos--;
            throw Malformed.INSTANCE;
        }
    }

    /**
     * One well-formed UTF-8 sequence led by {@code lead} (Unicode table 3-7: no overlongs, no surrogates); a
     * malformed one is reported at its first byte.
     */
    private void utf8Sequence(int lead) {
        int more;
        int lo = 0x80;
        int hi = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            more = 1;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            more = 2;
            lo = lead == 0xE0 ? 0xA0 : 0x80;
            hi = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            more = 3;
            lo = lead == 0xF0 ? 0x90 : 0x80;
            hi = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            throw Malformed.INSTANCE;
        }
        int at = pos++;
        for (int i = 0; i < more; i++) {
            int c = pos < limit ? in[pos] & 0xFF : -1;
            if (c < (i == 0 ? lo : 0x80) || c > (i == 0 ? hi : 0xBF)) {
                pos = at;
                throw Malformed.INSTANCE;
            }
            pos++;
        }
    }

    /** The wanted field whose name is the string content {@code in[from, to)}, or -1. */
    private int wanted(int from, int to) {
        byte[] src = in;
        int off = from;
        int len = to - from;
        for (int i = from; i < to; i++) {
            if (src[i] == '\\') {
                len = JsonText.unescape(in, from, to, nameScratch);
                if (len < 0) {
                    return -1;
                }
                src = nameScratch;
                off = 0;
                break;
            }
        }
        for (int f = 0; f < names.length; f++) {
            if (Arrays.equals(names[f], 0, names[f].length, src, off, off + len)) {
                return f;
            }
        }
        return -1;
    }
}
