package dev.zapline.load.journey;

import java.util.Arrays;

/**
 * Evaluates a {@link JsonPath} over JSON bytes in one pass, without building a tree and without allocating once
 * warm: values off the path are skipped token by token (strings and their escapes, numbers, literals, nested
 * containers); on the path, member names are compared after unescaping (<code>&#92;u0041</code>, surrogate
 * pairs), array elements by position. The whole document is validated: malformed or truncated JSON finds nothing,
 * as do inputs nested deeper than {@link #MAX_DEPTH}. Nothing is read outside the given range and nothing is
 * thrown. Of duplicate member names, the first under which the rest of the path is found is taken. UTF-8 inside
 * strings is passed through unchecked.
 *
 * <p>After a successful {@link #find}, {@link #start}, {@link #end} and {@link #kind} describe the value: the bytes
 * of its token ({@code "..."} with quotes for a string). Confined to one thread.
 */
public final class JsonScan {

    /** The deepest nesting of containers scanned. */
    public static final int MAX_DEPTH = 512;

    /** What a found value is. */
    public enum Kind {
        STRING,
        NUMBER,
        TRUE,
        FALSE,
        NULL,
        OBJECT,
        ARRAY
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private final boolean[] isObject = new boolean[MAX_DEPTH];
    private final int[] index = new int[MAX_DEPTH];
    private byte[] name = new byte[64];
    private boolean nameMatched;
    private int start = -1;
    private int end = -1;
    private Kind kind;

    /** A path compiled for scanning: per segment, the member name's UTF-8 bytes (null for an index) or the index. */
    public static final class Path {

        final byte[][] names;
        final int[] indexes;

        private Path(byte[][] names, int[] indexes) {
            this.names = names;
            this.indexes = indexes;
        }

        public static Path of(JsonPath path) {
            int n = path.segments().size();
            byte[][] names = new byte[n][];
            int[] indexes = new int[n];
            for (int i = 0; i < n; i++) {
                if (path.segments().get(i) instanceof JsonPath.Name name) {
                    names[i] = name.utf8();
                    indexes[i] = -1;
                } else {
                    indexes[i] = ((JsonPath.Index) path.segments().get(i)).index();
                }
            }
            return new Path(names, indexes);
        }
    }

    /**
     * Looks for {@code path} in the JSON document that is {@code len} bytes of {@code json} from {@code off}.
     *
     * @return whether the document is well-formed and has a value at the path; a bad range finds nothing
     */
    public boolean find(byte[] json, int off, int len, Path path) {
        start = -1;
        end = -1;
        kind = null;
        if (json == null || off < 0 || len < 0 || off > json.length - len) {
            return false;
        }
        int at = scan(json, off, off + len, path);
        if (at < 0 || end < 0) {
            start = -1;
            end = -1;
            return false;
        }
        kind = kindAt(json[start]);
        return true;
    }

    /** Where the found value's token starts. */
    public int start() {
        return start;
    }

    /** Where the found value's token ends (exclusive). */
    public int end() {
        return end;
    }

    /** The found value's kind, null when {@link #find} found nothing. */
    public Kind kind() {
        return kind;
    }

    /**
     * Decodes the content of the found string (its token {@code [start, end)} of {@code json}, quotes excluded)
     * into {@code dst} at {@code off} as UTF-8, which needs room for {@code end - start - 2} bytes.
     *
     * @return the number of bytes written
     */
    public static int unescape(byte[] json, int start, int end, byte[] dst, int off) {
        return JsonStrings.unescape(json, start + 1, end - 1, dst, off);
    }

    /** Scans the document; returns -1 when it is malformed, else its end, having set start and end if found. */
    private int scan(byte[] b, int from, int limit, Path path) {
        int segments = path.names.length;
        int depth = 0;
        int onPath = 0;
        boolean pending = true;
        int targetDepth = -1;
        int pos = ws(b, from, limit);
        while (true) {
            if (pos >= limit) {
                return -1;
            }
            if (pending && depth == segments && start < 0) {
                start = pos;
                targetDepth = depth;
            }
            byte c = b[pos];
            if (c == '{' || c == '[') {
                boolean object = c == '{';
                if (depth == MAX_DEPTH) {
                    return -1;
                }
                if (pending && depth < segments && (path.names[depth] != null) == object) {
                    onPath = depth + 1;
                }
                isObject[depth] = object;
                index[depth] = 0;
                depth++;
                pos = ws(b, pos + 1, limit);
                if (pos >= limit) {
                    return -1;
                }
                if (b[pos] != (object ? '}' : ']')) {
                    if (object) {
                        pos = member(b, pos, limit, depth, onPath, path);
                        pending = nameMatched;
                    } else {
                        pending = onPath == depth && path.indexes[depth - 1] == 0;
                    }
                    continue;
                }
                pos++;
                depth--;
                onPath = Math.min(onPath, depth);
            } else {
                pos = scalar(b, pos, limit);
                if (pos < 0) {
                    return -1;
                }
            }
            while (true) {
                if (depth == targetDepth && end < 0) {
                    end = pos;
                }
                if (depth == 0) {
                    return ws(b, pos, limit) == limit ? limit : -1;
                }
                pos = ws(b, pos, limit);
                if (pos >= limit) {
                    return -1;
                }
                boolean object = isObject[depth - 1];
                c = b[pos];
                if (c == ',') {
                    pos = ws(b, pos + 1, limit);
                    if (object) {
                        pos = member(b, pos, limit, depth, onPath, path);
                        pending = nameMatched;
                    } else {
                        pending = onPath == depth && path.indexes[depth - 1] == ++index[depth - 1];
                    }
                    break;
                }
                if (c != (object ? '}' : ']')) {
                    return -1;
                }
                pos++;
                depth--;
                onPath = Math.min(onPath, depth);
            }
        }
    }

    /**
     * Reads {@code "name" :} at {@code pos} and returns where the member's value starts ({@code limit} when the
     * member is malformed, which the caller's next read rejects); sets {@link #nameMatched}.
     */
    private int member(byte[] b, int pos, int limit, int depth, int onPath, Path path) {
        nameMatched = false;
        if (pos >= limit || b[pos] != '"') {
            return limit;
        }
        int after = JsonStrings.skip(b, pos, limit);
        if (after < 0) {
            return limit;
        }
        byte[] wanted = onPath == depth ? path.names[depth - 1] : null;
        nameMatched = wanted != null && sameName(b, pos + 1, after - 1, wanted);
        int colon = ws(b, after, limit);
        if (colon >= limit || b[colon] != ':') {
            nameMatched = false;
            return limit;
        }
        return ws(b, colon + 1, limit);
    }

    /** Whether the string content {@code [from, to)}, unescaped, is {@code wanted}. */
    private boolean sameName(byte[] b, int from, int to, byte[] wanted) {
        int raw = to - from;
        if (raw < wanted.length || raw > 6L * wanted.length) {
            return false;
        }
        if (raw == wanted.length && Arrays.equals(b, from, to, wanted, 0, wanted.length)) {
            return true;
        }
        if (name.length < raw) {
            name = new byte[Math.max(raw, 2 * name.length)];
        }
        int n = JsonStrings.unescape(b, from, to, name, 0);
        return Arrays.equals(name, 0, n, wanted, 0, wanted.length);
    }

    private static int scalar(byte[] b, int pos, int limit) {
        return switch (b[pos]) {
            case '"' -> JsonStrings.skip(b, pos, limit);
            case 't' -> literal(b, pos, limit, TRUE);
            case 'f' -> literal(b, pos, limit, FALSE);
            case 'n' -> literal(b, pos, limit, NULL);
            default -> JsonNumber.skip(b, pos, limit);
        };
    }

    private static int literal(byte[] b, int pos, int limit, byte[] word) {
        int end = pos + word.length;
        return end <= limit && Arrays.equals(b, pos, end, word, 0, word.length) ? end : -1;
    }

    private static Kind kindAt(byte c) {
        return switch (c) {
            case '"' -> Kind.STRING;
            case 't' -> Kind.TRUE;
            case 'f' -> Kind.FALSE;
            case 'n' -> Kind.NULL;
            case '{' -> Kind.OBJECT;
            case '[' -> Kind.ARRAY;
            default -> Kind.NUMBER;
        };
    }

    private static int ws(byte[] b, int pos, int limit) {
        int i = pos;
        while (i < limit && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        return i;
    }
}
