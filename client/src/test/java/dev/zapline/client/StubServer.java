package dev.zapline.client;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;

/**
 * A fake ZAP server on loopback for one connection: reads one request frame, answers with the given raw bytes,
 * then reports whether the client closed the connection (read saw end of stream within five seconds).
 */
final class StubServer implements AutoCloseable {

    private final ServerSocket socket;
    /** Completes true when the client closed the connection after the reply, false on a read timeout. */
    final CompletableFuture<Boolean> clientClosed = new CompletableFuture<>();

    StubServer(byte[] reply) throws IOException {
        socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("stub-zap").start(() -> serve(reply));
    }

    int port() {
        return socket.getLocalPort();
    }

    private void serve(byte[] reply) {
        try (Socket s = socket.accept()) {
            s.setSoTimeout(5000);
            DataInputStream in = new DataInputStream(s.getInputStream());
            in.readFully(new byte[in.readInt()]);
            s.getOutputStream().write(reply);
            s.getOutputStream().flush();
            clientClosed.complete(drain(s.getInputStream()));
        } catch (IOException e) {
            clientClosed.completeExceptionally(e);
        }
    }

    private static boolean drain(InputStream in) {
        try {
            while (in.read() >= 0) {
                // the client sends nothing more; wait for its close
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
