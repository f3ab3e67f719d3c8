package dev.zapline.load.journey;

import java.util.Arrays;

/**
 * Evaluates {@link Check}s against a {@link Response} without allocating once warm (the semantics are
 * {@link Check}'s). A check whose subject is missing fails, whatever its operator: an absent header, a body or
 * JSONPath value that is not there (so {@code $.a != 1} fails when there is no {@code a}). Comparisons:
 *
 * <ul>
 *   <li>status and duration: numerically ({@code duration} in nanoseconds of service time);
 *   <li>a header against a number: numerically when the field is a number, else bytewise, as against text;
 *   <li>a JSONPath value against a number: numerically, and only a JSON number passes; against {@code true},
 *       {@code false} or {@code null}: {@code ==} and {@code !=} compare the value's kind (so a quoted
 *       {@code "null"} also means the literal), other operators fail; against text: a string's unescaped content
 *       bytewise, any other value's JSON text bytewise;
 *   <li>{@code contains}: a byte substring of the header value, the body, a string's unescaped content or another
 *       value's JSON text.
 * </ul>
 *
 * Confined to one thread.
 */
final class Checker {

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private final JsonScan scan = new JsonScan();
    private byte[] scratch = new byte[256];

    /** A check compiled: its captured-header index, its path, and the JSON kind its value names, if a literal. */
    static final class Compiled {

        final Check check;
        final int header;
        final JsonScan.Path path;
        final JsonScan.Kind literal;

        Compiled(Check check, int header) {
            this.check = check;
            this.header = header;
            this.path = check.path() == null ? null : JsonScan.Path.of(check.path());
            this.literal = literalOf(check.value());
        }

        private static JsonScan.Kind literalOf(Check.Value v) {
            if (v == null || v.isNumber() || v.text() == null) {
                return null;
            }
            if (Arrays.equals(v.text(), TRUE)) {
                return JsonScan.Kind.TRUE;
            }
            if (Arrays.equals(v.text(), FALSE)) {
                return JsonScan.Kind.FALSE;
            }
            return Arrays.equals(v.text(), NULL) ? JsonScan.Kind.NULL : null;
        }
    }

    /** The scanner, for the runner's JSONPath exports. */
    JsonScan scan() {
        return scan;
    }

    /** A scratch array of at least {@code len} bytes (grown while warming up). */
    byte[] scratch(int len) {
        if (scratch.length < len) {
            scratch = new byte[Math.max(len, 2 * scratch.length)];
        }
        return scratch;
    }

    boolean passes(Compiled c, Response r) {
        Check check = c.check;
        Check.Op op = check.op();
        Check.Value v = check.value();
        return switch (check.subject()) {
            case STATUS ->
                op == Check.Op.IN
                        ? r.status() >= v.number() && r.status() <= v.upper()
                        : v.isNumber() && numeric(op, r.status(), v.number());
            case DURATION -> v.isNumber() && numeric(op, r.serviceNanos(), v.number());
            case BODY -> body(op, v, r);
            case HEADER -> header(c, op, v, r);
            case JSON -> json(c, op, v, r);
        };
    }

    private static boolean body(Check.Op op, Check.Value v, Response r) {
        byte[] body = r.body();
        int len = body == null ? 0 : Math.min(r.bodyLength(), body.length);
        return switch (op) {
            case EXISTS -> len > 0;
            case CONTAINS -> indexOf(body, 0, len, v.text()) >= 0;
            default -> false;
        };
    }

    private static boolean header(Compiled c, Check.Op op, Check.Value v, Response r) {
        int len = c.header < 0 ? -1 : r.headerLength(c.header);
        byte[] h = len < 0 ? null : r.headerBytes(c.header);
        if (h == null) {
            return false;
        }
        int from = valueStart(h, len);
        int to = valueEnd(h, from, len);
        return switch (op) {
            case EXISTS -> true;
            case CONTAINS -> indexOf(h, from, to, v.text()) >= 0;
            default ->
                v.isNumber() && JsonNumber.is(h, from, to)
                        ? numeric(op, JsonNumber.parse(h, from, to), v.number())
                        : bytewise(op, h, from, to, v.text());
        };
    }

    private boolean json(Compiled c, Check.Op op, Check.Value v, Response r) {
        byte[] body = r.body();
        int len = body == null ? 0 : Math.min(r.bodyLength(), body.length);
        if (!scan.find(body, 0, len, c.path)) {
            return false;
        }
        if (op == Check.Op.EXISTS) {
            return true;
        }
        JsonScan.Kind kind = scan.kind();
        int start = scan.start();
        int end = scan.end();
        if (op != Check.Op.CONTAINS && v.isNumber()) {
            return kind == JsonScan.Kind.NUMBER && numeric(op, JsonNumber.parse(body, start, end), v.number());
        }
        if (op != Check.Op.CONTAINS && c.literal != null) {
            return switch (op) {
                case EQ -> kind == c.literal;
                case NE -> kind != c.literal;
                default -> false;
            };
        }
        byte[] text = body;
        if (kind == JsonScan.Kind.STRING) {
            text = scratch(end - start);
            end = JsonScan.unescape(body, start, end, text, 0);
            start = 0;
        }
        return op == Check.Op.CONTAINS
                ? indexOf(text, start, end, v.text()) >= 0
                : bytewise(op, text, start, end, v.text());
    }

    private static boolean numeric(Check.Op op, double a, double b) {
        return switch (op) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
            default -> false;
        };
    }

    private static boolean bytewise(Check.Op op, byte[] a, int from, int to, byte[] b) {
        int cmp = Arrays.compareUnsigned(a, from, to, b, 0, b.length);
        return switch (op) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
            default -> false;
        };
    }

    /** Where a header value of {@code len} bytes starts once leading spaces and tabs are skipped. */
    static int valueStart(byte[] h, int len) {
        int from = 0;
        int to = Math.min(len, h.length);
        while (from < to && (h[from] == ' ' || h[from] == '\t')) {
            from++;
        }
        return from;
    }

    /** Where a header value of {@code len} bytes starting at {@code from} ends, trailing spaces and tabs dropped. */
    static int valueEnd(byte[] h, int from, int len) {
        int to = Math.min(len, h.length);
        while (to > from && (h[to - 1] == ' ' || h[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    /** Where {@code needle} first occurs in {@code [from, to)} of {@code hay}, or -1. */
    static int indexOf(byte[] hay, int from, int to, byte[] needle) {
        if (needle == null || hay == null) {
            return -1;
        }
        int last = to - needle.length;
        for (int i = from; i <= last; i++) {
            if (Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
