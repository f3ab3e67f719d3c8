package dev.zapline.load.engine;

import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.ZapBuilder;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A deliberately misbehaving ZAP server on loopback: for the n-th request it receives (0-based, over all
 * connections) it does what {@code behaviour} says.
 */
final class FaultServer implements AutoCloseable {

    enum Act {
        /** 200 "ok". */
        OK,
        /** 500. */
        FAIL,
        /** Close with RST (SO_LINGER 0). */
        RESET,
        /** Half of the response frame, then close. */
        HALF,
        /** Never answer on this connection again. */
        HANG
    }

    private final ServerSocket socket;
    private final IntFunction<Act> behaviour;
    private final byte[] ok = frame(200);
    private final byte[] fail = frame(500);
    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger connections = new AtomicInteger();

    FaultServer(IntFunction<Act> behaviour) throws IOException {
        this.behaviour = behaviour;
        socket = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("fault-accept").start(this::accept);
    }

    int port() {
        return socket.getLocalPort();
    }

    private static byte[] frame(int status) {
        ZapBuilder b = new ZapBuilder();
        byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
        int n = ZapHttpWriter.response(b, false, status, "", "", null, body, 0, body.length, null);
        byte[] f = new byte[4 + n];
        f[0] = (byte) (n >>> 24);
        f[1] = (byte) (n >>> 16);
        f[2] = (byte) (n >>> 8);
        f[3] = (byte) n;
        b.copyTo(f, 4);
        return f;
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                connections.incrementAndGet();
                Thread.ofVirtual().start(() -> serve(s));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            while (true) {
                in.readFully(new byte[in.readInt()]);
                switch (behaviour.apply(requests.getAndIncrement())) {
                    case OK -> out.write(ok);
                    case FAIL -> out.write(fail);
                    case RESET -> {
                        s.setSoLinger(true, 0);
                        return;
                    }
                    case HALF -> {
                        out.write(ok, 0, ok.length / 2);
                        out.flush();
                        return;
                    }
                    case HANG -> {
                        drain(s.getInputStream());
                        return;
                    }
                }
                out.flush();
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static void drain(InputStream in) throws IOException {
        byte[] b = new byte[4096];
        while (in.read(b) >= 0) {
            // swallow until the client closes
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
