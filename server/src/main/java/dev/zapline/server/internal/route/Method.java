package dev.zapline.server.internal.route;

/**
 * HTTP request methods as small int ids, so the router can index arrays by method instead of hashing strings.
 *
 * <p>The ids {@link #GET} to {@link #OPTIONS} are the methods a route can name; {@link #OTHER} stands for every
 * other token (extension methods such as {@code PROPFIND}, and lower-case spellings, because method tokens are
 * case-sensitive, RFC 9110 §9.1). {@link #ALL} is for registration only: a route that accepts any method.
 *
 * {@snippet class=dev.zapline.server.snippets.RouterSnippets region=method}
 *
 * <p>Stateless; safe from any thread.
 */
public final class Method {

    public static final int GET = 0;
    public static final int HEAD = 1;
    public static final int POST = 2;
    public static final int PUT = 3;
    public static final int PATCH = 4;
    public static final int DELETE = 5;
    public static final int OPTIONS = 6;
    /** Any token that is not one of the seven above; matches only {@link #ALL} routes. */
    public static final int OTHER = 7;
    /** Registration only: the route accepts every method, below an explicit route on the same pattern. */
    public static final int ALL = 8;

    /** Number of ids a request can carry ({@link #GET} to {@link #OTHER}). */
    static final int REQUEST_IDS = 8;

    private static final String[] NAMES = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER", "ALL"};

    private Method() {}

    /**
     * Parses a method token without allocating.
     *
     * @return the id of the token, or {@link #OTHER} when it is not one of the seven known methods
     */
    public static int of(byte[] buf, int off, int len) {
        switch (len) {
            case 3:
                if (is(buf, off, 'G', 'E', 'T')) {
                    return GET;
                }
                return is(buf, off, 'P', 'U', 'T') ? PUT : OTHER;
            case 4:
                if (is(buf, off, 'P', 'O', 'S') && buf[off + 3] == 'T') {
                    return POST;
                }
                return is(buf, off, 'H', 'E', 'A') && buf[off + 3] == 'D' ? HEAD : OTHER;
            case 5:
                return is(buf, off, 'P', 'A', 'T') && buf[off + 3] == 'C' && buf[off + 4] == 'H' ? PATCH : OTHER;
            case 6:
                return is(buf, off, 'D', 'E', 'L') && is(buf, off + 3, 'E', 'T', 'E') ? DELETE : OTHER;
            case 7:
                return is(buf, off, 'O', 'P', 'T') && is(buf, off + 3, 'I', 'O', 'N') && buf[off + 6] == 'S'
                        ? OPTIONS
                        : OTHER;
            default:
                return OTHER;
        }
    }

    /** The token for an id ({@code "OTHER"} and {@code "ALL"} for the two pseudo ids). */
    public static String name(int id) {
        if (id < 0 || id >= NAMES.length) {
            throw new IllegalArgumentException("unknown method id " + id + " (expected 0.." + ALL + ")");
        }
        return NAMES[id];
    }

    /** The method at {@code off}: a shared constant for the standard ones, else a new String (ASCII). */
    public static String text(byte[] buf, int off, int len) {
        int id = of(buf, off, len);
        return id != OTHER ? NAMES[id] : new String(buf, off, len, java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static boolean is(byte[] buf, int off, char a, char b, char c) {
        return buf[off] == a && buf[off + 1] == b && buf[off + 2] == c;
    }
}
