package dev.zapline.server;

/**
 * Where an {@link App} listens: {@code http://host:port} serves HTTP/1.1; {@code https://host:port} HTTP/1.1 over
 * TLS; a bare {@code host:port} serves ZAP frames, {@code zaps://host:port} ZAP frames over TLS; a path starting
 * with {@code /} or {@code ./}, or {@code unix:path}, serves ZAP on a unix domain socket. Port 0 picks a free port
 * ({@link App#addresses()} tells which). TLS addresses need {@link App#tls}.
 *
 * @param transport what is served there
 * @param host host or IP literal (IPv6 in brackets in the text form), null for a unix socket
 * @param port TCP port, -1 for a unix socket
 * @param path unix socket path, null for TCP
 * @param tls whether connections speak TLS first
 */
public record ListenAddress(Transport transport, String host, int port, String path, boolean tls) {

    /** A plaintext address. */
    public ListenAddress(Transport transport, String host, int port, String path) {
        this(transport, host, port, path, false);
    }

    /**
     * Parses an address in one of the forms above.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static ListenAddress parse(String text) {
        String s = text.strip();
        if (s.startsWith("unix:")) {
            return unix(s.substring(5), text);
        }
        if (s.startsWith("/") || s.startsWith("./")) {
            return unix(s, text);
        }
        Transport t = Transport.ZAP;
        boolean tls = false;
        if (s.startsWith("http://") || s.startsWith("https://")) {
            t = Transport.HTTP;
            tls = s.startsWith("https://");
            s = s.substring(tls ? 8 : 7);
            if (s.endsWith("/")) {
                s = s.substring(0, s.length() - 1);
            }
        } else if (s.startsWith("zaps://")) {
            tls = true;
            s = s.substring(7);
        } else if (s.contains("://")) {
            throw new IllegalArgumentException("address '" + text
                    + "': only http:// or https:// URLs, zaps://host:port, host:port (ZAP)" + " or a path");
        }
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("address '" + text + "' needs host:port");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(s.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("address '" + text + "': port is not a number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("address '" + text + "': port " + port + " outside 0..65535");
        }
        return new ListenAddress(t, host, port, null, tls);
    }

    private static ListenAddress unix(String path, String text) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("address '" + text + "': empty socket path");
        }
        return new ListenAddress(Transport.ZAP, null, -1, path);
    }

    public boolean isUnix() {
        return path != null;
    }

    /** The address in its text form, e.g. {@code http://127.0.0.1:8080} or {@code zaps://127.0.0.1:8443}. */
    @Override
    public String toString() {
        if (isUnix()) {
            return "unix:" + path;
        }
        String h = host.contains(":") ? "[" + host + "]" : host;
        String scheme = transport == Transport.HTTP ? (tls ? "https://" : "http://") : (tls ? "zaps://" : "");
        return scheme + h + ":" + port;
    }
}
