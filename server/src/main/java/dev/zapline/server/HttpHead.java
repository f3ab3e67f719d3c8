package dev.zapline.server;

import dev.zapline.codec.http1.ChunkedDecoder;
import dev.zapline.codec.http1.Http1HeadParser;
import dev.zapline.codec.http1.Http1Limits;
import dev.zapline.codec.http1.Http1Request;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * {@link RequestHead} over a parsed HTTP/1.1 head and its body, with the parser state that fills it; lent to a
 * connection with its {@link Ctx} and re-pointed per request.
 */
final class HttpHead implements RequestHead {

    final Http1Request req = new Http1Request();
    final Http1HeadParser parser;
    final ChunkedDecoder chunked;
    ByteBuf body = Unpooled.EMPTY_BUFFER;

    HttpHead(Http1Limits limits) {
        this.parser = new Http1HeadParser(limits);
        this.chunked = new ChunkedDecoder(limits);
    }

    /** Forgets a head left half parsed (after a protocol error); the body belongs to the connection. */
    void reset() {
        parser.reset();
        body = Unpooled.EMPTY_BUFFER;
    }

    @Override
    public byte[] bytes() {
        return req.head();
    }

    @Override
    public int methodStart() {
        return req.methodStart();
    }

    @Override
    public int methodLength() {
        return req.methodLength();
    }

    @Override
    public int targetStart() {
        return req.targetStart();
    }

    @Override
    public int targetLength() {
        return req.targetLength();
    }

    @Override
    public int pathLength() {
        return req.pathLength();
    }

    @Override
    public int queryStart() {
        return req.queryStart();
    }

    @Override
    public int queryLength() {
        return req.queryLength();
    }

    @Override
    public String headerAsString(byte[] lowerName) {
        int i = req.header(lowerName);
        return i < 0 ? null : req.valueAsString(i);
    }

    @Override
    public boolean hasHeader(byte[] lowerName) {
        return req.header(lowerName) >= 0;
    }

    @Override
    public boolean headerEquals(byte[] lowerName, byte[] value) {
        int i = req.header(lowerName);
        return i >= 0 && req.valueEquals(i, value);
    }

    @Override
    public int copyHeader(byte[] lowerName, byte[] dst, int offset) {
        int i = req.header(lowerName);
        if (i < 0) {
            return -1;
        }
        int n = req.valueLength(i);
        if (n <= dst.length - offset) {
            System.arraycopy(req.head(), req.valueStart(i), dst, offset, n);
        }
        return n;
    }

    @Override
    public String protocol() {
        return req.version() == 10 ? "HTTP/1.0" : "HTTP/1.1";
    }

    @Override
    public ByteBuf body() {
        return body;
    }
}
