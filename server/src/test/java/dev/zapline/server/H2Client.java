package dev.zapline.server;

import dev.zapline.server.internal.http2.Http2Preface;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A small raw HTTP/2 client for tests: frames built by hand (9-byte header, SETTINGS, HEADERS with an HPACK block
 * of literals without indexing, CONTINUATION, DATA, RST_STREAM, PING, WINDOW_UPDATE), frames read back one by one.
 * Response header blocks are decoded with Netty's HPACK decoder. Over a loopback socket, or over an
 * {@link Embedded} connection on a manual clock ({@link #embedded}), where a read finding nothing written is a
 * read timeout. Not thread-safe.
 */
final class H2Client implements AutoCloseable {

    static final int DATA = 0;
    static final int HEADERS = 1;
    static final int RST_STREAM = 3;
    static final int SETTINGS = 4;
    static final int PING = 6;
    static final int GOAWAY = 7;
    static final int WINDOW_UPDATE = 8;
    static final int CONTINUATION = 9;
    static final int END_STREAM = 1;
    static final int END_HEADERS = 4;
    static final int ACK = 1;

    static final int NO_ERROR = 0;
    static final int PROTOCOL_ERROR = 1;
    static final int ENHANCE_YOUR_CALM = 0xb;

    /** A frame read back. */
    record Frame(int type, int flags, int stream, byte[] payload) {
        boolean has(int flag) {
            return (flags & flag) != 0;
        }

        /** The last stream id of a GOAWAY. */
        int lastStream() {
            return ((payload[0] & 0x7F) << 24)
                    | ((payload[1] & 0xFF) << 16)
                    | ((payload[2] & 0xFF) << 8)
                    | (payload[3] & 0xFF);
        }

        /** The error code of a GOAWAY or RST_STREAM. */
        long errorCode() {
            int at = type == GOAWAY ? 4 : 0;
            return ((payload[at] & 0xFFL) << 24)
                    | ((payload[at + 1] & 0xFF) << 16)
                    | ((payload[at + 2] & 0xFF) << 8)
                    | (payload[at + 3] & 0xFF);
        }
    }

    /** A response: status, body, and the RST_STREAM code if the stream was reset (-1 otherwise). */
    record Response(String status, String body, long reset) {}

    private final java.io.Closeable socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder(false);
    private int nextStream = 1;
    /** Frames read for streams other than the one being waited on, by stream. */
    private final java.util.Map<Integer, java.util.ArrayDeque<Frame>> held = new java.util.HashMap<>();
    /** The decoded header list of each HEADERS frame read and not yet consumed (by identity). */
    private final java.util.Map<Frame, Http2Headers> decoded = new java.util.IdentityHashMap<>();
    /** The header list of the last response read by {@link #response}. */
    Http2Headers lastHeaders;

    private H2Client(Socket socket) throws IOException {
        this(socket, socket.getInputStream(), socket.getOutputStream());
    }

    private H2Client(java.io.Closeable socket, java.io.InputStream in, OutputStream out) {
        this.socket = socket;
        this.out = out;
        this.in = new DataInputStream(new java.io.BufferedInputStream(in));
    }

    /** Connects to {@code port} on loopback and sends the preface and {@code settings} (id, value pairs). */
    static H2Client connect(int port, int... settings) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        s.setTcpNoDelay(true);
        s.setSoTimeout(10_000);
        return over(s, settings);
    }

    /** Speaks HTTP/2 on the connected socket {@code s} (TLS with h2 negotiated, or plain): preface, settings. */
    static H2Client over(Socket s, int... settings) throws IOException {
        H2Client c = new H2Client(s);
        c.out.write(Http2Preface.BYTES);
        c.frame(SETTINGS, 0, 0, settings(settings));
        return c;
    }

    /**
     * Speaks HTTP/2 to the connection in {@code e}: each write goes in whole and runs what it causes; a read takes
     * what the server wrote, is the end of the stream once the channel is closed, and is a
     * {@link SocketTimeoutException} when the server has written nothing (yet: the test may move the clock).
     */
    static H2Client embedded(Embedded e, int... settings) throws IOException {
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                e.write(java.util.Arrays.copyOfRange(b, off, off + len));
            }
        };
        java.io.InputStream in = new java.io.InputStream() {
            private java.io.ByteArrayInputStream pending = new java.io.ByteArrayInputStream(new byte[0]);

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (pending.available() == 0) {
                    pending = new java.io.ByteArrayInputStream(e.readBytes());
                }
                if (pending.available() > 0) {
                    return pending.read(b, off, len);
                }
                if (!e.ch.isOpen()) {
                    return -1;
                }
                throw new SocketTimeoutException("the server has written nothing more");
            }
        };
        H2Client c = new H2Client(() -> {}, in, out);
        c.out.write(Http2Preface.BYTES);
        c.frame(SETTINGS, 0, 0, settings(settings));
        return c;
    }

    private static byte[] settings(int... settings) {
        byte[] p = new byte[settings.length / 2 * 6];
        for (int i = 0; i < settings.length; i += 2) {
            int at = i / 2 * 6;
            p[at] = (byte) (settings[i] >> 8);
            p[at + 1] = (byte) settings[i];
            putInt(p, at + 2, settings[i + 1]);
        }
        return p;
    }

    int nextStream() {
        int id = nextStream;
        nextStream += 2;
        return id;
    }

    static void putInt(byte[] a, int at, int v) {
        a[at] = (byte) (v >>> 24);
        a[at + 1] = (byte) (v >>> 16);
        a[at + 2] = (byte) (v >>> 8);
        a[at + 3] = (byte) v;
    }

    /** The 9-byte frame header and the payload, as bytes. */
    static byte[] frameBytes(int type, int flags, int stream, byte[] payload) {
        byte[] f = new byte[9 + payload.length];
        f[0] = (byte) (payload.length >>> 16);
        f[1] = (byte) (payload.length >>> 8);
        f[2] = (byte) payload.length;
        f[3] = (byte) type;
        f[4] = (byte) flags;
        putInt(f, 5, stream);
        System.arraycopy(payload, 0, f, 9, payload.length);
        return f;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(frameBytes(type, flags, stream, payload));
        out.flush();
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** An HPACK block of literal fields without indexing, new names (RFC 7541 §6.2.2), for name/value pairs. */
    static byte[] block(String... nameValues) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < nameValues.length; i += 2) {
            b.write(0);
            string(b, nameValues[i]);
            string(b, nameValues[i + 1]);
        }
        return b.toByteArray();
    }

    /** A string literal, not Huffman-coded, with its 7-bit-prefix length. */
    static void string(ByteArrayOutputStream b, String s) {
        byte[] v = s.getBytes(StandardCharsets.ISO_8859_1);
        integer(b, 0, 7, v.length);
        b.writeBytes(v);
    }

    /** An HPACK integer with an {@code n}-bit prefix after the bits {@code first}. */
    static void integer(ByteArrayOutputStream b, int first, int n, int v) {
        int max = (1 << n) - 1;
        if (v < max) {
            b.write(first | v);
            return;
        }
        b.write(first | max);
        v -= max;
        while (v >= 128) {
            b.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b.write(v);
    }

    static byte[] request(String method, String path) {
        return block(":method", method, ":scheme", "http", ":path", path, ":authority", "t");
    }

    /** Sends a request; the stream id it got. */
    int send(String method, String path, byte[] body) throws IOException {
        int id = nextStream();
        boolean noBody = body == null || body.length == 0;
        frame(HEADERS, END_HEADERS | (noBody ? END_STREAM : 0), id, request(method, path));
        if (!noBody) {
            frame(DATA, END_STREAM, id, body);
        }
        return id;
    }

    /** Sends a GET for {@code path} and reads its response. */
    Response get(String path) throws IOException {
        return response(send("GET", path, null));
    }

    /**
     * Reads frames (acking SETTINGS) until stream {@code id} ends or is reset. Frames of other streams are kept for
     * their own {@code response} call; header blocks are decoded in the order they arrive, as HPACK requires.
     */
    Response response(int id) throws IOException {
        String status = null;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            java.util.ArrayDeque<Frame> mine = held.get(id);
            Frame f = mine != null && !mine.isEmpty() ? mine.poll() : read();
            if (f.type == GOAWAY) {
                throw new IOException("GOAWAY " + f.errorCode() + " before stream " + id + " ended");
            }
            if (f.stream != id) {
                if (f.stream != 0) {
                    held.computeIfAbsent(f.stream, k -> new java.util.ArrayDeque<>())
                            .add(f);
                }
                continue;
            }
            if (f.type == RST_STREAM) {
                return new Response(status, body.toString(StandardCharsets.UTF_8), f.errorCode());
            }
            if (f.type == HEADERS) {
                lastHeaders = decoded.remove(f);
                status = lastHeaders.status().toString();
            } else if (f.type == DATA) {
                body.writeBytes(f.payload);
            }
            if ((f.type == HEADERS || f.type == DATA) && f.has(END_STREAM)) {
                return new Response(status, body.toString(StandardCharsets.UTF_8), -1);
            }
        }
    }

    Http2Headers headers(Frame f) throws IOException {
        try {
            return hpack.decodeHeaders(f.stream, Unpooled.wrappedBuffer(f.payload));
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** The next frame; SETTINGS are acknowledged, WINDOW_UPDATEs skipped. */
    Frame read() throws IOException {
        while (true) {
            int len = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int stream = in.readInt() & 0x7FFFFFFF;
            byte[] p = new byte[len];
            in.readFully(p);
            if (type == SETTINGS && (flags & ACK) == 0) {
                frame(SETTINGS, ACK, 0, new byte[0]);
                continue;
            }
            if (type == WINDOW_UPDATE || (type == SETTINGS)) {
                continue;
            }
            Frame f = new Frame(type, flags, stream, p);
            if (type == HEADERS) {
                decoded.put(f, headers(f));
            }
            return f;
        }
    }

    /**
     * Reads until GOAWAY and returns its error code; -1 if the connection ended without one. Writes that fail
     * because the server closed first are the caller's to ignore.
     */
    long goAway() throws IOException {
        try {
            while (true) {
                Frame f = read();
                if (f.type == GOAWAY) {
                    return f.errorCode();
                }
            }
        } catch (EOFException | SocketTimeoutException | java.net.SocketException e) {
            return -1;
        }
    }

    /** Whether the server closed the connection (EOF within the socket timeout). */
    boolean closedByServer() throws IOException {
        try {
            while (true) {
                read();
            }
        } catch (EOFException | java.net.SocketException e) {
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
