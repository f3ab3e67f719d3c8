package dev.zapline.server.internal;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;

/**
 * How a transport answers a request: the {@link Ctx} collects status and headers, then hands the body here, and
 * the transport encodes the whole response into its outbound buffer. Called on the connection's event loop. An
 * HTTP/1.1 or ZAP connection is its own responder; an HTTP/2 connection answers every stream, and finds the
 * stream from the {@link Ctx}.
 */
public interface Responder {

    /** A complete response whose body is {@code length} bytes of {@code body} at {@code offset}. */
    void respond(Ctx ctx, byte[] body, int offset, int length);

    /** A complete response whose body is the readable bytes of {@code body}; takes ownership (releases it). */
    void respond(Ctx ctx, ByteBuf body);

    /** A complete response whose body is {@code text} encoded as UTF-8. */
    void respond(Ctx ctx, CharSequence text);

    /** Sends the head of a streamed response (chunked on HTTP, a head frame on ZAP). */
    void startStream(Ctx ctx);

    /** Sends one piece of a streamed response; takes ownership of {@code data}. */
    void streamChunk(Ctx ctx, ByteBuf data);

    /** Ends a streamed response. */
    void endStream(Ctx ctx);

    /** What the connection's TLS handshake negotiated, or null on plaintext. */
    TlsInfo tls();

    /** The connection's attribute values ({@link Attribute#perConnection}). */
    Attributes connectionAttributes();

    /** On the event loop: answers a handed-off request with {@code responder}, then resumes the connection. */
    void completeHandOff(Ctx ctx, Handler responder);
}
