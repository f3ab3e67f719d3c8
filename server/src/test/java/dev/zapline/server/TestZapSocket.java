package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.ZapFrames.Frame;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A blocking ZAP client on a loopback socket, for the socket suites: raw bytes out, whole length-prefixed frames
 * in. Every read is bounded by the socket timeout, so a server that stays silent fails the test instead of hanging.
 */
final class TestZapSocket implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    TestZapSocket(int port) throws IOException {
        this(port, 10_000);
    }

    TestZapSocket(int port, int readTimeoutMillis) throws IOException {
        this(plain(port, readTimeoutMillis));
    }

    /** Over a socket already connected (and, for TLS, already past its handshake), with its own read timeout. */
    TestZapSocket(Socket connected) throws IOException {
        socket = connected;
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    private static Socket plain(int port, int readTimeoutMillis) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        s.setSoTimeout(readTimeoutMillis);
        return s;
    }

    TestZapSocket send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Reads exactly {@code n} frames as raw bytes (prefixes included), checking each prefix against its header. */
    byte[] rawFrames(int n) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            int len = in.readInt();
            assertThat(len).as("length prefix of response frame %d", i).isBetween(16, 1 << 20);
            byte[] m = new byte[len];
            in.readFully(m);
            assertThat(ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN).getInt(12))
                    .as("header size of response frame %d equals its length prefix", i)
                    .isEqualTo(len);
            raw.writeBytes(ByteBuffer.allocate(4).putInt(len).array());
            raw.writeBytes(m);
        }
        return raw.toByteArray();
    }

    /** Reads and decodes exactly {@code n} frames. */
    List<Frame> frames(int n) throws IOException {
        return ZapFrames.read(rawFrames(n));
    }

    /**
     * Reads until the server closes the connection (end of stream or a reset); returns what came before. Fails with
     * a timeout if the connection stays open longer than the read timeout.
     */
    byte[] untilClosed() throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                got.write(buf, 0, n);
            }
        } catch (SocketException reset) {
            // closed with unread input on the server's side: a reset instead of a FIN, still closed
        }
        return got.toByteArray();
    }

    /** Whether the server has sent anything that has not been read yet. */
    boolean hasInput() throws IOException {
        return in.available() > 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
