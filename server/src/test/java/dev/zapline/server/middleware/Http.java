package dev.zapline.server.middleware;

import dev.zapline.server.Embedded;

/** Request and response text for the middleware's exact-bytes tests. */
final class Http {

    static final String DATE = Embedded.DATE;

    private Http() {}

    /** {@code METHOD path HTTP/1.1} with {@code host: t} and {@code headers} ("name: value" each). */
    static String request(String method, String path, String... headers) {
        StringBuilder sb = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nhost: t\r\n");
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        return sb.append("\r\n").toString();
    }

    static String get(String path, String... headers) {
        return request("GET", path, headers);
    }

    /** A POST with a {@code content-length} body. */
    static String post(String path, String body) {
        return "POST " + path + " HTTP/1.1\r\nhost: t\r\ncontent-length: " + body.length() + "\r\n\r\n" + body;
    }

    /** A text/plain response as the server writes it, with {@code headers} ("name: value" each) before the type. */
    static String text(int status, String reason, String body, String... headers) {
        return head(status, reason, headers) + "content-type: text/plain; charset=utf-8\r\ncontent-length: "
                + body.length() + "\r\n\r\n" + body;
    }

    /** A problem+json response, with {@code headers} before its content type. */
    static String problem(int status, String reason, String detail, String path, String... headers) {
        String body = "{\"type\":\"about:blank\",\"title\":\"" + reason + "\",\"status\":" + status
                + (detail == null ? "" : ",\"detail\":\"" + detail + "\"") + ",\"instance\":\"" + path + "\"}";
        return head(status, reason, headers) + "content-type: application/problem+json\r\ncontent-length: "
                + body.length() + "\r\n\r\n" + body;
    }

    /** Status line, date and {@code headers}, without the blank line. */
    static String head(int status, String reason, String... headers) {
        StringBuilder sb = new StringBuilder("HTTP/1.1 ")
                .append(status)
                .append(' ')
                .append(reason)
                .append("\r\n")
                .append(DATE);
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        return sb.toString();
    }
}
