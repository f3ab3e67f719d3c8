package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcResponseView;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A blocking test client of the RPC listener: raw bytes out, whole frames in, every read bounded in time. */
public final class RpcSocket implements AutoCloseable {

    /** One answer as read: request id, status, promise id and the body as UTF-8. */
    record Answer(int reqId, int status, int promise, String body) {}

    private final Socket socket;
    private final DataInputStream in;

    RpcSocket(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 2000);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(5000);
        in = new DataInputStream(socket.getInputStream());
    }

    /** Connects and completes the handshake; returns the socket ready for calls. */
    static RpcSocket open(InetSocketAddress address) throws IOException {
        RpcSocket s = new RpcSocket(address);
        s.write(handshake("test"));
        String id = s.readHandshake();
        if (!RpcEndpoint.NODE_ID.equals(id)) {
            throw new IOException("server announced '" + id + "'");
        }
        return s;
    }

    public static byte[] handshake(String id) {
        ByteBuf b = Unpooled.buffer();
        RpcHandshake.write(b, id.getBytes(StandardCharsets.UTF_8));
        return bytes(b);
    }

    static byte[] request(int reqId, long method, int target, byte[] payload) {
        ByteBuf b = Unpooled.buffer();
        RpcFrames.writeRequest(b, reqId, method, reqId + 1000, target, null, Unpooled.wrappedBuffer(payload));
        return bytes(b);
    }

    /** A correlated frame holding {@code envelope} as is. */
    static byte[] frame(int reqId, int flag, byte[] envelope) {
        ByteBuf b = Unpooled.buffer();
        b.writeIntLE(Rpc.CORRELATED_HEADER + envelope.length)
                .writeIntLE(reqId)
                .writeIntLE(flag)
                .writeBytes(envelope);
        return bytes(b);
    }

    private static byte[] bytes(ByteBuf b) {
        byte[] a = new byte[b.readableBytes()];
        b.readBytes(a);
        return a;
    }

    void write(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
    }

    void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    String readHandshake() throws IOException {
        byte[] f = readFrame();
        return RpcHandshake.read(Unpooled.wrappedBuffer(f), 0, f.length);
    }

    Answer read() throws IOException {
        byte[] f = readFrame();
        ByteBuf b = Unpooled.wrappedBuffer(f);
        if (b.getIntLE(4) != Rpc.FLAG_RESPONSE) {
            throw new IOException("frame flag " + b.getIntLE(4));
        }
        RpcResponseView v = new RpcResponseView().wrap(b, Rpc.CORRELATED_HEADER, f.length - Rpc.CORRELATED_HEADER);
        return new Answer(b.getIntLE(0), v.status(), v.promiseId(), v.bodyAsString());
    }

    Answer call(int reqId, long method, String payload) throws IOException {
        write(request(reqId, method, 0, payload.getBytes(StandardCharsets.UTF_8)));
        return read();
    }

    /** The next frame's bytes after its length prefix. */
    byte[] readFrame() throws IOException {
        int length = Integer.reverseBytes(in.readInt());
        if (length < 0 || length > Rpc.MAX_FRAME) {
            throw new IOException("frame length " + length);
        }
        byte[] f = new byte[length];
        in.readFully(f);
        return f;
    }

    /** True when the server closes the connection (end of stream or reset) before sending anything more. */
    boolean closedByServer() throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (EOFException | java.net.SocketException e) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
