package dev.zapline.client;

import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.transport.ClientTls;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * How a {@link ZapClient} (and a {@link ZapChannel}) runs. Start from {@link #defaults()} and change what you need:
 *
 * {@snippet class=dev.zapline.client.snippets.ClientSnippets region=config}
 *
 * @param connections connections in the pool, spread round-robin over the addresses (at least one per address)
 * @param eventLoops event loop threads the connections are spread over
 * @param nativeTransport use epoll when available (NIO otherwise, or when false; unix sockets need epoll)
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

    public static ZapClientConfig defaults() {
        return new ZapClientConfig(
                1,
                1,
                true,
                ZapHttp.DEFAULT_MAX_FRAME,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                Duration.ofMillis(100),
                Duration.ofSeconds(10),
                0.2,
                Duration.ofMillis(10),
                System::nanoTime,
                () -> ThreadLocalRandom.current().nextDouble(),
                null);
    }

    public ZapClientConfig withConnections(int n) {
        return new ZapClientConfig(
                n,
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
                tls);
    }

    public ZapClientConfig withEventLoops(int n) {
        return new ZapClientConfig(
                connections,
                n,
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
                tls);
    }

    public ZapClientConfig withNativeTransport(boolean on) {
        return new ZapClientConfig(
                connections,
                eventLoops,
                on,
                maxFrame,
                connectTimeout,
                requestTimeout,
                backoffMin,
                backoffMax,
                jitter,
                tick,
                nanoClock,
                random,
                tls);
    }

    public ZapClientConfig withMaxFrame(int bytes) {
        return new ZapClientConfig(
                connections,
                eventLoops,
                nativeTransport,
                bytes,
                connectTimeout,
                requestTimeout,
                backoffMin,
                backoffMax,
                jitter,
                tick,
                nanoClock,
                random,
                tls);
    }

    public ZapClientConfig withConnectTimeout(Duration d) {
        return new ZapClientConfig(
                connections,
                eventLoops,
                nativeTransport,
                maxFrame,
                d,
                requestTimeout,
                backoffMin,
                backoffMax,
                jitter,
                tick,
                nanoClock,
                random,
                tls);
    }

    public ZapClientConfig withRequestTimeout(Duration d) {
        return new ZapClientConfig(
                connections,
                eventLoops,
                nativeTransport,
                maxFrame,
                connectTimeout,
                d,
                backoffMin,
                backoffMax,
                jitter,
                tick,
                nanoClock,
                random,
                tls);
    }

    /** Reconnect delays: {@code min · 2^(failures − 1)}, at most {@code max}, less up to {@code jitter} of it. */
    public ZapClientConfig withBackoff(Duration min, Duration max, double jitter) {
        return new ZapClientConfig(
                connections,
                eventLoops,
                nativeTransport,
                maxFrame,
                connectTimeout,
                requestTimeout,
                min,
                max,
                jitter,
                tick,
                nanoClock,
                random,
                tls);
    }

    public ZapClientConfig withTick(Duration d) {
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
                d,
                nanoClock,
                random,
                tls);
    }

    /** The time source of timeouts and backoff, and the random source of the jitter. */
    public ZapClientConfig withClock(LongSupplier nanoClock, DoubleSupplier random) {
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
                tls);
    }

    /**
     * Connections speak TLS with {@code t} (null: plaintext), offering the ALPN protocol {@code zap} unless {@code t}
     * names its own. TCP addresses only.
     */
    public ZapClientConfig withTls(ClientTls t) {
        ClientTls tls = t != null && t.alpn().isEmpty() ? t.withAlpn(ZAP_ALPN) : t;
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
                tls);
    }
}
