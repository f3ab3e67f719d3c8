package dev.zapline.server.middleware;

import dev.zapline.server.Attribute;
import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import io.netty.util.concurrent.FastThreadLocal;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Writes one line per request once its response is complete (after the chain, any error rendering and any
 * hand-off), with space-separated fields: method, path (without the query), status, body bytes ({@code -} when
 * streamed), duration in microseconds from entering this middleware, the peer's address, and the request id when
 * {@link RequestId} ran before it:
 *
 * <pre>
 * GET /users/7 200 42 153us 10.0.0.7:51234 7kq2m9xv4c1d-2a
 * </pre>
 *
 * <p>Nothing is logged unless an app uses it, typically first so it times everything:
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=accessLog}
 *
 * <p>The line is built in a per-thread reusable {@link StringBuilder} and handed to the sink on the event loop; the
 * sink must not block, and must copy the {@link CharSequence} if it keeps it (it is reused for the next line). Apart
 * from what the sink does, a request allocates nothing once its connection has logged once. Immutable and
 * thread-safe as long as the sink is.
 */
public final class AccessLog implements Handler {

    private static final Attribute<Timing> TIMING = Attribute.perConnection("access log timing");
    private static final FastThreadLocal<StringBuilder> LINE = new FastThreadLocal<>() {
        @Override
        protected StringBuilder initialValue() {
            return new StringBuilder(256);
        }
    };

    private final Consumer<CharSequence> sink;
    private final LongSupplier nanoClock;
    private final Handler done = this::log;

    private AccessLog(Consumer<CharSequence> sink, LongSupplier nanoClock) {
        this.sink = sink;
        this.nanoClock = nanoClock;
    }

    /** Logs to {@code sink}, timing with {@link System#nanoTime()}. */
    public static AccessLog to(Consumer<CharSequence> sink) {
        return new AccessLog(sink, System::nanoTime);
    }

    /** Logs to {@code sink}, timing with {@code nanoClock} (monotonic nanoseconds; tests pass a manual clock). */
    public static AccessLog to(Consumer<CharSequence> sink, LongSupplier nanoClock) {
        return new AccessLog(sink, nanoClock);
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        Timing t = ctx.attribute(TIMING);
        if (t == null) {
            t = new Timing(address(ctx.remoteAddress()));
            ctx.attribute(TIMING, t);
        }
        t.start = nanoClock.getAsLong();
        ctx.onDone(done);
        ctx.next();
    }

    private void log(Ctx ctx) {
        Timing t = ctx.attribute(TIMING);
        StringBuilder sb = LINE.get();
        sb.setLength(0);
        sb.append(ctx.method()).append(' ');
        ctx.appendPath(sb).append(' ').append(ctx.status()).append(' ');
        long bytes = ctx.responseLength();
        if (bytes < 0) {
            sb.append('-');
        } else {
            sb.append(bytes);
        }
        sb.append(' ')
                .append((nanoClock.getAsLong() - t.start) / 1000)
                .append("us ")
                .append(t.remote);
        RequestId.Value id = RequestId.of(ctx);
        if (id != null) {
            sb.append(' ').append(id);
        }
        sink.accept(sb);
    }

    /** {@code host:port} ({@code [v6]:port}) without a reverse lookup; other addresses as they print. */
    static String address(SocketAddress a) {
        if (a instanceof InetSocketAddress i && i.getAddress() != null) {
            String host = i.getAddress().getHostAddress();
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + i.getPort();
        }
        return String.valueOf(a);
    }

    /** Per connection: the peer's address, formatted once, and the current request's start time. */
    private static final class Timing {

        final String remote;
        long start;

        Timing(String remote) {
            this.remote = remote;
        }
    }
}
