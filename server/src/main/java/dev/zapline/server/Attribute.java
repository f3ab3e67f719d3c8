package dev.zapline.server;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A typed key for state that middleware keeps on a {@link Ctx}; reading and writing it allocates nothing once the
 * slot exists. A {@link #perRequest} value is cleared when the connection starts its next request; a
 * {@link #perConnection} value lives as long as the connection (whose {@code Ctx} serves each of its requests in
 * turn), which suits reusable scratch objects.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=attribute}
 *
 * <p>Keys are immutable and thread-safe. Create them once ({@code static final}): each key takes a slot in every
 * connection's {@code Ctx} that uses it.
 */
public final class Attribute<T> {

    private static final AtomicInteger REQUEST_SLOTS = new AtomicInteger();
    private static final AtomicInteger CONNECTION_SLOTS = new AtomicInteger();

    private final String name;
    final boolean perRequest;
    final int index;

    private Attribute(String name, boolean perRequest, int index) {
        this.name = name;
        this.perRequest = perRequest;
        this.index = index;
    }

    /** A key whose value is cleared when the next request on the connection starts. */
    public static <T> Attribute<T> perRequest(String name) {
        return new Attribute<>(name, true, REQUEST_SLOTS.getAndIncrement());
    }

    /** A key whose value stays for the life of the connection, across its requests. */
    public static <T> Attribute<T> perConnection(String name) {
        return new Attribute<>(name, false, CONNECTION_SLOTS.getAndIncrement());
    }

    @Override
    public String toString() {
        return name + (perRequest ? " (per request)" : " (per connection)");
    }
}
