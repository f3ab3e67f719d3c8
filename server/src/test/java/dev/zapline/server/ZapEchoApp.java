package dev.zapline.server;

import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.server.internal.zap.ZapHead;
import java.time.Duration;

/**
 * The app the ZAP socket suites run against, on 127.0.0.1 with an ephemeral ZAP port and one event loop (so a
 * misbehaving connection shares its thread with the well-behaved ones). Routes:
 *
 * <ul>
 *   <li>any method on any path not below: echoes what the handler saw, as {@link #echo} text;
 *   <li>{@code GET /n/:n}: the text {@code n}, for checking the order of many responses;
 *   <li>{@code POST /raw}: the body bytes unchanged;
 *   <li>{@code GET /stream}: a streamed response "a", "bc" (head, data, data, end frames).
 * </ul>
 */
final class ZapEchoApp implements AutoCloseable {

    final App app;
    final int port;

    private ZapEchoApp(App app) {
        this.app = app;
        this.port = app.addresses().get(0).port();
    }

    static ZapEchoApp start(ServerConfig config) {
        App app = App.create(config.withEventLoops(1));
        app.get("/n/:n", ctx -> ctx.send(ctx.pathParam("n")));
        app.post("/raw", ctx -> ctx.send(ctx.body().retain()));
        app.get("/stream", ctx -> ctx.stream().write("a").write("bc").end());
        app.all("/*rest", ctx -> ctx.send(echo(ctx)));
        app.listen("127.0.0.1:0").start();
        return new ZapEchoApp(app);
    }

    /**
     * What the handler saw, HTTP-style: {@code METHOD target proto}, one {@code name: value} line per request header
     * in wire order, an empty line, the body as UTF-8.
     */
    static String echo(Ctx ctx) {
        StringBuilder sb = new StringBuilder();
        sb.append(ctx.method())
                .append(' ')
                .append(ctx.target())
                .append(' ')
                .append(ctx.protocol())
                .append('\n');
        HeaderCursor h = new HeaderCursor();
        for (h.reset(((ZapHead) ctx.head).headerBlock()); h.next(); ) {
            sb.append(h.nameAsString()).append(": ").append(h.valueAsString()).append('\n');
        }
        return sb.append('\n').append(ctx.bodyAsString()).toString();
    }

    @Override
    public void close() {
        app.stop(Duration.ofSeconds(1));
    }
}
