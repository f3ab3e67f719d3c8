package dev.zapline.server.internal;

import dev.zapline.server.ListenAddress;
import dev.zapline.server.TlsStats;
import dev.zapline.server.internal.route.Method;
import dev.zapline.transport.metrics.Exposition;
import dev.zapline.transport.metrics.JvmMetrics;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The metrics of one running app: every event loop's {@link LoopMetrics} (made on a loop's first connection and
 * kept, so counts survive the loop), summed into an {@link Exposition} on the scrape thread. Request series appear
 * once they have a count; connection series for every transport the app listens on; error kinds always.
 *
 * <p>Thread-safe: loops count into their own cells while any thread scrapes.
 */
public final class ServerMetrics {

    /** The route label of requests no route took (404, 405, automatic OPTIONS, 501). */
    public static final String UNMATCHED = "<unmatched>";

    private static final double[] BOUNDS_SECONDS = bounds();

    /** Route labels by route id; id 0 is {@link #UNMATCHED}. */
    private final String[] routes;

    private final boolean[] listening;
    private final TlsStats tls;
    private final boolean anyTls;
    private final List<LoopMetrics> loops = new CopyOnWriteArrayList<>();
    private final FastThreadLocal<LoopMetrics> cells = new FastThreadLocal<>() {
        @Override
        protected LoopMetrics initialValue() {
            LoopMetrics m = new LoopMetrics(routes.length);
            loops.add(m);
            return m;
        }
    };

    /**
     * @param patterns the route patterns by route id from 1
     * @param addresses what the app listens on, for the connection series
     */
    public ServerMetrics(List<String> patterns, List<ListenAddress> addresses, TlsStats tls) {
        this.routes = new String[patterns.size() + 1];
        routes[0] = UNMATCHED;
        for (int i = 0; i < patterns.size(); i++) {
            routes[i + 1] = patterns.get(i);
        }
        this.listening = new boolean[LoopMetrics.TRANSPORTS.length];
        boolean t = false;
        for (ListenAddress a : addresses) {
            listening[LoopMetrics.transport(a.transport(), a.tls())] = true;
            t |= a.tls();
        }
        this.anyTls = t;
        this.tls = tls;
    }

    /** The calling event loop's cells (made on its first call). */
    public LoopMetrics cells() {
        return cells.get();
    }

    /** Writes every family: requests, latency, connections, bytes, errors, TLS (with a TLS listener), JVM. */
    public void write(Exposition e) {
        requests(e);
        latency(e);
        connections(e);
        errors(e);
        if (anyTls) {
            tls(e);
        }
        JvmMetrics.write(e);
    }

    private void requests(Exposition e) {
        e.family(
                "zapline_server_requests_total",
                Exposition.Type.COUNTER,
                "Requests answered, by route pattern, method, status class and transport.");
        int classes = LoopMetrics.STATUS_CLASSES.length;
        int n = routes.length * LoopMetrics.TRANSPORTS.length * LoopMetrics.REQUEST_STRIDE;
        long[] sum = new long[n];
        for (LoopMetrics m : loops) {
            for (int i = 0; i < n; i++) {
                sum[i] += LoopMetrics.read(m.requests, i);
            }
        }
        for (int i = 0; i < n; i++) {
            if (sum[i] == 0) {
                continue;
            }
            int cls = i % classes;
            int method = i / classes % LoopMetrics.METHODS;
            int transport = i / LoopMetrics.REQUEST_STRIDE % LoopMetrics.TRANSPORTS.length;
            int route = i / LoopMetrics.REQUEST_STRIDE / LoopMetrics.TRANSPORTS.length;
            e.sample(
                    sum[i],
                    "route",
                    routes[route],
                    "method",
                    Method.name(method),
                    "status_class",
                    LoopMetrics.STATUS_CLASSES[cls],
                    "transport",
                    LoopMetrics.TRANSPORTS[transport]);
        }
    }

    private void latency(Exposition e) {
        e.family(
                "zapline_server_request_duration_seconds",
                Exposition.Type.HISTOGRAM,
                "From a request received whole to its response complete in the connection's buffer, by route "
                        + "pattern and transport.");
        int stride = LoopMetrics.HISTOGRAM_STRIDE;
        for (int route = 0; route < routes.length; route++) {
            for (int t = 0; t < LoopMetrics.TRANSPORTS.length; t++) {
                int base = (route * LoopMetrics.TRANSPORTS.length + t) * stride;
                long[] cumulative = new long[LoopMetrics.BUCKETS];
                long nanos = 0;
                for (LoopMetrics m : loops) {
                    for (int b = 0; b < LoopMetrics.BUCKETS; b++) {
                        cumulative[b] += LoopMetrics.read(m.latency, base + b);
                    }
                    nanos += LoopMetrics.read(m.latency, base + LoopMetrics.BUCKETS);
                }
                for (int b = 1; b < cumulative.length; b++) {
                    cumulative[b] += cumulative[b - 1];
                }
                if (cumulative[cumulative.length - 1] > 0) {
                    e.histogram(
                            BOUNDS_SECONDS,
                            cumulative,
                            nanos / 1e9,
                            "route",
                            routes[route],
                            "transport",
                            LoopMetrics.TRANSPORTS[t]);
                }
            }
        }
    }

    private void connections(Exposition e) {
        int transports = LoopMetrics.TRANSPORTS.length;
        long[] open = new long[transports];
        long[] opened = new long[transports];
        long[] in = new long[transports];
        long[] out = new long[transports];
        for (LoopMetrics m : loops) {
            for (int t = 0; t < transports; t++) {
                // the close first: a scrape that sees it also sees the open, so the gauge stays >= 0
                long closed = LoopMetrics.closed(m.connections, t);
                long o = LoopMetrics.opened(m.connections, t);
                opened[t] += o;
                open[t] += o - closed;
                in[t] += LoopMetrics.received(m.connections, t);
                out[t] += LoopMetrics.sent(m.connections, t);
            }
        }
        perTransport(e, "zapline_server_connections_open", Exposition.Type.GAUGE, "Connections open now.", open);
        perTransport(e, "zapline_server_connections_total", Exposition.Type.COUNTER, "Connections accepted.", opened);
        perTransport(
                e,
                "zapline_server_received_bytes_total",
                Exposition.Type.COUNTER,
                "Request bytes read (after decryption on TLS listeners).",
                in);
        perTransport(
                e,
                "zapline_server_sent_bytes_total",
                Exposition.Type.COUNTER,
                "Response bytes written (before encryption on TLS listeners).",
                out);
    }

    private void perTransport(Exposition e, String name, Exposition.Type type, String help, long[] values) {
        e.family(name, type, help);
        for (int t = 0; t < values.length; t++) {
            if (listening[t] || values[t] != 0) {
                e.sample(values[t], "transport", LoopMetrics.TRANSPORTS[t]);
            }
        }
    }

    private void errors(Exposition e) {
        long[] sum = new long[LoopMetrics.ERROR_KINDS.length];
        for (LoopMetrics m : loops) {
            for (int k = 0; k < sum.length; k++) {
                sum[k] += LoopMetrics.read(m.errors, k);
            }
        }
        e.family(
                "zapline_server_errors_total",
                Exposition.Type.COUNTER,
                "Requests refused before a handler (malformed, too large, too slow) and connections failed, by kind.");
        for (int k = 0; k < sum.length; k++) {
            e.sample(sum[k], "kind", LoopMetrics.ERROR_KINDS[k]);
        }
    }

    private void tls(Exposition e) {
        e.family("zapline_server_tls_handshakes_total", Exposition.Type.COUNTER, "TLS handshakes completed.")
                .sample(tls.handshakes());
        e.family(
                        "zapline_server_tls_resumed_total",
                        Exposition.Type.COUNTER,
                        "Completed TLS handshakes that resumed a session.")
                .sample(tls.resumed());
        e.family(
                        "zapline_server_tls_refused_total",
                        Exposition.Type.COUNTER,
                        "Connections closed at once over the limit of TLS handshakes in flight.")
                .sample(tls.refused());
        e.family("zapline_server_tls_handshakes_in_flight", Exposition.Type.GAUGE, "TLS handshakes in flight.")
                .sample(tls.inFlight());
        e.family(
                "zapline_server_tls_handshake_failures_total",
                Exposition.Type.COUNTER,
                "Failed TLS handshakes by reason.");
        for (Map.Entry<String, Long> f : tls.failures().entrySet()) {
            e.sample(f.getValue(), "reason", f.getKey());
        }
    }

    private static double[] bounds() {
        double[] b = new double[LoopMetrics.BOUNDS_NANOS.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = LoopMetrics.BOUNDS_NANOS[i] / 1e9;
        }
        return b;
    }
}
