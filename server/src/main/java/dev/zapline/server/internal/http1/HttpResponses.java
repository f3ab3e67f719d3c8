package dev.zapline.server.internal.http1;

import static dev.zapline.server.internal.HeaderNames.ascii;

import dev.zapline.codec.http1.Http1ResponseWriter;
import dev.zapline.server.internal.ErrorRenderer;
import dev.zapline.server.internal.HeaderNames;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Pre-encoded pieces of HTTP/1.1 responses for {@link HttpConnection} and {@link HttpHeadWriter}. */
public final class HttpResponses {

    public static final byte[] CONTINUE = ascii("HTTP/1.1 100 Continue\r\n\r\n");
    public static final byte[] CONNECTION_CLOSE = ascii("connection: close\r\n");
    public static final byte[] CONNECTION_KEEP_ALIVE = ascii("connection: keep-alive\r\n");
    public static final byte[] CHUNKED = ascii("transfer-encoding: chunked\r\n");
    public static final byte[] TEXT_PLAIN = line(HeaderNames.CONTENT_TYPE, HeaderNames.TEXT_PLAIN);
    public static final byte[] PROBLEM_JSON = line(HeaderNames.CONTENT_TYPE, HeaderNames.PROBLEM_JSON);
    public static final byte[] LAST_CHUNK = ascii("0\r\n\r\n");
    public static final byte[] CRLF = ascii("\r\n");

    private HttpResponses() {}

    /** The header line {@code name: value\r\n}. */
    private static byte[] line(byte[] name, byte[] value) {
        byte[] line = new byte[name.length + value.length + 4];
        System.arraycopy(name, 0, line, 0, name.length);
        line[name.length] = ':';
        line[name.length + 1] = ' ';
        System.arraycopy(value, 0, line, name.length + 2, value.length);
        line[line.length - 2] = '\r';
        line[line.length - 1] = '\n';
        return line;
    }

    /** A complete problem response for input the parser refused; always closes the connection. */
    public static void protocolError(ByteBuf out, byte[] dateLine, int status, String detail) {
        byte[] body = ErrorRenderer.json(status, detail, null).getBytes(StandardCharsets.UTF_8);
        Http1ResponseWriter.statusLine(out, status);
        out.writeBytes(dateLine).writeBytes(PROBLEM_JSON);
        Http1ResponseWriter.contentLength(out, body.length);
        out.writeBytes(CONNECTION_CLOSE);
        Http1ResponseWriter.endHead(out);
        out.writeBytes(body);
    }

    /** One chunk of a chunked body: size in hex, CRLF, data, CRLF. */
    public static void chunk(ByteBuf out, ByteBuf data) {
        Http1ResponseWriter.hex(out, data.readableBytes());
        out.writeBytes(CRLF).writeBytes(data).writeBytes(CRLF);
    }
}
