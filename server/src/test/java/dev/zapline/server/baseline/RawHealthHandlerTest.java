package dev.zapline.server.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RawHealthHandlerTest {

    /** Sun, 29 Nov 2026 23:28:11 GMT. */
    private static final long NOW = 1_795_994_891_000L;
    private static final String OK = "HTTP/1.1 200 OK\r\ndate: Sun, 29 Nov 2026 23:28:11 GMT\r\n"
            + "content-type: text/plain\r\ncontent-length: 2\r\n\r\nok";
    private static final String WRK = "GET /health HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n";

    private final CachedResponses responses = new CachedResponses(() -> NOW);

    @Test
    void answersOneRequestWithTheCachedResponse() {
        EmbeddedChannel ch = raw();
        assertThat(exchange(ch, WRK)).isEqualTo(OK);
        assertThat(ch.isActive()).isTrue();
        ch.finishAndReleaseAll();
    }

    @Test
    void answersPipelinedRequestsInOneFlush() {
        EmbeddedChannel ch = raw();
        ch.writeInbound(ascii(WRK + "GET /health HTTP/1.1\r\n\r\n" + WRK));
        assertThat(ch.outboundMessages()).hasSize(1);
        assertThat(readAll(ch)).isEqualTo(OK + OK + OK);
        ch.finishAndReleaseAll();
    }

    @Test
    void answersARequestSplitAtEveryByte() {
        for (int cut = 1; cut < WRK.length(); cut++) {
            EmbeddedChannel ch = raw();
            assertThat(exchange(ch, WRK.substring(0, cut))).as("cut at %d", cut).isEmpty();
            assertThat(exchange(ch, WRK.substring(cut) + WRK.substring(0, cut))).as("cut at %d", cut).isEqualTo(OK);
            assertThat(exchange(ch, WRK.substring(cut))).as("cut at %d", cut).isEqualTo(OK);
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void answersARequestSentByteByByte() {
        EmbeddedChannel ch = raw();
        StringBuilder got = new StringBuilder();
        for (char c : (WRK + WRK).toCharArray()) {
            got.append(exchange(ch, String.valueOf(c)));
        }
        assertThat(got.toString()).isEqualTo(OK + OK);
        ch.finishAndReleaseAll();
    }

    @Test
    void acceptsBareLineFeeds() {
        EmbeddedChannel ch = raw();
        assertThat(exchange(ch, "GET /health HTTP/1.1\nHost: x\n\n")).isEqualTo(OK);
        ch.finishAndReleaseAll();
    }

    @Test
    void answersAnyOtherTargetWith404AndCloses() {
        for (String request : new String[] {"GET /healthz HTTP/1.1\r\n\r\n", "POST /health HTTP/1.1\r\n\r\n",
            "GET /\r\n\r\n", "\r\n\r\n"}) {
            EmbeddedChannel ch = raw();
            String got = exchange(ch, request + WRK);
            assertThat(got).as(request).startsWith("HTTP/1.1 404 Not Found\r\ndate: ")
                    .endsWith("content-length: 0\r\nconnection: close\r\n\r\n");
            assertThat(ch.isActive()).as(request).isFalse();
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void sendsTheSameBytesAsZapline() {
        App app = App.create(ServerConfig.defaults().withClock(() -> NOW));
        app.get("/health", ctx -> ctx.contentType("text/plain").send("ok"));
        ChannelHandler zapline = app.embedded();
        EmbeddedChannel z = channel(zapline);
        EmbeddedChannel r = raw();
        String pipelined = WRK + WRK;
        assertThat(exchange(r, pipelined)).isEqualTo(exchange(z, pipelined)).isEqualTo(OK + OK);
        z.finishAndReleaseAll();
        r.finishAndReleaseAll();
    }

    private EmbeddedChannel raw() {
        return channel(new RawHealthHandler(responses));
    }

    private static EmbeddedChannel channel(ChannelHandler handler) {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.config().setAllocator(PooledByteBufAllocator.DEFAULT);
        ch.pipeline().addLast(handler);
        return ch;
    }

    private static String exchange(EmbeddedChannel ch, String request) {
        ch.writeInbound(ascii(request));
        return readAll(ch);
    }

    private static String readAll(EmbeddedChannel ch) {
        return dev.zapline.server.Embedded.readAll(ch);
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }
}
