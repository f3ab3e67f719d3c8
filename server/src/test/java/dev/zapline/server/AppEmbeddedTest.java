package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.internal.http1.HttpConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AppEmbeddedTest {

    @Test
    void embeddedInstallsTheListenerPipelineOnAnyChannel() {
        App app = App.create(ServerConfig.defaults().withClock(() -> Embedded.NOW));
        app.get("/health", ctx -> ctx.contentType("text/plain").send("ok"));
        EmbeddedChannel ch = new EmbeddedChannel(app.embedded());
        assertThat(ch.pipeline().first()).isInstanceOf(HttpConnection.class);
        assertThat(ch.pipeline().last()).isSameAs(ch.pipeline().first());
        ch.writeInbound(Unpooled.copiedBuffer("GET /health HTTP/1.1\r\nHost: t\r\n\r\n", StandardCharsets.US_ASCII));
        ByteBuf response = ch.readOutbound();
        assertThat(response.toString(StandardCharsets.US_ASCII))
                .isEqualTo("HTTP/1.1 200 OK\r\n" + Embedded.DATE
                        + "content-type: text/plain\r\ncontent-length: 2\r\n\r\nok");
        response.release();
        assertThat(ch.finishAndReleaseAll()).isFalse();
    }
}
