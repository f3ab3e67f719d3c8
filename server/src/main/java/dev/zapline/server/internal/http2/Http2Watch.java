package dev.zapline.server.internal.http2;

import dev.zapline.server.Ctx;
import dev.zapline.server.internal.IdleTimer;
import dev.zapline.server.internal.LoopMetrics;
import dev.zapline.server.internal.ServerAccess;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.codec.http2.Http2StreamVisitor;
import java.time.Duration;
import java.util.Arrays;

/**
 * An HTTP/2 connection's timers, one periodic task ({@link IdleTimer}, cancelled when the connection closes)
 * every half of the shorter of the idle and stall timeouts, no clock read per frame: the idle timeout (no open
 * stream and nothing read for it: GOAWAY(NO_ERROR)), the stall timeout (a response waiting that long on a window
 * the client keeps at zero: GOAWAY(ENHANCE_YOUR_CALM)) and the request deadline (a request not whole within the
 * idle timeout of its HEADERS: 408). Event-loop confined.
 */
public final class Http2Watch {

    private static final ServerAccess A = ServerAccess.get();

    private final Http2ServerConnection connection;
    private final Runnable check = this::check;
    private final Http2StreamVisitor stallVisitor = this::blockedOnWindow;
    private ChannelHandlerContext chc;
    private IdleTimer idle;
    private long idleNanos;
    private long stallNanos;
    private long stalledNanos;
    private boolean blocked;
    /** Scratch for {@link #expireRequests}. */
    private Ctx[] expired = new Ctx[8];

    public Http2Watch(Http2ServerConnection connection) {
        this.connection = connection;
    }

    public void start(ChannelHandlerContext chc, Duration idleTimeout, Duration stall) {
        this.chc = chc;
        this.idleNanos = idleTimeout.toNanos();
        this.stallNanos = stall.toNanos();
        idle = IdleTimer.every(Math.min(idleNanos, stallNanos) / 2, idleNanos, check);
        idle.start(chc.executor());
    }

    /** Notes that something was read (a flag; the next check sees it). */
    public void read() {
        idle.read();
    }

    /** Cancels the checks: the connection is closed. */
    public void stop() {
        if (idle != null) {
            idle.stop();
        }
    }

    private void check() {
        if (connection.closed || connection.failed) {
            idle.stop();
            return;
        }
        boolean quiet = idle.idle();
        Http2Connection conn = connection.connection();
        if (conn.numActiveStreams() == 0 && quiet) {
            idle.stop();
            connection.goAwayAndClose(Http2Error.NO_ERROR);
            return;
        }
        expireRequests();
        blocked = false;
        try {
            conn.forEachActiveStream(stallVisitor);
        } catch (Http2Exception e) {
            throw new IllegalStateException(e);
        }
        stalledNanos = blocked ? stalledNanos + idle.periodNanos() : 0;
        if (stalledNanos >= stallNanos) {
            idle.stop();
            connection.goAwayAndClose(Http2Error.ENHANCE_YOUR_CALM);
        }
    }

    /** Answers 408 to each request still arriving after the idle timeout from its HEADERS (a slow body). */
    private void expireRequests() {
        if (connection.streams.inFlight.isEmpty()) {
            return;
        }
        long now = chc.executor().ticker().nanoTime();
        int n = 0;
        for (Ctx c : connection.streams.inFlight.values()) {
            Http2Head h = A.h2(c);
            if (!h.dispatched && now - h.arrivedAt >= idleNanos) {
                if (n == expired.length) {
                    expired = Arrays.copyOf(expired, n * 2);
                }
                expired[n++] = c;
            }
        }
        for (int i = 0; i < n; i++) {
            connection.streams.refuse(expired[i], 408, LoopMetrics.REQUEST_TIMEOUT);
            expired[i] = null;
        }
    }

    /** Whether {@code s} has response bytes waiting on a window the client keeps at zero (or below). */
    private boolean blockedOnWindow(Http2Stream s) {
        Http2RemoteFlowController flow = connection.encoder().flowController();
        if (flow.hasFlowControlled(s)
                && (flow.windowSize(s) <= 0
                        || flow.windowSize(connection.connection().connectionStream()) <= 0)) {
            blocked = true;
            return false;
        }
        return true;
    }
}
