package dev.zapline.server.internal;

import dev.zapline.server.Transport;
import dev.zapline.server.internal.route.Method;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One event loop's metric cells for one running app: plain {@code long} arrays written only by the loop that owns
 * them, read by the scrape thread, which sums every loop's cells ({@link ServerMetrics}). Counting a request is a
 * few array stores, no allocation, no lock, no atomic read-modify-write: each cell has one writer, so an increment
 * is a read and a store of its own value. The store is {@code setRelease} and the scrape's read
 * {@code getAcquire}: a read never sees a torn long, and a scrape that sees a connection's close also sees its
 * open, so the open-connections gauge never goes below zero. On x86 and ARMv8 both are ordinary loads and
 * stores; only the compiler's reordering is restricted.
 *
 * <p>Layout: requests by {@code [route][transport][method][status class]}; latency by
 * {@code [route][transport][bucket]} with the {@code +Inf} bucket last and then the sum of nanoseconds;
 * connections opened, closed, bytes received and sent by transport; errors by {@link #ERROR_KINDS kind}.
 */
public final class LoopMetrics {

    public static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);

    /** Transport index: {@code http}, {@code https}, {@code zap}, {@code zaps}. */
    public static final String[] TRANSPORTS = {"http", "https", "zap", "zaps"};

    public static final int METHODS = Method.OTHER + 1;
    public static final String[] STATUS_CLASSES = {"1xx", "2xx", "3xx", "4xx", "5xx"};

    /** Upper bounds of the latency buckets, nanoseconds: 1, 2.5, 5 per decade from 50 µs to 10 s. */
    public static final long[] BOUNDS_NANOS = {
        50_000L,
        100_000L,
        250_000L,
        500_000L,
        1_000_000L,
        2_500_000L,
        5_000_000L,
        10_000_000L,
        25_000_000L,
        50_000_000L,
        100_000_000L,
        250_000_000L,
        500_000_000L,
        1_000_000_000L,
        2_500_000_000L,
        5_000_000_000L,
        10_000_000_000L
    };

    /** Buckets per histogram, {@code +Inf} included; the sum of nanoseconds follows them. */
    public static final int BUCKETS = BOUNDS_NANOS.length + 1;

    public static final int HISTOGRAM_STRIDE = BUCKETS + 1;
    public static final int REQUEST_STRIDE = METHODS * STATUS_CLASSES.length;

    public static final int BAD_REQUEST = 0;
    public static final int REQUEST_TIMEOUT = 1;
    public static final int BODY_TOO_LARGE = 2;
    public static final int FRAME_TOO_LARGE = 3;
    public static final int URI_TOO_LONG = 4;
    public static final int HEADERS_TOO_LARGE = 5;
    public static final int UNSUPPORTED = 6;
    public static final int OTHER_PROTOCOL = 7;
    public static final int IO_ERROR = 8;
    public static final int INTERNAL_ERROR = 9;

    /** The {@code kind} label of each error index. */
    public static final String[] ERROR_KINDS = {
        "bad_request",
        "request_timeout",
        "body_too_large",
        "frame_too_large",
        "uri_too_long",
        "headers_too_large",
        "unsupported",
        "other_protocol",
        "io",
        "internal"
    };

    private static final int OPENED = 0;
    private static final int CLOSED = 4;
    private static final int IN = 8;
    private static final int OUT = 12;

    public final long[] requests;
    public final long[] latency;
    public final long[] connections = new long[16];
    public final long[] errors = new long[ERROR_KINDS.length];

    /** Cells for {@code routes} route ids (the unmatched id 0 included). */
    public LoopMetrics(int routes) {
        this.requests = new long[routes * TRANSPORTS.length * REQUEST_STRIDE];
        this.latency = new long[routes * TRANSPORTS.length * HISTOGRAM_STRIDE];
    }

    /** The transport index of a connection. */
    public static int transport(Transport t, boolean tls) {
        return (t == Transport.ZAP ? 2 : 0) + (tls ? 1 : 0);
    }

    /** The error kind of a protocol error response with {@code status}. */
    public static int errorKind(int status) {
        return switch (status) {
            case 400 -> BAD_REQUEST;
            case 408 -> REQUEST_TIMEOUT;
            case 413 -> BODY_TOO_LARGE;
            case 414 -> URI_TOO_LONG;
            case 431 -> HEADERS_TOO_LARGE;
            case 417, 501, 505 -> UNSUPPORTED;
            default -> OTHER_PROTOCOL;
        };
    }

    /** Counts one answered request that took {@code nanos} from dispatch to its complete response. */
    public void request(int route, int transport, int method, int status, long nanos) {
        int cls = Math.min(Math.max(status / 100 - 1, 0), STATUS_CLASSES.length - 1);
        add(requests, ((route * TRANSPORTS.length + transport) * METHODS + method) * STATUS_CLASSES.length + cls, 1);
        int base = (route * TRANSPORTS.length + transport) * HISTOGRAM_STRIDE;
        int b = 0;
        while (b < BOUNDS_NANOS.length && nanos > BOUNDS_NANOS[b]) {
            b++;
        }
        add(latency, base + b, 1);
        add(latency, base + BUCKETS, Math.max(0, nanos));
    }

    public void opened(int transport) {
        add(connections, OPENED + transport, 1);
    }

    public void closed(int transport) {
        add(connections, CLOSED + transport, 1);
    }

    public void received(int transport, int bytes) {
        add(connections, IN + transport, bytes);
    }

    public void sent(int transport, int bytes) {
        add(connections, OUT + transport, bytes);
    }

    public void error(int kind) {
        add(errors, kind, 1);
    }

    /** The owner's increment: it is the only writer, so a read and a release store of the sum suffice. */
    private static void add(long[] cells, int i, long n) {
        CELLS.setRelease(cells, i, (long) CELLS.getOpaque(cells, i) + n);
    }

    /** A cell as the scrape thread reads it. */
    public static long read(long[] cells, int i) {
        return (long) CELLS.getAcquire(cells, i);
    }

    public static long opened(long[] connections, int transport) {
        return read(connections, OPENED + transport);
    }

    public static long closed(long[] connections, int transport) {
        return read(connections, CLOSED + transport);
    }

    public static long received(long[] connections, int transport) {
        return read(connections, IN + transport);
    }

    public static long sent(long[] connections, int transport) {
        return read(connections, OUT + transport);
    }
}
