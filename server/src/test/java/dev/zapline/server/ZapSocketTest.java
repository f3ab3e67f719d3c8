package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.channel.epoll.Epoll;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** ZAP over real sockets: TCP and a unix domain socket, next to HTTP on the same app. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapSocketTest {

    @TempDir
    Path dir;

    @Test
    void oneAppServesHttpZapAndAUnixSocketWithTheSameHandlers() throws Exception {
        assumeThat(Epoll.isAvailable()).as("unix domain sockets need epoll").isTrue();
        Path sock = dir.resolve("zap.sock");
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/who", ctx -> ctx.send(ctx.transport().name()));
        app.listen("http://127.0.0.1:0", "127.0.0.1:0", sock.toString()).start();
        try {
            assertThat(app.addresses())
                    .extracting(ListenAddress::transport)
                    .containsExactly(Transport.HTTP, Transport.ZAP, Transport.ZAP);
            int zapPort = app.addresses().get(1).port();
            byte[] request = ZapFrames.request("GET", "/who", "");
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", zapPort), 2000);
                s.getOutputStream().write(ZapFrames.concat(request, request));
                assertThat(ZapFrames.read(readFrames(s.getInputStream(), 2)))
                        .extracting(ZapFrames.Frame::body)
                        .containsExactly("ZAP", "ZAP");
            }
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(sock));
                ch.write(ByteBuffer.wrap(request));
                assertThat(ZapFrames.read(readFrames(java.nio.channels.Channels.newInputStream(ch), 1)))
                        .extracting(ZapFrames.Frame::body)
                        .containsExactly("ZAP");
            }
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }

    /** Reads exactly {@code n} length-prefixed frames. */
    static byte[] readFrames(InputStream in, int n) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.DataInputStream data = new java.io.DataInputStream(in);
        for (int i = 0; i < n; i++) {
            int len = data.readInt();
            byte[] m = new byte[len];
            data.readFully(m);
            out.writeBytes(ByteBuffer.allocate(4).putInt(len).array());
            out.writeBytes(m);
        }
        return out.toByteArray();
    }
}
