package dev.zapline.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;

/** An {@link HttpConnection} in an {@link EmbeddedChannel} with a fixed clock, for exact-bytes tests. */
public final class Embedded implements AutoCloseable {

    /** Sun, 29 Nov 2026 23:28:11 GMT. */
    public static final long NOW = 1_795_994_891_000L;

    public static final String DATE = "date: Sun, 29 Nov 2026 23:28:11 GMT\r\n";

    public final EmbeddedChannel ch;

    public Embedded(App app) {
        this(app, ServerConfig.defaults().withClock(() -> NOW));
    }

    public Embedded(Routes<?> routes, ServerConfig config) {
        this(routes, config, Transport.HTTP);
    }

    public Embedded(Routes<?> routes, ServerConfig config, Transport transport) {
        ServerContext server = new ServerContext(new Dispatcher(routes.compile(), routes.rootMiddleware()), config);
        ch = new EmbeddedChannel(transport == Transport.HTTP ? new HttpConnection(server) : new ZapConnection(server));
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
