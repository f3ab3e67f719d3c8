package dev.zapline.server;

import dev.zapline.codec.http1.Http1Limits;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How an {@link App} runs. Start from {@link #defaults()} and change what you need:
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=config}
 *
 * @param eventLoops event loop threads (default: available processors)
 * @param reusePort bind with SO_REUSEPORT (epoll only), so several processes or loops can share a port
 * @param limits HTTP/1.1 request limits (8 KiB line, 64 KiB / 100 headers, 10 MiB body)
 * @param idleTimeout a connection that sends nothing for this long is closed, with 408 if mid-request; a request
 *     must also arrive whole within this time of its first byte (a client trickling bytes gets 408)
 * @param json the JSON codec behind {@link Ctx#json} and {@link Ctx#bodyAs}
 * @param clock wall-clock milliseconds, for the Date header (tests pass a fixed clock)
 * @param nativeTransport use epoll when available (NIO otherwise, or when false)
 * @param maxFrame largest ZAP frame accepted, in bytes (default 64 MiB); a larger one gets 400 and a close
 * @param http2 HTTP/2 settings and protections ({@link Http2Limits#DEFAULT})
 */
public record ServerConfig(
        int eventLoops,
        boolean reusePort,
        Http1Limits limits,
        Duration idleTimeout,
        JsonCodec json,
        LongSupplier clock,
        boolean nativeTransport,
        int maxFrame,
        Http2Limits http2) {

    /** The default clock; with it, the date line comes from a ticking cache instead of a clock read per response. */
    public static final LongSupplier SYSTEM_CLOCK = System::currentTimeMillis;

    public ServerConfig {
        if (eventLoops < 1) {
            throw new IllegalArgumentException("eventLoops " + eventLoops + " < 1");
        }
        if (maxFrame < 16) {
            throw new IllegalArgumentException("max frame " + maxFrame + " is below the 16-byte ZAP header");
        }
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout " + idleTimeout + " must be positive");
        }
    }

    public static ServerConfig defaults() {
        return new ServerConfig(
                Runtime.getRuntime().availableProcessors(),
                false,
                Http1Limits.DEFAULT,
                Duration.ofSeconds(30),
                new JacksonJsonCodec(),
                SYSTEM_CLOCK,
                true,
                64 << 20,
                Http2Limits.DEFAULT);
    }

    public ServerConfig withEventLoops(int n) {
        return new ServerConfig(n, reusePort, limits, idleTimeout, json, clock, nativeTransport, maxFrame, http2);
    }

    public ServerConfig withReusePort(boolean on) {
        return new ServerConfig(eventLoops, on, limits, idleTimeout, json, clock, nativeTransport, maxFrame, http2);
    }

    public ServerConfig withLimits(Http1Limits l) {
        return new ServerConfig(eventLoops, reusePort, l, idleTimeout, json, clock, nativeTransport, maxFrame, http2);
    }

    public ServerConfig withIdleTimeout(Duration d) {
        return new ServerConfig(eventLoops, reusePort, limits, d, json, clock, nativeTransport, maxFrame, http2);
    }

    public ServerConfig withJson(JsonCodec codec) {
        return new ServerConfig(
                eventLoops, reusePort, limits, idleTimeout, codec, clock, nativeTransport, maxFrame, http2);
    }

    public ServerConfig withClock(LongSupplier millis) {
        return new ServerConfig(
                eventLoops, reusePort, limits, idleTimeout, json, millis, nativeTransport, maxFrame, http2);
    }

    public ServerConfig withMaxFrame(int bytes) {
        return new ServerConfig(eventLoops, reusePort, limits, idleTimeout, json, clock, nativeTransport, bytes, http2);
    }

    public ServerConfig withNativeTransport(boolean on) {
        return new ServerConfig(eventLoops, reusePort, limits, idleTimeout, json, clock, on, maxFrame, http2);
    }

    public ServerConfig withHttp2(Http2Limits h2) {
        return new ServerConfig(eventLoops, reusePort, limits, idleTimeout, json, clock, nativeTransport, maxFrame, h2);
    }
}
