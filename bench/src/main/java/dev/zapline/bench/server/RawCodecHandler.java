package dev.zapline.bench.server;

import dev.zapline.codec.http1.Http1Exception;
import dev.zapline.codec.http1.Http1HeadParser;
import dev.zapline.codec.http1.Http1Limits;
import dev.zapline.codec.http1.Http1Request;
import dev.zapline.fixtures.baseline.CachedResponses;
import dev.zapline.fixtures.baseline.RawHealthHandler;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Raw Netty with zapline's HTTP/1.1 parser and nothing of the framework, for {@link HttpFrameworkBench}'s
 * {@code raw-codec} arm: each head is parsed in place by {@link Http1HeadParser} (the same parse, limits and
 * header semantics zapline runs), its path compared with {@code /health}, and a cached response copied into one
 * buffer per read batch. What zapline adds over this arm is the framework: route lookup, the request context,
 * the handler chain and the response head assembly. Heads only (a GET needs no body); a wrong path or malformed
 * head closes the connection. One instance per channel; bench code, not a server.
 */
final class RawCodecHandler extends ChannelInboundHandlerAdapter {

    private static final byte[] PATH = "/health".getBytes(StandardCharsets.US_ASCII);

    private final CachedResponses responses;
    private final Http1HeadParser parser = new Http1HeadParser(Http1Limits.DEFAULT);
    private final Http1Request request = new Http1Request();
    private ByteBuf cumulation;
    private ByteBuf out;
    private boolean closing;

    RawCodecHandler(CachedResponses responses) {
        this.responses = responses;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        if (closing) {
            in.release();
            return;
        }
        if (cumulation == null) {
            cumulation = in;
        } else {
            cumulation.writeBytes(in);
            in.release();
        }
        try {
            while (!closing && cumulation.isReadable()) {
                int n = parser.parse(cumulation, request);
                if (n < 0) {
                    break;
                }
                cumulation.skipBytes(n);
                parser.reset();
                respond(ctx, isHealth());
            }
        } catch (Http1Exception e) {
            respond(ctx, false);
        }
        if (!cumulation.isReadable() || closing) {
            cumulation.release();
            cumulation = null;
        } else {
            cumulation.discardSomeReadBytes();
        }
    }

    private boolean isHealth() {
        byte[] h = request.head();
        int at = request.targetStart();
        return request.pathLength() == PATH.length && Arrays.equals(h, at, at + PATH.length, PATH, 0, PATH.length);
    }

    private void respond(ChannelHandlerContext ctx, boolean ok) {
        if (out == null) {
            out = ctx.alloc().ioBuffer(1024);
        }
        out.writeBytes(ok ? responses.ok() : responses.notFound());
        closing |= !ok;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ByteBuf o = out;
        out = null;
        RawHealthHandler.flushBatch(ctx, o, closing);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (out != null) {
            out.release();
            out = null;
        }
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
    }
}
