package dev.zapline.load.engine;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * {@code http://}: HTTP/1.1 keep-alive connections writing pre-encoded requests, responses read in place by
 * {@code Http1ResponseParser}. A response with {@code connection: close} ends the connection (the engine opens a
 * new one). Thread-safe.
 */
public final class HttpLoadClient implements Client {

    private final ZapLoops loops;
    private final ZapAddress address;
    private final byte[][] requests;
    private final String describe;

    public HttpLoadClient(ZapLoops loops, String host, int port, byte[] request, String describe) {
        this(loops, host, port, List.of(request), describe);
    }

    /** Sends {@code requests} (each encoded by {@link #encode}) round robin. */
    public HttpLoadClient(ZapLoops loops, String host, int port, List<byte[]> requests, String describe) {
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
        Http1Connection c = new Http1Connection(requests, events);
        Bootstrap b = new Bootstrap()
                .group(loop)
                .channel(loops.channelClass(address))
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(c);
        CompletableFuture<Connection> result = new CompletableFuture<>();
        b.connect(address.host(), address.port()).addListener(f -> {
            if (f.isSuccess()) {
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
