package dev.zapline.client;

import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.transport.ClientTls;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * How a {@link ZapClient} (and a {@link ZapChannel}) runs. Start from {@link #defaults()} and change what you need:
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=config}
 *
 * @param connections connections in the pool, spread round-robin over the addresses (at least one per address)
 * @param eventLoops event loop threads the connections are spread over
 * @param nativeTransport run a native transport where one works ({@link IoTransport#AUTO}: epoll, or io_uring if
 *     {@link ZapLoops} is set to prefer it), NIO otherwise or when false; unix sockets need a native one
 * @param maxFrame largest response frame accepted (default 64 MiB); a larger one closes the connection
 * @param connectTimeout how long one connection attempt may take
 * @param requestTimeout timeout of {@link ZapClient#send(ZapRequest)} when none is given
 * @param backoffMin delay before the first reconnect attempt; doubles with each failure in a row
 * @param backoffMax largest delay between reconnect attempts
 * @param jitter fraction in [0, 1] of each delay taken off at random, so clients do not reconnect in step
 * @param tick how often each connection checks timeouts and whether to reconnect
 * @param nanoClock monotonic nanoseconds behind timeouts and backoff (tests pass a manual clock)
 * @param random uniform doubles in [0, 1) for the jitter (tests pass a constant)
 * @param tls TLS for every connection ({@code zaps://}), or null for plaintext: the handshake is part of opening a
 *     connection, and a failed one fails the connect with a {@link TlsHandshakeException}
 */
public record ZapClientConfig(
        int connections,
        int eventLoops,
        boolean nativeTransport,
        int maxFrame,
        Duration connectTimeout,
        Duration requestTimeout,
        Duration backoffMin,
        Duration backoffMax,
        double jitter,
        Duration tick,
        LongSupplier nanoClock,
        DoubleSupplier random,
        ClientTls tls) {

    /** The ALPN protocol ZAP connections offer by default (what zapline's {@code zaps://} listeners advertise). */
    public static final List<String> ZAP_ALPN = List.of("zap");

    public ZapClientConfig {
        if (connections < 1 || eventLoops < 1) {
            throw new IllegalArgumentException(
                    "connections " + connections + " and event loops " + eventLoops + " must be at least 1");
        }
        if (maxFrame < 16) {
            throw new IllegalArgumentException("max frame " + maxFrame + " is below the 16-byte ZAP header");
        }
        positive("connect timeout", connectTimeout);
        positive("request timeout", requestTimeout);
        positive("backoff min", backoffMin);
        positive("tick", tick);
        if (backoffMax.compareTo(backoffMin) < 0) {
            throw new IllegalArgumentException("backoff max " + backoffMax + " < backoff min " + backoffMin);
        }
        if (!(jitter >= 0 && jitter <= 1)) {
            throw new IllegalArgumentException("jitter " + jitter + " outside [0, 1]");
        }
    }

    private static void positive(String what, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " " + d + " must be positive");
        }
    }

    /** The defaults: one connection on one event loop, epoll where available, plaintext. */
    public static ZapClientConfig defaults() {
        return new Builder().build();
    }

    /**
     * This config with {@code change} made to a copy of its fields, e.g. {@code config.with(c -> c.connections =
     * 4)}; the result is checked like any new config.
     */
    public ZapClientConfig with(Consumer<Builder> change) {
        Builder b = new Builder(this);
        change.accept(b);
        return b.build();
    }

    /**
     * A config's fields, open to change, for {@link #with}: one field per component of the same name, so a change
     * names just what it sets, plus a setter for each group that goes together; the config is checked when built.
     * The initial values are the {@linkplain #defaults() defaults}. Connections speak TLS with {@code tls} (null:
     * plaintext; TCP addresses only), offering {@link #ZAP_ALPN} unless it names its own ALPN protocols.
     */
    public static final class Builder {
        public int connections = 1;
        public int eventLoops = 1;
        public boolean nativeTransport = true;
        public int maxFrame = ZapHttp.DEFAULT_MAX_FRAME;
        public Duration connectTimeout = Duration.ofSeconds(5);
        public Duration requestTimeout = Duration.ofSeconds(30);
        public Duration backoffMin = Duration.ofMillis(100);
        public Duration backoffMax = Duration.ofSeconds(10);
        public double jitter = 0.2;
        public Duration tick = Duration.ofMillis(10);
        public LongSupplier nanoClock = System::nanoTime;
        public DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
        public ClientTls tls;

        private Builder() {}

        private Builder(ZapClientConfig c) {
            connections = c.connections;
            eventLoops = c.eventLoops;
            nativeTransport = c.nativeTransport;
            maxFrame = c.maxFrame;
            backoff(c.backoffMin, c.backoffMax, c.jitter);
            connectTimeout = c.connectTimeout;
            requestTimeout = c.requestTimeout;
            tick = c.tick;
            tls = c.tls;
            clock(c.nanoClock, c.random);
        }

        /** Reconnect delays: {@code min · 2^(failures − 1)}, at most {@code max}, less up to {@code jitter} of it. */
        public Builder backoff(Duration min, Duration max, double jitter) {
            backoffMin = min;
            backoffMax = max;
            this.jitter = jitter;
            return this;
        }

        /** The time source of timeouts and backoff, and the random source of the jitter. */
        public Builder clock(LongSupplier nanoClock, DoubleSupplier random) {
            this.nanoClock = nanoClock;
            this.random = random;
            return this;
        }

        private ZapClientConfig build() {
            return new ZapClientConfig(
                    connections,
                    eventLoops,
                    nativeTransport,
                    maxFrame,
                    connectTimeout,
                    requestTimeout,
                    backoffMin,
                    backoffMax,
                    jitter,
                    tick,
                    nanoClock,
                    random,
                    tls != null && tls.alpn().isEmpty() ? tls.withAlpn(ZAP_ALPN) : tls);
        }
    }
}
