package dev.zapline.server;

import dev.zapline.server.internal.Attributes;
import dev.zapline.server.internal.DoneListeners;
import dev.zapline.server.internal.HeaderNames;
import dev.zapline.server.internal.Query;
import dev.zapline.server.internal.RequestHead;
import dev.zapline.server.internal.Responder;
import dev.zapline.server.internal.Route;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.route.Method;
import dev.zapline.server.internal.route.RouteMatch;
import dev.zapline.transport.TlsInfo;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One request and its response. Each event loop keeps a few {@code Ctx}s and lends one to a connection for the
 * requests it is working on, taking it back when the connection is idle again; it is reset for every request and
 * never re-created, so reading the request and writing a response allocate nothing unless a method says it
 * allocates. The few a loop keeps stay hot in the CPU's caches, whichever of its connections a request comes on.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=ctx}
 *
 * <p>Valid only during the handler call on the connection's event loop, or, after {@link #handOff()}, until the
 * hand-off completes. Not thread-safe: another thread touches it only through {@link HandOff#complete}.
 */
public final class Ctx {

    /** The lending and request state below is set by {@link CtxSide}; a handler reads it through the methods. */
    Channel channel;

    Transport transport;
    /** Who answers this request: the HTTP/1.1 or ZAP connection, or the HTTP/2 connection of the stream. */
    Responder connection;

    private final JsonCodec json;
    final Reply reply = new Reply();
    private final ResponseHeaders headers = reply.headers;
    final Attributes attributes = new Attributes();
    final DoneListeners done = new DoneListeners();
    final RouteMatch<Route> match;
    /** The transports' per-request scratch, opaque here: only {@link ServerAccess} knows its type. */
    final Object scratch;

    RequestHead head;
    Handler[] chain;
    int chainIndex;
    HandOff handOff;

    static {
        ServerAccess.register(new CtxSide());
    }

    Ctx(JsonCodec json, RouteMatch<Route> match, Object scratch) {
        this.json = json;
        this.match = match;
        this.scratch = scratch;
    }

    /** Runs the next handler of the chain (middleware calls this to continue). */
    public void next() throws Exception {
        if (chainIndex < chain.length) {
            chain[chainIndex++].handle(this);
        }
    }

    public Transport transport() {
        return transport;
    }

    /**
     * What the connection's TLS handshake negotiated (protocol, cipher, key-exchange group, ALPN, resumption), or
     * null on a plaintext listener. Read once per connection; no allocation here.
     */
    public TlsInfo tls() {
        return connection.tls();
    }

    /** The request method as sent; a shared constant for the standard methods (no allocation). */
    public String method() {
        return Method.text(head.bytes(), head.methodStart(), head.methodLength());
    }

    /** Allocating convenience: the path (the target, see {@link #target()}, up to '?'), not percent-decoded. */
    public String path() {
        return new String(head.bytes(), head.targetStart(), head.pathLength(), StandardCharsets.ISO_8859_1);
    }

    /** Appends the path (as {@link #path()}, one char per byte) to {@code sb}; allocation-free. */
    public StringBuilder appendPath(StringBuilder sb) {
        byte[] b = head.bytes();
        for (int i = head.targetStart(), end = i + head.pathLength(); i < end; i++) {
            sb.append((char) (b[i] & 0xFF));
        }
        return sb;
    }

    /**
     * Allocating convenience: the request target in origin form, path and query, not percent-decoded. That is the
     * target as sent, except for an absolute-form one ({@code GET http://a.test/p?q HTTP/1.1}, over HTTP/1.1 or in
     * a ZAP frame), which reads {@code /p?q} ({@code /} for an empty path) while its authority, {@code a.test},
     * answers for the Host header (RFC 9112 §3.2.2). For CONNECT it is the {@code host:port} sent.
     */
    public String target() {
        return new String(head.bytes(), head.targetStart(), head.targetLength(), StandardCharsets.ISO_8859_1);
    }

    /** The route pattern that matched, e.g. {@code /users/:id} (a constant; null before routing). */
    public String route() {
        return match == null ? null : match.pattern();
    }

    /** The percent-decoded value of path parameter {@code name}, or null. Allocates. */
    public String pathParam(String name) {
        int i = match == null ? -1 : match.param(name);
        return i < 0 ? null : match.paramDecoded(i, head.bytes());
    }

    /** The decoded value of the first query parameter {@code name} ('+' is a space), or null. Allocates. */
    public String queryParam(String name) {
        return Query.find(head.bytes(), head.queryStart(), head.queryLength(), name);
    }

    /** The value of request header {@code name} (case-insensitive), or null. Allocates the String. */
    public String header(String name) {
        return head.headerAsString(HeaderNames.lower(name));
    }

    /** Whether the request has a header {@code name}; allocation-free for a pre-encoded {@link HeaderName}. */
    public boolean hasHeader(HeaderName name) {
        return head.hasHeader(name.lowerBytes());
    }

    /** Whether request header {@code name} has exactly {@code value} (allocation-free). */
    public boolean headerEquals(HeaderName name, byte[] value) {
        return head.headerEquals(name.lowerBytes(), value);
    }

    /** The value of request header {@code name}, or null. Allocates the String. */
    public String header(HeaderName name) {
        return head.headerAsString(name.lowerBytes());
    }

    /**
     * Copies the value of request header {@code name} into {@code dst} at {@code offset}, allocation-free. Returns the
     * value's length, or -1 when the header is absent; the bytes are copied only when that length fits in
     * {@code dst.length - offset}, so a result larger than the room left means "too long, nothing copied".
     */
    public int copyHeader(HeaderName name, byte[] dst, int offset) {
        Objects.checkFromToIndex(offset, dst.length, dst.length);
        return head.copyHeader(name.lowerBytes(), dst, offset);
    }

    /** The request body: a view valid until the response completes (retain it to keep it longer). */
    public ByteBuf body() {
        return head.body();
    }

    /** Allocating convenience: a copy of the body. */
    public byte[] bodyBytes() {
        return ByteBufUtil.getBytes(head.body());
    }

    /** Allocating convenience: the body decoded as UTF-8. */
    public String bodyAsString() {
        return head.body().toString(StandardCharsets.UTF_8);
    }

    /** The body read as JSON into {@code type} with the app's {@link JsonCodec}; malformed JSON is a 400. */
    public <T> T bodyAs(Class<T> type) {
        try {
            return json.read(head.body(), type);
        } catch (Exception e) {
            throw new HttpStatusException.BadRequest("body is not valid JSON for " + type.getSimpleName());
        }
    }

    /** The peer's address (an existing object; no allocation). */
    public SocketAddress remoteAddress() {
        return channel.remoteAddress();
    }

    /** The connection's buffer allocator (pooled), for bodies built by the handler. */
    public io.netty.buffer.ByteBufAllocator alloc() {
        return channel.alloc();
    }

    /** The protocol as sent, e.g. {@code HTTP/1.1} or {@code ZAP-HTTP/1.0}. */
    public String protocol() {
        return head.protocol();
    }

    public Ctx status(int status) {
        reply.status(status);
        return this;
    }

    public int status() {
        return reply.status;
    }

    /** Adds a response header; a name that is not a token, or a value with CR or LF, is refused. */
    public Ctx header(String name, String value) {
        checkNotResponded();
        headers.add(name, value);
        return this;
    }

    /** Adds a response header from pre-encoded bytes (allocation-free). */
    public Ctx header(HeaderName name, byte[] value) {
        checkNotResponded();
        headers.add(name.bytes(), value);
        return this;
    }

    /**
     * Adds a response header whose value is {@code length} bytes of {@code value} at {@code offset}, copied now
     * (allocation-free). The bytes must be visible ASCII, spaces or tabs; this is not checked per call.
     */
    public Ctx header(HeaderName name, byte[] value, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, value.length);
        checkNotResponded();
        headers.add(name.bytes(), value, offset, length);
        return this;
    }

    /**
     * Keeps the response headers set so far on an error response too: the error renderer, and
     * {@link #clearHeaders()}, drop only headers added after the last pin. Middleware whose headers belong on every
     * response (CORS, request ids) pins them before calling {@link #next()}.
     */
    public Ctx pinHeaders() {
        headers.pin();
        return this;
    }

    /** Removes the response headers set so far, except pinned ones (see {@link #pinHeaders()}). */
    public Ctx clearHeaders() {
        checkNotResponded();
        headers.clearUnpinned();
        return this;
    }

    public Ctx contentType(String type) {
        checkNotResponded();
        headers.add(HeaderNames.CONTENT_TYPE, type);
        return this;
    }

    /** The response headers set so far, to read (set them with {@link #header}). */
    public ResponseHeaders responseHeaders() {
        return headers;
    }

    public void send(byte[] body) {
        send(body, 0, body.length);
    }

    public void send(byte[] body, int offset, int length) {
        begin();
        connection.respond(this, body, offset, length);
    }

    /** Sends {@code text} as UTF-8 ({@code text/plain; charset=utf-8} unless a content type was set). */
    public void send(CharSequence text) {
        begin();
        connection.respond(this, text);
    }

    /** Sends the readable bytes of {@code body} and releases it. */
    public void send(ByteBuf body) {
        begin();
        connection.respond(this, body);
    }

    /** Sends {@code value} encoded by the app's {@link JsonCodec} as {@code application/json}. */
    public void json(Object value) throws Exception {
        send(reply.json(json, value, channel.alloc()));
    }

    /** Starts a streamed response (chunked on HTTP/1.1); then {@link #write} pieces and {@link #end()}. */
    public Ctx stream() {
        begin();
        reply.streaming = true;
        connection.startStream(this);
        return this;
    }

    /** Writes one piece of a streamed response; takes ownership of {@code data}. */
    public Ctx write(ByteBuf data) {
        if (!reply.streaming) {
            data.release();
            throw new IllegalStateException("write() before stream()");
        }
        connection.streamChunk(this, data);
        return this;
    }

    /** Writes one piece of a streamed response as UTF-8. */
    public Ctx write(CharSequence text) {
        return write(ByteBufUtil.writeUtf8(channel.alloc(), text));
    }

    /**
     * Adds a trailer field to the streamed response in progress, sent after its last piece when {@link #end()} is
     * called: the trailer section of the last chunk on HTTP/1.1, a closing HEADERS frame on HTTP/2, the end frame's
     * trailer block on ZAP. Dropped where the response has no body to carry them (HEAD, 204, 304, HTTP/1.0). Framing
     * and routing fields ({@code content-length}, {@code transfer-encoding}, {@code trailer}, {@code te},
     * {@code connection}, {@code host}) and pseudo-headers are refused, as are names that are not tokens and values
     * with CR or LF. The first call allocates the list; later requests reuse it.
     *
     * @throws IllegalStateException outside a streamed response ({@link #stream()} first, {@link #end()} not yet)
     */
    public Ctx trailer(String name, String value) {
        reply.trailer(name, value);
        return this;
    }

    /** Ends a streamed response. */
    public void end() {
        reply.endStream();
        connection.endStream(this);
    }

    /**
     * Hands the request to another thread: the handler returns at once, the connection keeps this request's data
     * and holds its later pipelined requests, and the response is made when {@link HandOff#complete} runs.
     */
    public HandOff handOff() {
        if (handOff != null) {
            throw new IllegalStateException("request already handed off");
        }
        handOff = new HandOff(this, channel.eventLoop());
        return handOff;
    }

    /** The hand-off this request has taken, or null when it has not (yet) been handed off. */
    public HandOff handedOff() {
        return handOff;
    }

    /** The connection's event loop, where this request runs: for scheduling work on it, such as a timeout. */
    public EventLoop eventLoop() {
        return channel.eventLoop();
    }

    /** Whether a response has been started. */
    public boolean responded() {
        return reply.responded;
    }

    /**
     * The body length of the complete response sent for this request (its content-length, also for HEAD), or -1
     * while none is sent or when the response is streamed.
     */
    public long responseLength() {
        return reply.responseLength;
    }

    /** The value of {@code key} on this request (or connection, for a per-connection key), or null. */
    @SuppressWarnings("unchecked")
    public <T> T attribute(Attribute<T> key) {
        return (T) (key.perRequest ? attributes : connection.connectionAttributes()).get(key);
    }

    /** Sets {@code key} to {@code value}; allocation-free once the key's slot exists on this connection. */
    public <T> Ctx attribute(Attribute<T> key, T value) {
        (key.perRequest ? attributes : connection.connectionAttributes()).set(key, value);
        return this;
    }

    /**
     * Runs {@code listener} on the event loop once this request's response is complete: sent, streamed to its end,
     * or answered after a hand-off, with errors already rendered, so {@link #status()} and
     * {@link #responseLength()} are final. Listeners run once, in the order added; one that throws is logged and
     * the rest still run. To stay allocation-free, register a handler kept in a field, not a capturing lambda.
     * A listener does not run if the connection closes before the response is made.
     */
    public Ctx onDone(Handler listener) {
        done.add(listener);
        return this;
    }

    private void begin() {
        checkNotResponded();
        reply.responded = true;
    }

    private void checkNotResponded() {
        if (reply.responded) {
            throw new IllegalStateException("response already sent for " + method() + " " + target());
        }
    }
}
