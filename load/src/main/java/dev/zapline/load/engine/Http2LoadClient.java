package dev.zapline.load.engine;

import dev.zapline.client.TlsDial;
import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.HpackRequestBlock;
import dev.zapline.transport.ClientTls;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
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
public final class Http2LoadClient implements Client {

    /** One request: method, request target (path and query), headers (a {@code host} one sets :authority), body. */
    public record Request(String method, String target, List<Map.Entry<String, String>> headers, byte[] body) {}

    private final ZapLoops loops;
    private final ZapAddress address;
    private final byte[][] blocks;
    private final byte[][] bodies;
    private final byte[][] http1;
    private final int[] bytes;
    private final String describe;
    private final ClientTls tls;
    private final int streams;
    private final int maxStreamId;

    /**
     * Sends {@code requests} round robin to {@code host:port}, over TLS unless {@code tls} is null (its ALPN list
     * should offer {@code h2}), with at most {@code streams} streams per connection.
     */
    public Http2LoadClient(
            ZapLoops loops,
            String host,
            int port,
            List<Request> requests,
            String describe,
            ClientTls tls,
            int streams) {
        this(loops, host, port, requests, describe, tls, streams, H2.MAX_STREAM_ID);
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
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("no request to send to " + describe);
        }
        if (streams < 1) {
            throw new IllegalArgumentException("streams " + streams + " must be at least 1");
        }
        this.loops = loops;
        this.address = ZapAddress.tcp(host, port);
        this.describe = describe;
        this.tls = tls;
        this.streams = streams;
        this.maxStreamId = maxStreamId;
        int n = requests.size();
        this.blocks = new byte[n][];
        this.bodies = new byte[n][];
        this.http1 = new byte[n][];
        this.bytes = new int[n];
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
    public boolean outOfOrder() {
        return true;
    }

    @Override
    public CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events) {
        CompletableFuture<Connection> result = new CompletableFuture<>();
        Bootstrap b = new Bootstrap()
                .group(loop)
                .channel(loops.channelClass(address))
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000)
                .option(ChannelOption.TCP_NODELAY, true);
        Alpn pending = tls == null ? null : new Alpn();
        ChannelHandler first = tls == null
                ? new Http2Connection(blocks, bodies, events, streams, maxStreamId, result, null)
                : TlsDial.handlers(tls, address.host(), address.port(), pending);
        ChannelFuture connect = b.handler(first).connect(address.host(), address.port());
        connect.addListener(f -> {
            if (!f.isSuccess()) {
                Throwable e = f.cause();
                result.completeExceptionally(new IllegalStateException(
                        "cannot connect to " + address + ": " + (e == null ? "cancelled" : e.getMessage()), e));
            } else if (tls != null) {
                Channel ch = connect.channel();
                TlsDial.handshake(ch, System::nanoTime).whenComplete((done, error) -> {
                    if (error != null) {
                        result.completeExceptionally(error);
                    } else if ("h2".equals(done.info().alpn())) {
                        pending.become(new Http2Connection(
                                blocks, bodies, events, streams, maxStreamId, result, Negotiated.of(done)));
                    } else {
                        Http1Connection c = new Http1Connection(http1, events, true);
                        c.opened(Negotiated.of(done));
                        pending.become(c);
                        result.complete(c);
                    }
                });
            }
        });
        return result;
    }

    /** {@code HTTP/2 (h2c)} in plaintext, {@code HTTP/2 (h2)} over TLS (where ALPN may still pick HTTP/1.1). */
    @Override
    public String protocol() {
        return tls == null ? "HTTP/2 (h2c)" : "HTTP/2 (h2)";
    }

    @Override
    public int requests() {
        return blocks.length;
    }

    @Override
    public int requestBytes(int i) {
        return bytes[i];
    }

    @Override
    public String describe() {
        return describe;
    }
}
