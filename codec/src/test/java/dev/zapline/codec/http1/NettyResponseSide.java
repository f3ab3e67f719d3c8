package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Netty's {@link HttpResponseDecoder} as the reference, with its default (RFC 9112) settings and our limits: the
 * input is written, then the channel closed, and the first response that is not 1xx (101 aside) is the outcome.
 * Netty's own keep-alive test ({@link HttpUtil#isKeepAlive}) does not know that a body delimited by the close, or
 * 101, ends the connection; that rule of RFC 9112 §6.3 is added here.
 */
final class NettyResponseSide {

    private NettyResponseSide() {}

    static Outcome parse(byte[] input) {
        HttpDecoderConfig config = new HttpDecoderConfig()
                .setMaxInitialLineLength(Http1ResponseLimits.DEFAULT.maxStatusLine())
                .setMaxHeaderSize(Http1ResponseLimits.DEFAULT.maxHeaderBytes())
                .setMaxChunkSize(8192);
        EmbeddedChannel ch = new EmbeddedChannel(new HttpResponseDecoder(config));
        ByteBuf body = Unpooled.buffer();
        try {
            ch.writeInbound(Unpooled.wrappedBuffer(input));
            ch.finish();
            HttpResponse res = null;
            int interim = 0;
            Outcome result = Outcome.INCOMPLETE;
            for (Object m; (m = ch.readInbound()) != null; ReferenceCountUtil.release(m)) {
                if (result != Outcome.INCOMPLETE) {
                    continue;
                }
                if (m instanceof DecoderResultProvider p && p.decoderResult().isFailure()) {
                    result = Outcome.reject(0, String.valueOf(p.decoderResult().cause()));
                    continue;
                }
                if (m instanceof HttpResponse r) {
                    res = r;
                }
                if (m instanceof HttpContent c) {
                    body.writeBytes(
                            c.content(), c.content().readerIndex(), c.content().readableBytes());
                }
                if (m instanceof LastHttpContent && res != null) {
                    int code = res.status().code();
                    if (res.status().codeClass() == HttpStatusClass.INFORMATIONAL && code != 101) {
                        interim++;
                        body.clear();
                        res = null;
                        continue;
                    }
                    byte[] b = new byte[body.readableBytes()];
                    body.getBytes(body.readerIndex(), b);
                    result = OurResponseSide.accept(
                            code, keepAlive(res), res.protocolVersion().minorVersion() == 0 ? 10 : 11, interim, b);
                }
            }
            return result;
        } catch (RuntimeException e) {
            return Outcome.reject(0, "exception " + e);
        } finally {
            body.release();
            ch.finishAndReleaseAll();
        }
    }

    private static boolean keepAlive(HttpResponse res) {
        int code = res.status().code();
        boolean noBody = code == 204 || code == 304;
        boolean closeDelimited = !noBody
                && !HttpUtil.isTransferEncodingChunked(res)
                && !res.headers().contains(HttpHeaderNames.CONTENT_LENGTH);
        return HttpUtil.isKeepAlive(res) && !closeDelimited && code != 101;
    }
}
