package dev.zapline.load.engine;

import dev.zapline.client.TlsDial;
import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.Layouts;
import dev.zapline.load.shape.ResponseShapes;
import dev.zapline.transport.ClientTls;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
public final class HttpLoadClient extends LoadClient {

    private final byte[][] requests;
    /** TLS for every connection, or null for plaintext. */
    private final ClientTls tls;
    /** The journeys its connections run, or null when they send {@link #requests}. */
    private final JourneyPlan journeys;
    /** {@code --sample-responses}, or null. */
    private volatile ResponseShapes shapes;

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
        super(loops, ZapAddress.tcp(host, port), requests.size(), describe, "HTTP/1.1", false);
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("no request to send to " + describe);
        }
        this.requests = new byte[requests.size()][];
        for (int i = 0; i < this.requests.length; i++) {
            this.requests[i] = requests.get(i).clone();
            bytes[i] = this.requests[i].length;
        }
        this.tls = tls;
        this.journeys = null;
    }

    /**
     * Runs {@code journeys} ({@code zapline load FILE.http}) on connections to {@code host:port}, over TLS unless
     * {@code tls} is null: each request is written from its step's template when it is due.
     */
    public HttpLoadClient(ZapLoops loops, String host, int port, JourneyPlan journeys, String describe, ClientTls tls) {
        super(loops, ZapAddress.tcp(host, port), 0, describe, "HTTP/1.1", false);
        this.requests = new byte[0][];
        this.tls = tls;
        this.journeys = journeys;
    }

    /** Plaintext HTTP/1.1 with fixed requests primes; TLS and journeys do not. */
    @Override
    public boolean primes() {
        return tls == null && journeys == null;
    }

    @Override
    public Client primer(String host, int port) {
        if (!primes()) {
            throw new UnsupportedOperationException("only plaintext HTTP/1.1 with fixed requests primes");
        }
        return new HttpLoadClient(loops, host, port, List.of(requests), "a responder in this process");
    }

    @Override
    public JourneyPlan journeys() {
        return journeys;
    }

    /**
     * Samples per request: keyed {@code METHOD target} from each request's line, or by the journey steps' keys;
     * {@code #N}, the 1-based number, is added to a key two requests (or steps) share.
     */
    @Override
    public ResponseShapes sampleResponses(int perKey) {
        List<String> lines = journeys != null ? Layouts.of(journeys).steps() : new ArrayList<>();
        for (byte[] r : requests) {
            int method = indexOf(r, 0, (byte) ' ');
            int target = indexOf(r, method + 1, (byte) ' ');
            lines.add(new String(r, 0, target, StandardCharsets.ISO_8859_1));
        }
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            keys.add(java.util.Collections.frequency(lines, l) > 1 ? l + " #" + (i + 1) : l);
        }
        shapes = new ResponseShapes(keys, perKey);
        return shapes;
    }

    /** The first index of {@code b} in {@code r} from {@code from}, or {@code r.length}. */
    private static int indexOf(byte[] r, int from, byte b) {
        int i = from;
        while (i < r.length && r[i] != b) {
            i++;
        }
        return i;
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
    void open(EventLoop loop, ConnectionEvents events, CompletableFuture<Connection> result) {
        Journeys j = journeys != null && events instanceof Link l ? l.driver.journeys() : null;
        Http1Connection c = new Http1Connection(requests, events, result, j);
        if (shapes != null) {
            c.sample(shapes);
        }
        ChannelFuture connect =
                dial(loop, tls == null ? c : TlsDial.handlers(tls, address.host(), address.port(), c), result);
        connect.addListener(f -> {
            if (f.isSuccess() && tls != null) {
                afterHandshake(connect.channel(), result, done -> c.open(Negotiated.of(done)));
            } else if (f.isSuccess()) {
                c.open(null);
            }
        });
    }
}
