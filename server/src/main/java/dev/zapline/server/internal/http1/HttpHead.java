package dev.zapline.server.internal.http1;

import dev.zapline.codec.http1.ChunkedDecoder;
import dev.zapline.codec.http1.Http1HeadParser;
import dev.zapline.codec.http1.Http1Limits;
import dev.zapline.codec.http1.Http1Request;
import dev.zapline.server.internal.HeaderNames;
import dev.zapline.server.internal.RequestHead;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/**
 * {@link RequestHead} over a parsed HTTP/1.1 head and its body, with the parser state that fills it; lent to a
 * connection with its {@link Ctx} and re-pointed per request. The target is read in origin form; for an
 * absolute-form target its authority answers for Host, whatever Host says (RFC 9112 §3.2.2).
 */
public final class HttpHead implements RequestHead {

    public final Http1Request req = new Http1Request();
    public final Http1HeadParser parser;
    public final ChunkedDecoder chunked;
    public ByteBuf body = Unpooled.EMPTY_BUFFER;

    public HttpHead(Http1Limits limits) {
        this.parser = new Http1HeadParser(limits);
        this.chunked = new ChunkedDecoder(limits);
    }

    /** Forgets a head left half parsed (after a protocol error); the body belongs to the connection. */
    public void reset() {
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

    /** Whether a lookup of {@code lowerName} is answered by the authority of an absolute-form target. */
    private boolean byAuthority(byte[] lowerName) {
        return req.authorityStart() >= 0 && HeaderNames.isHost(lowerName);
    }

    @Override
    public String headerAsString(byte[] lowerName) {
        if (byAuthority(lowerName)) {
            return req.authorityAsString();
        }
        int i = req.header(lowerName);
        return i < 0 ? null : req.valueAsString(i);
    }

    @Override
    public boolean hasHeader(byte[] lowerName) {
        return byAuthority(lowerName) || req.header(lowerName) >= 0;
    }

    @Override
    public boolean headerEquals(byte[] lowerName, byte[] value) {
        if (byAuthority(lowerName)) {
            int at = req.authorityStart();
            return Arrays.equals(req.head(), at, at + req.authorityLength(), value, 0, value.length);
        }
        int i = req.header(lowerName);
        return i >= 0 && req.valueEquals(i, value);
    }

    @Override
    public int copyHeader(byte[] lowerName, byte[] dst, int offset) {
        boolean authority = byAuthority(lowerName);
        int i = authority ? 0 : req.header(lowerName);
        if (i < 0) {
            return -1;
        }
        int n = authority ? req.authorityLength() : req.valueLength(i);
        if (n <= dst.length - offset) {
            System.arraycopy(req.head(), authority ? req.authorityStart() : req.valueStart(i), dst, offset, n);
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
