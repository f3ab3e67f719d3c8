package dev.zapline.load.engine;

import dev.zapline.client.TlsDial;
import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.HpackRequestBlock;
import dev.zapline.transport.ClientTls;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * HTTP/2 load ({@link Http2Connection}): {@code h2c} with prior knowledge over plaintext, or {@code h2} chosen by
 * ALPN over TLS. Each request's header block is encoded once ({@link HpackRequestBlock}) and sent verbatim; each
 * connection carries up to {@code streams} requests at once (fewer if the server's
 * {@code SETTINGS_MAX_CONCURRENT_STREAMS} says so). Over TLS, when the server's ALPN choice is not {@code h2}, the
 * connection speaks HTTP/1.1 instead ({@link Http1Connection}, the same requests encoded for it, pipelined as deep as
 * the streams would have gone); its requests are still counted at their HTTP/2 size. Thread-safe.
 *
 * <p>Not supported: server push (disabled in SETTINGS), priorities, the {@code h2c} upgrade from HTTP/1.1.
 */
public final class Http2LoadClient extends LoadClient {

    /** One request: method, request target (path and query), headers (a {@code host} one sets :authority), body. */
    public record Request(String method, String target, List<Map.Entry<String, String>> headers, byte[] body) {}

    private final byte[][] blocks;
    private final byte[][] bodies;
    private final byte[][] http1;
    private final ClientTls tls;
    private final int streams;
    private final int maxStreamId;

    /**
     * Sends {@code requests} round robin to {@code host:port}, over TLS unless {@code tls} is null (its ALPN list
     * should offer {@code h2}), with at most {@code streams} streams per connection; {@code name} names the target in
     * messages.
     */
    public Http2LoadClient(
            ZapLoops loops, String host, int port, List<Request> requests, String name, ClientTls tls, int streams) {
        this(loops, host, port, requests, name, tls, streams, H2.MAX_STREAM_ID);
    }

    /** With stream ids up to {@code maxStreamId} (tests of running out of them). */
    Http2LoadClient(
            ZapLoops loops,
            String host,
            int port,
            List<Request> requests,
            String describe,
            ClientTls tls,
            int streams,
            int maxStreamId) {
        super(
                loops,
                ZapAddress.tcp(host, port),
                requests.size(),
                describe,
                tls == null ? "HTTP/2 (h2c)" : "HTTP/2 (h2)",
                true);
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("no request to send to " + describe);
        }
        if (streams < 1) {
            throw new IllegalArgumentException("streams " + streams + " must be at least 1");
        }
        this.tls = tls;
        this.streams = streams;
        this.maxStreamId = maxStreamId;
        int n = requests.size();
        this.blocks = new byte[n][];
        this.bodies = new byte[n][];
        this.http1 = new byte[n][];
        String scheme = tls == null ? "http" : "https";
        String authority =
                (host.contains(":") ? "[" + host + "]" : host) + (port == (tls == null ? 80 : 443) ? "" : ":" + port);
        for (int i = 0; i < n; i++) {
            Request q = requests.get(i);
            blocks[i] =
                    HpackRequestBlock.encode(q.method(), scheme, authority, q.target(), q.headers(), q.body().length);
            if (blocks[i].length > H2.DEFAULT_MAX_FRAME) {
                throw new IllegalArgumentException("request " + i + "'s header block is " + blocks[i].length
                        + " bytes, more than one HTTP/2 frame (" + H2.DEFAULT_MAX_FRAME + ") holds");
            }
            bodies[i] = q.body().clone();
            http1[i] = HttpLoadClient.encode(q.method(), authority, q.target(), q.headers(), q.body());
            int frames = (bodies[i].length + H2.DEFAULT_MAX_FRAME - 1) / H2.DEFAULT_MAX_FRAME;
            bytes[i] = H2.FRAME_HEADER + blocks[i].length + frames * H2.FRAME_HEADER + bodies[i].length;
        }
    }

    /** Streams per connection at most. */
    public int streams() {
        return streams;
    }

    @Override
    void open(EventLoop loop, ConnectionEvents events, CompletableFuture<Connection> result) {
        if (tls == null) {
            dial(loop, http2(events, result, null), result);
            return;
        }
        Alpn pending = new Alpn();
        ChannelFuture connect = dial(loop, TlsDial.handlers(tls, address.host(), address.port(), pending), result);
        connect.addListener(f -> {
            if (f.isSuccess()) {
                afterHandshake(connect.channel(), result, done -> {
                    if ("h2".equals(done.info().alpn())) {
                        pending.become(http2(events, result, Negotiated.of(done)));
                    } else {
                        Http1Connection c = new Http1Connection(http1, events, result);
                        pending.become(c);
                        c.open(Negotiated.of(done));
                    }
                });
            }
        });
    }

    private Http2Connection http2(ConnectionEvents events, CompletableFuture<Connection> result, Handshake handshake) {
        return new Http2Connection(blocks, bodies, events, streams, maxStreamId, result, handshake);
    }
}
