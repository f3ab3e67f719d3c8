package dev.zapline.server;

import dev.zapline.server.internal.Dispatcher;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.server.internal.http1.HttpConnection;
import dev.zapline.server.internal.zap.ZapConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.MockTicker;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * An {@link HttpConnection} (or {@link ZapConnection}) in an {@link EmbeddedChannel} with a fixed clock, for
 * exact-bytes tests; optionally on a manual clock for the loop, which moves only through {@link #advance}.
 */
public final class Embedded implements AutoCloseable {

    /** Sun, 29 Nov 2026 23:28:11 GMT. */
    public static final long NOW = 1_795_994_891_000L;

    public static final String DATE = "date: Sun, 29 Nov 2026 23:28:11 GMT\r\n";

    public final EmbeddedChannel ch;
    /** The loop's clock when the connection runs on a manual one, else null (the loop's clock is the system's). */
    private final MockTicker ticker;

    public Embedded(App app) {
        this(app, ServerConfig.defaults().withClock(() -> NOW));
    }

    public Embedded(Routes<?> routes, ServerConfig config) {
        this(routes, config, Transport.HTTP);
    }

    public Embedded(Routes<?> routes, ServerConfig config, Transport transport) {
        this(routes, config, transport, null);
    }

    /**
     * A connection whose event loop reads time from {@code ticker} (null: the system's): its idle checks and
     * whole-request deadline then move only with {@link #advance}.
     */
    public Embedded(Routes<?> routes, ServerConfig config, Transport transport, MockTicker ticker) {
        ServerContext server = new ServerContext(new Dispatcher(routes.compile(), routes.rootMiddleware()), config);
        ChannelHandler connection =
                transport == Transport.HTTP ? new HttpConnection(server) : new ZapConnection(server);
        this.ticker = ticker;
        ch = ticker == null
                ? new EmbeddedChannel(connection)
                : EmbeddedChannel.builder().ticker(ticker).handlers(connection).build();
    }

    /**
     * Moves the manual clock on by {@code nanos}, running each scheduled task at the instant it falls due, as a
     * real event loop would (one jump would run a periodic task once, late, instead of at each of its periods).
     */
    public void advance(long nanos) {
        if (ticker == null || nanos < 0) {
            throw new IllegalStateException("advance needs a manual clock and a non-negative step, not " + nanos);
        }
        long target = ticker.nanoTime() + nanos;
        for (; ; ) {
            ch.runPendingTasks();
            long next = ch.runScheduledPendingTasks();
            if (next < 0 || next > target - ticker.nanoTime()) {
                break;
            }
            ticker.advance(next, TimeUnit.NANOSECONDS);
        }
        ticker.advance(target - ticker.nanoTime(), TimeUnit.NANOSECONDS);
        ch.runPendingTasks();
    }

    /** Writes raw bytes in one piece. */
    void write(byte[] bytes) {
        ch.writeInbound(Unpooled.wrappedBuffer(bytes));
        ch.runPendingTasks();
    }

    /** Everything the server wrote back, as bytes. */
    byte[] readBytes() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            ByteBuf b = (ByteBuf) o;
            byte[] chunk = new byte[b.readableBytes()];
            b.readBytes(chunk);
            out.writeBytes(chunk);
            b.release();
        }
        return out.toByteArray();
    }

    /** Writes {@code request} in one piece and returns everything the server wrote back (as ISO-8859-1). */
    public String exchange(String request) {
        write(request);
        return read();
    }

    public void write(String request) {
        ch.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.ISO_8859_1));
        ch.runPendingTasks();
    }

    public String read() {
        return readAll(ch);
    }

    /** Everything {@code ch} wrote back (as ISO-8859-1), each buffer released. */
    public static String readAll(EmbeddedChannel ch) {
        StringBuilder sb = new StringBuilder();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            ByteBuf b = (ByteBuf) o;
            sb.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        return sb.toString();
    }

    @Override
    public void close() {
        ch.finishAndReleaseAll();
    }
}
