package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Byte streams captured from nginx (see {@code http1/nginx/README.md}): every response read, in order, with the
 * statuses, keep-alive and body lengths nginx sent, the same whole and in random pieces, and the same as Netty's
 * client codec reads them (told which requests were HEAD).
 */
class Http1ResponseNginxTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "pipelined.bin       | 200 keep 17, 200 keep 0, 404 keep 153, 304 keep 0, 204 keep 0, 200 keep *, "
                        + "405 keep 157, 200 close 17",
                "close-delimited.bin | 200 close *",
                "http10.bin          | 200 close 17"
            })
    void readsEveryResponseNginxSentWholeAndInPieces(String file, String expected) {
        byte[] in = resource(file);
        boolean[] heads = {false, true};
        List<String> ours = OurResponseSide.parseAll(in, heads);
        assertThat(ours.stream().map(s -> s.substring(0, s.lastIndexOf(' '))).collect(Collectors.joining(", ")))
                .matches(expected.replace("*", "[1-9][0-9]+"));
        SplittableRandom rnd = new SplittableRandom(file.length());
        for (int i = 0; i < 50; i++) {
            assertThat(OurResponseSide.parseAll(in, heads, Http1ResponseParserTest.randomCuts(in.length, rnd)))
                    .isEqualTo(ours);
        }
        assertThat(ours).isEqualTo(netty(in, heads));
    }

    /** Netty's client codec, which pairs responses with the requests written before them to know about HEAD. */
    private static List<String> netty(byte[] input, boolean[] heads) {
        EmbeddedChannel ch = new EmbeddedChannel(new HttpClientCodec());
        List<String> out = new ArrayList<>();
        ByteBuf body = Unpooled.buffer();
        try {
            for (int i = 0; i < 9; i++) {
                HttpMethod m = i < heads.length && heads[i] ? HttpMethod.HEAD : HttpMethod.GET;
                ch.writeOutbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, m, "/"));
            }
            ch.writeInbound(Unpooled.wrappedBuffer(input));
            ch.finish();
            HttpResponse res = null;
            for (Object m; (m = ch.readInbound()) != null; ReferenceCountUtil.release(m)) {
                if (m instanceof HttpResponse r) {
                    res = r;
                }
                if (m instanceof HttpContent c) {
                    body.writeBytes(
                            c.content(), c.content().readerIndex(), c.content().readableBytes());
                }
                if (m instanceof LastHttpContent && res.status().code() >= 200) {
                    int code = res.status().code();
                    boolean head = out.size() < heads.length && heads[out.size()];
                    boolean framed = head
                            || code == 204
                            || code == 304
                            || res.headers().contains("content-length")
                            || res.headers().contains("transfer-encoding");
                    boolean keep = HttpUtil.isKeepAlive(res) && framed;
                    out.add(code + (keep ? " keep " : " close ") + body.readableBytes() + " "
                            + ByteBufUtil.hexDump(body));
                }
                if (m instanceof LastHttpContent) {
                    body.clear();
                }
            }
            return out;
        } finally {
            body.release();
            ch.finishAndReleaseAll();
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = Http1ResponseNginxTest.class.getResourceAsStream("/http1/nginx/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
