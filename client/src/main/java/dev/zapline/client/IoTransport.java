package dev.zapline.client;

import java.util.Locale;

/**
 * Which of Netty's I/O transports the client's event loops run on ({@link ZapLoops#create(int, IoTransport)}).
 * {@link #AUTO} is a request, not a transport: it picks the first available of an order fixed in {@link ZapLoops};
 * the others are what a set of loops actually runs, and what {@link ZapLoops#transport()} reports.
 */
public enum IoTransport {
    /** The first of the native transports that works here, else NIO. */
    AUTO("auto"),
    /** Linux io_uring (Netty's {@code netty-transport-native-io_uring}). */
    IO_URING("io_uring"),
    /** Linux epoll (Netty's {@code netty-transport-native-epoll}). */
    EPOLL("epoll"),
    /** Java's selector: any OS, no unix domain sockets. */
    NIO("nio");

    private final String label;

    IoTransport(String label) {
        this.label = label;
    }

    /** How the command line and the reports spell it: {@code auto}, {@code io_uring}, {@code epoll}, {@code nio}. */
    public String label() {
        return label;
    }

    /**
     * The transport spelled {@code text} ({@link #label()}, any case; {@code io-uring} and {@code iouring} too).
     *
     * @throws IllegalArgumentException naming the accepted spellings
     */
    public static IoTransport parse(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.equals("io-uring") || s.equals("iouring")) {
            return IO_URING;
        }
        for (IoTransport t : values()) {
            if (t.label.equals(s)) {
                return t;
            }
        }
        throw new IllegalArgumentException("transport '" + text + "': expected auto, io_uring, epoll or nio");
    }

    @Override
    public String toString() {
        return label;
    }
}
