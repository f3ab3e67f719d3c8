package dev.zapline.codec.snippets;

import dev.zapline.codec.http1.ChunkedDecoder;
import dev.zapline.codec.http1.Http1HeadParser;
import dev.zapline.codec.http1.Http1Request;
import dev.zapline.codec.http1.Http1ResponseParser;
import dev.zapline.codec.http1.Http1ResponseWriter;
import dev.zapline.codec.http1.HttpDate;
import dev.zapline.codec.http1.RequestTarget;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Examples for {@code dev.zapline.codec.http1}: parsing requests and responses, writing response heads. */
final class Http1Snippets {

    /** What a client keeps per connection: the requests sent and not yet answered. */
    interface Pending {
        boolean peekIsHead();

        void poll();
    }

    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] APPLICATION_JSON = "application/json".getBytes(StandardCharsets.US_ASCII);
    private Http1ResponseParser parser;
    private Http1HeadParser headParser;
    private ChunkedDecoder chunked;
    private Pending pending;
    private HttpDate date;

    private static void record(int status, long bodyLength) {}

    private static void close() {}

    private static void readJson(Http1Request req) {}

    private static void readBody(Http1Request req, ByteBuf in) {}

    private static void handle(ByteBuf body) {}

    void channelRead(ByteBuf in) {
        // @start region="responseParser"
        // channelRead, with 'in' the connection's cumulation buffer:
        while (parser.parse(in, pending.peekIsHead()) == Http1ResponseParser.RESPONSE_COMPLETE) {
            pending.poll();
            record(parser.status(), parser.bodyLength());
            if (!parser.keepAlive()) {
                close();
                break;
            }
        }
        // channelInactive:
        if (parser.endOfInput()) { // a close-delimited body ended
            record(parser.status(), parser.bodyLength());
        }
        // @end
    }

    void request(Http1Request req) {
        // @start region="request"
        int i = req.header(CONTENT_TYPE); // lower-case name, case-insensitive match
        if (i >= 0 && req.valueEquals(i, APPLICATION_JSON)) {
            readJson(req);
        }
        // @end
    }

    void headParser(ByteBuf in, Http1Request request) {
        // @start region="headParser"
        int consumed = headParser.parse(in, request); // -1: need more bytes; else head bytes to skip
        if (consumed > 0) {
            in.skipBytes(consumed);
            readBody(request, in); // as request.bodyKind() says
            headParser.reset();
        }
        // @end
    }

    void chunked(ByteBuf in, ByteBuf body) {
        // @start region="chunked"
        if (chunked.decode(in, body)) { // true: the whole body is in 'body'
            handle(body);
            chunked.reset();
        }
        // @end
    }

    void date(ByteBuf out) {
        // @start region="date"
        out.writeBytes(date.line(System.currentTimeMillis())); // "date: Sun, 29 Nov 2026 23:28:11 GMT\r\n"
        // @end
    }

    void responseWriter(ByteBuf out, long now, byte[] body) {
        // @start region="responseWriter"
        Http1ResponseWriter.statusLine(out, 200);
        out.writeBytes(date.line(now));
        Http1ResponseWriter.contentLength(out, body.length);
        Http1ResponseWriter.endHead(out);
        out.writeBytes(body);
        // @end
    }

    int requestTarget(byte[] b, int start, int end) {
        int path = start;
        // @start region="requestTarget"
        int s = RequestTarget.schemeLength(b, start, end); // 7 for http://, 8 for https://, else 0
        if (s > 0) {
            int authorityEnd = RequestTarget.authorityEnd(b, start + s, end); // at the first '/' or '?', or end
            String problem = RequestTarget.authorityProblem(b, start + s, authorityEnd); // null when valid
            path = authorityEnd; // the path starts here; an empty one means "/" (RFC 9110 §4.2.3)
        }
        // @end
        return path;
    }
}
