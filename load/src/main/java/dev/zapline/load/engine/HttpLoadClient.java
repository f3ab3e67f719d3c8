package dev.zapline.load.engine;

import dev.zapline.client.TlsDial;
import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.transport.ClientTls;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * {@code http://} and {@code https://}: HTTP/1.1 keep-alive connections writing pre-encoded requests, responses read
 * in place by {@code Http1ResponseParser}. A response with {@code connection: close} ends the connection (the engine
 * opens a new one). With TLS ({@link ClientTls}) the TLS handler goes first in each connection's pipeline and a
 * connection is open once its handshake is done; a failed handshake fails the connect with a
 * {@link dev.zapline.client.TlsHandshakeException} naming the reason. Thread-safe.
 */
public final class HttpLoadClient implements Client {

    private final ZapLoops loops;
    private final ZapAddress address;
    private final byte[][] requests;
    private final String describe;
    /** TLS for every connection, or null for plaintext. */
    private final ClientTls tls;

    public HttpLoadClient(ZapLoops loops, String host, int port, byte[] request, String describe) {
        this(loops, host, port, List.of(request), describe);
    }

    /** Sends {@code requests} (each encoded by {@link #encode}) round robin, in plaintext. */
    public HttpLoadClient(ZapLoops loops, String host, int port, List<byte[]> requests, String describe) {
        this(loops, host, port, requests, describe, null);
    }

    /** Sends {@code requests} round robin, over TLS unless {@code tls} is null. */
    public HttpLoadClient(
            ZapLoops loops, String host, int port, List<byte[]> requests, String describe, ClientTls tls) {
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("no request to send to " + describe);
        }
        this.loops = loops;
        this.address = ZapAddress.tcp(host, port);
        this.requests = new byte[requests.size()][];
        for (int i = 0; i < this.requests.length; i++) {
            this.requests[i] = requests.get(i).clone();
        }
        this.describe = describe;
        this.tls = tls;
    }

    /**
     * Encodes a request once: request line, {@code Host}, the given headers in order, {@code Content-Length} when
     * there is a body (or the method usually has one).
     */
    public static byte[] encode(
            String method, String hostPort, String target, List<Map.Entry<String, String>> headers, byte[] body) {
        StringBuilder sb = new StringBuilder(128);
        sb.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        boolean host = false;
        for (Map.Entry<String, String> h : headers) {
            host |= h.getKey().equalsIgnoreCase("host");
        }
        if (!host) {
            sb.append("Host: ").append(hostPort).append("\r\n");
        }
        for (Map.Entry<String, String> h : headers) {
            sb.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        if (body.length > 0 || method.equals("POST") || method.equals("PUT") || method.equals("PATCH")) {
            sb.append("Content-Length: ").append(body.length).append("\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    @Override
    public CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events) {
        Http1Connection c = new Http1Connection(requests, events, tls != null);
        Bootstrap b = new Bootstrap()
                .group(loop)
                .channel(loops.channelClass(address))
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(tls == null ? c : TlsDial.handlers(tls, address.host(), address.port(), c));
        CompletableFuture<Connection> result = new CompletableFuture<>();
        ChannelFuture connect = b.connect(address.host(), address.port());
        connect.addListener(f -> {
            if (f.isSuccess() && tls != null) {
                TlsDial.handshake(connect.channel(), System::nanoTime).whenComplete((done, error) -> {
                    if (error == null) {
                        c.opened(Negotiated.of(done));
                        result.complete(c);
                    } else {
                        result.completeExceptionally(error);
                    }
                });
            } else if (f.isSuccess()) {
                result.complete(c);
            } else {
                Throwable e = f.cause();
                result.completeExceptionally(new IllegalStateException(
                        "cannot connect to " + address + ": " + (e == null ? "cancelled" : e.getMessage()), e));
            }
        });
        return result;
    }

    @Override
    public String protocol() {
        return "HTTP/1.1";
    }

    @Override
    public int requests() {
        return requests.length;
    }

    @Override
    public int requestBytes(int i) {
        return requests[i].length;
    }

    @Override
    public String describe() {
        return describe;
    }
}
