package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Netty's {@link HttpRequestDecoder} as the reference: limits equal to ours where Netty has them, strict CRLF line
 * parsing, duplicate Content-Length refused, Transfer-Encoding with Content-Length refused (RFC 9112), headers
 * validated. Only the first request of the input is read, as {@link OurSide} does.
 */
final class NettySide {

    private NettySide() {}

    static HttpDecoderConfig config() {
        return new HttpDecoderConfig()
                .setMaxInitialLineLength(Http1Limits.DEFAULT.maxRequestLine())
                .setMaxHeaderSize(Http1Limits.DEFAULT.maxHeaderBytes())
                .setMaxChunkSize(8192)
                .setStrictLineParsing(true)
                .setAllowDuplicateContentLengths(false)
                .setUseRfc9112TransferEncoding(true)
                .setValidateHeaders(true)
                .setAllowPartialChunks(true);
    }

    static Outcome parse(byte[] input) {
        EmbeddedChannel ch = new EmbeddedChannel(new HttpRequestDecoder(config()));
        ByteBuf body = Unpooled.buffer();
        try {
            ch.writeInbound(Unpooled.wrappedBuffer(input));
            HttpRequest req = null;
            Outcome result = Outcome.INCOMPLETE;
            for (Object m; (m = ch.readInbound()) != null; ReferenceCountUtil.release(m)) {
                if (result != Outcome.INCOMPLETE) {
                    continue;
                }
                if (m instanceof DecoderResultProvider p && p.decoderResult().isFailure()) {
                    result = Outcome.reject(0, String.valueOf(p.decoderResult().cause()));
                    continue;
                }
                if (m instanceof HttpRequest r) {
                    req = r;
                }
                if (m instanceof HttpContent c) {
                    body.writeBytes(
                            c.content(), c.content().readerIndex(), c.content().readableBytes());
                }
                if (m instanceof LastHttpContent) {
                    result = accepted(req, body);
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

    private static Outcome accepted(HttpRequest req, ByteBuf body) {
        List<String> headers = new ArrayList<>();
        for (Map.Entry<String, String> h : req.headers()) {
            headers.add(h.getKey());
            headers.add(h.getValue());
        }
        byte[] b = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), b);
        return Outcome.accept(
                req.method().name(), req.uri(), req.protocolVersion().text(), headers, b);
    }
}
