package dev.zapline.client;

import io.netty.channel.unix.DomainSocketAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Where a ZAP server listens: {@code host:port} (IPv6 in brackets) for TCP, or a path starting with {@code /} or
 * {@code ./}, or {@code unix:path}, for a unix domain socket (io_uring or epoll loops only).
 *
 * @param host host name or IP literal, null for a unix socket
 * @param port TCP port, -1 for a unix socket
 * @param path unix socket path, null for TCP
 */
public record ZapAddress(String host, int port, String path) {

    public ZapAddress {
        if (path == null && (host == null || host.isEmpty() || port < 1 || port > 65535)) {
            throw new IllegalArgumentException(
                    "TCP address needs a host and a port in 1..65535, got host '" + host + "' port " + port);
        }
    }

    /**
     * Parses one of the forms above.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static ZapAddress parse(String text) {
        String s = text.strip();
        if (s.startsWith("unix:")) {
            return unix(s.substring(5));
        }
        if (s.startsWith("/") || s.startsWith("./")) {
            return unix(s);
        }
        if (s.contains("://")) {
            throw new IllegalArgumentException("address '" + text + "': ZAP takes host:port or a socket path");
        }
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("address '" + text + "' needs host:port");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new ZapAddress(host, Integer.parseInt(s.substring(colon + 1)), null);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("address '" + text + "': port is not a number");
        }
    }

    public static ZapAddress tcp(String host, int port) {
        return new ZapAddress(host, port, null);
    }

    public static ZapAddress unix(String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("empty unix socket path");
        }
        return new ZapAddress(null, -1, path);
    }

    public boolean isUnix() {
        return path != null;
    }

    SocketAddress socketAddress() {
        return isUnix() ? new DomainSocketAddress(path) : new InetSocketAddress(host, port);
    }

    @Override
    public String toString() {
        if (isUnix()) {
            return "unix:" + path;
        }
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
