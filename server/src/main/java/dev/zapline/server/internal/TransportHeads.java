package dev.zapline.server.internal;

import dev.zapline.server.internal.http1.HttpHead;
import dev.zapline.server.internal.http2.Http2Head;
import dev.zapline.server.internal.zap.ZapHead;

/**
 * The transports' per-request scratch kept with one {@link dev.zapline.server.Ctx}: parser state and parsed head of
 * each protocol it has served, made on first use and reused while the context lives. A context moves between the
 * connections of its loop, whatever their protocol, so it keeps one slot per protocol rather than re-making a head
 * when the protocol changes. The context holds it as an opaque object that only {@link ServerAccess} reads, so the
 * API package knows none of these types.
 */
final class TransportHeads {

    HttpHead http;
    ZapHead zap;
    Http2Head h2;

    /** Forgets the request each head holds, as the context goes back to its pool. */
    void clear() {
        if (http != null) {
            http.reset();
        }
        if (zap != null) {
            zap.clear();
        }
        if (h2 != null) {
            h2.clear();
        }
    }
}
