package dev.zapline.server;

import dev.zapline.server.internal.Dispatcher;
import dev.zapline.server.internal.Listeners;
import dev.zapline.server.internal.Listeners.RpcListener;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.server.internal.ServerMetrics;
import dev.zapline.server.internal.TlsListeners;
import dev.zapline.server.rpc.RpcService;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.metrics.Exposition;
import dev.zapline.transport.metrics.MetricsEndpoint;
import io.netty.channel.ChannelHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A zapline server: routes, middleware and the addresses to serve them on. Registration methods return the app,
 * so a server is one chain:
 *
 * {@snippet class=dev.zapline.server.snippets.AppSnippets region=main}
 *
 * <p>Threads: configure from one thread, then {@link #start()}; handlers then run on the event loops (one per core
 * by default), each connection always on the same loop. The event-loop threads are not daemons, so a started app
 * keeps the JVM alive after {@code main} returns, until {@link #stop} (or {@link #close}, or the JVM's own
 * shutdown). {@link #join()} blocks a thread until then. {@link #stop} drains in-flight requests for up to its
 * grace period, then closes what is left; {@code start}, {@code stop}, {@code close}, {@code join} and the
 * getters may be called from any thread.
 *
 * <p>Tests and short-lived users stop it with try-with-resources:
 *
 * {@snippet class=dev.zapline.server.snippets.AppSnippets region=close}
 */
public final class App extends Routes<App> implements AutoCloseable {

    /** How long {@link #close()} lets in-flight requests finish. */
    public static final Duration CLOSE_GRACE = Duration.ofSeconds(5);

    private final ServerConfig config;
    private final List<ListenAddress> addresses = new ArrayList<>();
    private final List<ListenAddress> bound = new ArrayList<>();
    /** The native RPC listeners ({@link #rpc}) and their bound addresses. */
    private final List<RpcListener> rpcs = new ArrayList<>();

    private final List<InetSocketAddress> rpcBound = new ArrayList<>();
    private final TlsStats tlsStats = new TlsStats();
    /** Certificate and TLS settings for https:// and zaps:// addresses; null when there are none. */
    private ServerTls tls;
    /** Where {@link #metrics(String)} asked the metrics to be served; null when metrics are off. */
    private String metricsAddress;
    /** The metrics of the current (or last) run; null before the first start with metrics on. */
    private ServerMetrics metrics;

    private MetricsEndpoint metricsEndpoint;

    /** The sockets and event loops of a started app; null when not started. */
    private Listeners listeners;
    /** Counted down when a started app is stopped; null before the first start. */
    private CountDownLatch running;

    private App(ServerConfig config) {
        this.config = config;
    }

    /** An app with {@link ServerConfig#defaults()}. */
    public static App create() {
        return new App(ServerConfig.defaults());
    }

    public static App create(ServerConfig config) {
        return new App(config);
    }

    @Override
    App self() {
        return this;
    }

    /** Adds addresses to serve on (see {@link ListenAddress#parse}). */
    public App listen(String... addresses) {
        for (String a : addresses) {
            this.addresses.add(ListenAddress.parse(a));
        }
        return this;
    }

    /**
     * Serves {@code service} as native ZAP RPC (the {@code @zap-proto/zap} client's protocol, docs/rpc.md) on
     * {@code address}, {@code host:port} over plain TCP, on the same event loops as the other listeners. Frames
     * longer than {@link ServerConfig#maxFrame()} or 10 MiB, whichever is less, close their connection, and so does
     * {@link ServerConfig#idleTimeout()} without a byte received (or a later answer outstanding).
     *
     * {@snippet class=dev.zapline.server.snippets.RpcSnippets region=service}
     *
     * <p>At {@link #stop}, RPC connections are closed once the HTTP and ZAP ones have drained.
     *
     * @throws IllegalArgumentException when the address is not {@code host:port}
     * @throws IllegalStateException when the app is already started
     */
    public synchronized App rpc(String address, RpcService service) {
        if (listeners != null) {
            throw new IllegalStateException("already started: add RPC listeners before start()");
        }
        ListenAddress a = ListenAddress.parse(address);
        if (a.isUnix() || a.tls() || a.transport() != Transport.ZAP) {
            throw new IllegalArgumentException("RPC address '" + address + "' must be host:port");
        }
        rpcs.add(RpcListener.of(a, service, config));
        return this;
    }

    /** The addresses the {@link #rpc} listeners are bound to (ephemeral ports resolved), in the order added. */
    public synchronized List<InetSocketAddress> rpcAddresses() {
        return List.copyOf(rpcBound);
    }

    /**
     * The certificate and TLS settings of every {@code https://} and {@code zaps://} address (ZAPS listeners
     * advertise the ALPN protocol {@code zap} instead of the HTTPS ones; HTTPS listeners with the default ALPN offer
     * {@code h2} and {@code http/1.1}, see {@link ServerTls#forHttp2()}).
     *
     * {@snippet class=dev.zapline.server.snippets.AppSnippets region=tls}
     */
    public synchronized App tls(ServerTls settings) {
        if (listeners != null) {
            throw new IllegalStateException("already started: set TLS before start()");
        }
        this.tls = settings;
        return this;
    }

    /**
     * Counts requests, latency, connections, bytes and errors, and serves them with the JVM's figures in the
     * Prometheus text format (0.0.4) at {@code http://ADDRESS/metrics} on a port of their own, from
     * {@link #start()} to {@link #stop}. {@code address} is {@code host:port} ({@code 127.0.0.1:9100}; port 0
     * takes a free one, see {@link #metricsAddress()}). Counting is per event loop, without allocation or locks;
     * the sums are made when scraped. docs/server.md "Metrics" lists the families.
     *
     * {@snippet class=dev.zapline.server.snippets.AppSnippets region=metrics}
     *
     * @throws IllegalStateException when the app is already started
     */
    public synchronized App metrics(String address) {
        if (listeners != null) {
            throw new IllegalStateException("already started: set metrics before start()");
        }
        MetricsEndpoint.parse(address);
        this.metricsAddress = address;
        return this;
    }

    /** The address the metrics are served on while started (the ephemeral port resolved), else null. */
    public synchronized InetSocketAddress metricsAddress() {
        return metricsEndpoint == null ? null : metricsEndpoint.address();
    }

    /**
     * The exposition a scrape of {@code /metrics} would get now: of the running app, or of the last run once
     * stopped. Allocates (it sums every loop's cells); call it from any thread but an event loop.
     *
     * @throws IllegalStateException when metrics are off, or the app was never started with them
     */
    public String metricsText() {
        ServerMetrics m;
        synchronized (this) {
            m = metrics;
            if (m == null) {
                throw new IllegalStateException(
                        metricsAddress == null
                                ? "metrics are off: call metrics(address) before start()"
                                : "not started: the metrics count from start()");
            }
        }
        Exposition e = new Exposition();
        m.write(e);
        return e.toString();
    }

    /** What the TLS listeners counted: handshakes, failures by reason, refusals, protocols, ciphers and groups. */
    public TlsStats tlsStats() {
        return tlsStats;
    }

    /**
     * Compiles the routes and binds every address; returns once they are listening. From then on the app's
     * (non-daemon) event-loop threads keep the JVM running until the app is stopped.
     *
     * @throws IllegalArgumentException for conflicting routes (naming both)
     * @throws IllegalStateException when an address (the {@link #metrics} one included) cannot be bound, or a TLS
     *     address has no {@link #tls} settings or its TLS context cannot be built; nothing is left listening then
     */
    public synchronized App start() {
        if (listeners != null) {
            throw new IllegalStateException("already started");
        }
        if (addresses.isEmpty() && rpcs.isEmpty()) {
            throw new IllegalStateException("no address to listen on; call listen(...) first");
        }
        TlsListeners tlsListeners = TlsListeners.of(addresses, tls, tlsStats);
        ServerMetrics m = metricsAddress == null ? null : new ServerMetrics(patterns(), addresses, tlsStats);
        ServerContext server = new ServerContext(new Dispatcher(compile(), rootMiddleware()), config, m);
        listeners = new Listeners(config);
        running = new CountDownLatch(1);
        try {
            for (ListenAddress a : addresses) {
                bound.add(listeners.bind(a, server, tlsListeners.of(a)));
            }
            for (RpcListener r : rpcs) {
                rpcBound.add(listeners.bind(r));
            }
            if (m != null) {
                metricsEndpoint = MetricsEndpoint.start(metricsAddress, m::write);
                metrics = m;
            }
        } catch (RuntimeException e) {
            stop(Duration.ZERO);
            throw e;
        }
        return this;
    }

    /**
     * The connection pipeline a listener of {@code transport} installs on each accepted socket (the connection
     * handler, which keeps its own idle timer), for a channel that is not a socket: tests and benchmarks drive the
     * whole request path in-process with Netty's {@code EmbeddedChannel}. The app need not be started.
     *
     * {@snippet class=dev.zapline.server.snippets.AppSnippets region=embedded}
     *
     * <p>Compiles the routes as {@link #start()} does (configure them first) and uses this app's
     * {@link ServerConfig}. The returned handler serves one channel and runs on that channel's event loop.
     *
     * @throws IllegalArgumentException for conflicting routes (naming both)
     */
    public synchronized ChannelHandler embedded(Transport transport) {
        return Listeners.embedded(new ServerContext(new Dispatcher(compile(), rootMiddleware()), config), transport);
    }

    /** {@link #embedded(Transport)} for HTTP/1.1. */
    public ChannelHandler embedded() {
        return embedded(Transport.HTTP);
    }

    /** The addresses actually bound (ephemeral ports resolved), in listen order. */
    public synchronized List<ListenAddress> addresses() {
        return List.copyOf(bound);
    }

    /** "epoll" or "nio". */
    public synchronized String transportName() {
        return listeners == null ? "not started" : listeners.name();
    }

    /**
     * Stops accepting, lets connections finish their in-flight requests for up to {@code grace}, then closes
     * everything and stops the event loops; returns when they have stopped. Safe to call twice, and on an app that
     * was never started (it does nothing then).
     */
    public synchronized void stop(Duration grace) {
        if (listeners == null) {
            return;
        }
        listeners.closeServers();
        if (metricsEndpoint != null) {
            metricsEndpoint.close();
            metricsEndpoint = null;
        }
        listeners.drainAndStop(grace);
        listeners = null;
        rpcBound.clear();
        bound.clear();
        running.countDown();
    }

    /** {@link #stop(Duration)} with {@link #CLOSE_GRACE}: the graceful stop, for try-with-resources. Idempotent. */
    @Override
    public void close() {
        stop(CLOSE_GRACE);
    }

    /**
     * Blocks until the app is stopped (by {@link #stop}, {@link #close} or a shutdown hook of yours, from another
     * thread); returns at once when it is not running. For a {@code main} that wants to wait explicitly: it is not
     * needed to keep the JVM alive, the event-loop threads do that.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public void join() throws InterruptedException {
        CountDownLatch r;
        synchronized (this) {
            r = listeners == null ? null : running;
        }
        if (r != null) {
            r.await();
        }
    }
}
