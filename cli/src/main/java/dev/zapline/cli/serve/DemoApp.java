package dev.zapline.cli.serve;

import dev.zapline.server.App;
import dev.zapline.server.HeaderName;
import dev.zapline.server.ServerConfig;
import java.nio.charset.StandardCharsets;

/**
 * The demo server every benchmark uses: {@code GET /health}, {@code POST /rpc} (the eth record), {@code POST /echo},
 * and the shop API that journeys log in to ({@link ShopApi}: {@code POST /login}, {@code GET /accounts/:id},
 * {@code POST /orders}).
 */
public final class DemoApp {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final HeaderName CONTENT_TYPE = HeaderName.of("content-type");
    private static final byte[] TEXT_PLAIN = "text/plain".getBytes(StandardCharsets.US_ASCII);

    private DemoApp() {}

    /** The demo app; JSON bodies of {@code /rpc} use the codec named {@code json} (jackson, dsljson, fastjson2). */
    public static App create(ServerConfig config, String json) {
        App app = App.create(config)
                .get("/health", ctx -> ctx.header(CONTENT_TYPE, TEXT_PLAIN).send(OK))
                .post("/rpc", EthRpc.handler(json))
                .post("/echo", ctx -> ctx.send(ctx.body().retain()));
        return ShopApi.create().routes(app);
    }
}
