package dev.zapline.load.engine;

import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;

/**
 * Opens connections to one target (one origin, one connection pool) that send a fixed list of pre-encoded
 * requests; the engine picks which, round robin. Thread-safe; implementations: {@code ZapLoadClient}
 * ({@code zap://}), {@code HttpLoadClient} ({@code http://}), {@code Http2LoadClient} ({@code h2c://}) and
 * {@code RpcLoadClient} ({@code zaprpc://}).
 */
public interface Client {

    /**
     * Connects on {@code loop}; the future completes on that loop, exceptionally when the connection cannot be
     * opened. {@code events} hears about requests written on the connection.
     */
    CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events);

    /**
     * Whether {@link #primer} can aim this client's requests at another address: the request path can then be run
     * before the run ({@link Primer}).
     */
    default boolean primes() {
        return false;
    }

    /**
     * The same requests, sent the same way, to {@code host:port} in plaintext: what {@link Primer} runs against its
     * responder. Only when {@link #primes}.
     */
    default Client primer(String host, int port) {
        throw new UnsupportedOperationException("this client does not prime");
    }

    /** How many requests the client can send ({@link Connection#write} takes 0 to this minus 1). */
    int requests();

    /** Bytes written for request {@code i}. */
    int requestBytes(int i);

    /**
     * Whether its connections end requests in any order ({@link ConnectionEvents#onResponse(int, int, long)}), as
     * HTTP/2's streams do, rather than in the order written.
     */
    default boolean outOfOrder() {
        return false;
    }

    /** What it speaks, for the summary: {@code HTTP/1.1}, {@code HTTP/2 (h2c)}, {@code ZAP}...; null if unknown. */
    default String protocol() {
        return null;
    }

    /**
     * The journeys the client's connections run ({@code zapline load FILE.http}), or null when they send the fixed
     * requests: then {@link Connection#write} takes a journey iteration's number, not a request's.
     */
    default dev.zapline.load.journey.JourneyPlan journeys() {
        return null;
    }

    /**
     * Has the client's connections sample the shapes of up to {@code perKey} responses per request
     * ({@code --sample-responses}); call before the run starts. Returns where the shapes collect, or null when the
     * client's protocol is not sampled (only HTTP/1.1 is).
     *
     * @throws IllegalArgumentException for {@code perKey} outside 1..{@link
     *     dev.zapline.load.shape.ResponseShapes#MAX_PER_KEY}
     */
    default dev.zapline.load.shape.ResponseShapes sampleResponses(int perKey) {
        return null;
    }

    /** For messages: {@code zap://host:port/path}. */
    String describe();
}
