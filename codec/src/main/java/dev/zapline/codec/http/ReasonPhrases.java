package dev.zapline.codec.http;

/**
 * Standard reason phrases, as Go's net/http spells them so that defaults match the Go binding: the reason of a
 * zaphttp response whose reason is empty, and of an HTTP/1.1 status line. Shared by both bindings, so it sits
 * beside them rather than in either.
 */
public final class ReasonPhrases {

    private static final String[] PHRASES = new String[600];

    static {
        put(100, "Continue");
        put(101, "Switching Protocols");
        put(200, "OK");
        put(201, "Created");
        put(202, "Accepted");
        put(203, "Non-Authoritative Information");
        put(204, "No Content");
        put(205, "Reset Content");
        put(206, "Partial Content");
        put(300, "Multiple Choices");
        put(301, "Moved Permanently");
        put(302, "Found");
        put(303, "See Other");
        put(304, "Not Modified");
        put(307, "Temporary Redirect");
        put(308, "Permanent Redirect");
        put(400, "Bad Request");
        put(401, "Unauthorized");
        put(402, "Payment Required");
        put(403, "Forbidden");
        put(404, "Not Found");
        put(405, "Method Not Allowed");
        put(406, "Not Acceptable");
        put(407, "Proxy Authentication Required");
        put(408, "Request Timeout");
        put(409, "Conflict");
        put(410, "Gone");
        put(411, "Length Required");
        put(412, "Precondition Failed");
        put(413, "Request Entity Too Large");
        put(414, "Request URI Too Long");
        put(415, "Unsupported Media Type");
        put(416, "Requested Range Not Satisfiable");
        put(417, "Expectation Failed");
        put(421, "Misdirected Request");
        put(422, "Unprocessable Entity");
        put(426, "Upgrade Required");
        put(428, "Precondition Required");
        put(429, "Too Many Requests");
        put(431, "Request Header Fields Too Large");
        put(500, "Internal Server Error");
        put(501, "Not Implemented");
        put(502, "Bad Gateway");
        put(503, "Service Unavailable");
        put(504, "Gateway Timeout");
        put(505, "HTTP Version Not Supported");
    }

    private ReasonPhrases() {}

    private static void put(int status, String phrase) {
        PHRASES[status] = phrase;
    }

    /** The standard phrase for {@code status}, or "" when there is none. */
    public static String of(int status) {
        String p = status >= 0 && status < PHRASES.length ? PHRASES[status] : null;
        return p == null ? "" : p;
    }
}
