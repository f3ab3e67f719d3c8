package dev.zapline.load.engine;

import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;

/**
 * Opens connections to one target that all send the same pre-encoded request. Thread-safe; implementations:
 * {@code ZapLoadClient} ({@code zap://}) and {@code HttpLoadClient} ({@code http://}).
 */
public interface Client {

    /**
     * Connects on {@code loop}; the future completes on that loop, exceptionally when the connection cannot be
     * opened. {@code events} hears about requests written on the connection.
     */
    CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events);

    /** Bytes written per request. */
    int requestBytes();

    /** For messages: {@code zap://host:port/path}. */
    String describe();
}
