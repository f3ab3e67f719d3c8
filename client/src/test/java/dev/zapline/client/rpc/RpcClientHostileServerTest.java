package dev.zapline.client.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.rpc.RpcClientTest.Answer;
import dev.zapline.client.rpc.RpcClientTest.Await;
import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcService;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RPC client against a hostile server: a raw socket on 127.0.0.1 that answers the handshake and a call with
 * bytes the client must refuse. Each case closes that connection with a reason saying what was wrong, the call
 * outstanding hears {@code onClosed}, and another client of the same event loop, connected to a real zapline RPC
 * listener, keeps being answered. Every wait is bounded; Netty's leak detector (PARANOID) must find nothing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RpcClientHostileServerTest {

    private static final ZapLoops LOOPS = ZapLoops.create(1, false);
    private static final Duration WAIT = Duration.ofSeconds(5);

    private static App app;
    private static RpcClient bystander;

    /** What the hostile server does once it has read the client's handshake. */
    interface Script {
        void run(DataInputStream in, OutputStream out) throws IOException;
    }

    @BeforeAll
    static void start() {
        RpcService echo = RpcService.of("Echo", new RpcMethod("echo", (call, reply) -> {
            reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
            reply.send();
        }));
        app = App.create(ServerConfig.defaults().withEventLoops(1))
                .rpc("127.0.0.1:0", echo)
                .start();
        bystander = RpcClient.connect(
                LOOPS, ZapAddress.tcp("127.0.0.1", app.rpcAddresses().get(0).getPort()), "bystander", WAIT);
    }

    @AfterAll
    static void stop() {
        bystander.close();
        app.stop(Duration.ofSeconds(1));
        LOOPS.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void aGarbageHandshakeFailsTheConnect() throws Exception {
        assertThat(connectFails(out -> out.write(frame(80, new byte[80]))))
                .hasMessageContaining("RPC handshake with")
                .hasMessageContaining("failed: malformed handshake of 80 bytes");
        assertThat(connectFails(out -> out.write(le(0x7fffffff))))
                .hasMessageContaining("failed: frame of 2147483647 bytes outside 1..10485760");
        bystanderIsServed();
    }

    @Test
    void aLengthPrefixShorterThanTheFrameIsABadEnvelope() throws Exception {
        assertRefused(
                (in, out) -> {
                    byte[] answer = answer(requestId(in), 2, 200);
                    ByteBuffer.wrap(answer).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 20);
                    out.write(answer);
                },
                "bad response envelope: offset 0: envelope of 12 bytes is shorter than the 16-byte header");
    }

    @Test
    void aFrameCutShortByTheCloseFailsTheCall() throws Exception {
        assertRefused(
                (in, out) -> out.write(answer(requestId(in), 2, 200), 0, 25),
                "closed by the server inside a frame, 25 bytes into it");
    }

    @Test
    void anAnswerToNoOutstandingCallClosesTheConnection() throws Exception {
        assertRefused(
                (in, out) -> out.write(answer(requestId(in) + RpcClient.MAX_IN_FLIGHT, 2, 200)),
                "response to request 4097, which is not outstanding");
    }

    @Test
    void aFlagOtherThanResponseClosesTheConnection() throws Exception {
        assertRefused((in, out) -> out.write(answer(requestId(in), 3, 200)), "frame flag 3 is not a response (2)");
    }

    @Test
    void anEnvelopeThatIsNotAResponseClosesTheConnection() throws Exception {
        assertRefused(
                (in, out) -> {
                    byte[] handshakeAsEnvelope = handshake("x");
                    ByteBuf f = Unpooled.buffer();
                    f.writeIntLE(Rpc.CORRELATED_HEADER + RpcHandshake.MESSAGE)
                            .writeIntLE(requestId(in))
                            .writeIntLE(Rpc.FLAG_RESPONSE)
                            .writeBytes(handshakeAsEnvelope, Rpc.LENGTH_PREFIX, RpcHandshake.MESSAGE);
                    out.write(ByteBufUtil.getBytes(f));
                },
                "bad response envelope: offset 6: message type 0 is not the RPC type 200");
    }

    @Test
    void aFrameOverTheLimitClosesTheConnectionBeforeItsBytesArrive() throws Exception {
        assertRefused(
                (in, out) -> {
                    requestId(in);
                    out.write(le(Rpc.MAX_FRAME + 1));
                    out.flush();
                    in.read();
                },
                "frame of 10485761 bytes outside 8..10485760");
    }

    /** One call to a hostile server's connection: it hears onClosed and the client says why. */
    private static void assertRefused(Script script, String reason) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread peer = serve(server, true, script);
            RpcClient c = RpcClient.connect(LOOPS, ZapAddress.tcp("127.0.0.1", server.getLocalPort()), "t", WAIT);
            Await call = new Await();
            c.call(0, 0, Unpooled.copiedBuffer("hello", StandardCharsets.UTF_8), call);
            assertThat(call.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(Answer.CLOSED);
            assertThat(c.closeReason()).isEqualTo(reason);
            assertThat(c.isOpen()).isFalse();
            c.close();
            peer.join(WAIT.toMillis());
            assertThat(peer.isAlive()).as("hostile server thread still running").isFalse();
        }
        bystanderIsServed();
    }

    private interface Greeting {
        void write(OutputStream out) throws IOException;
    }

    private static Throwable connectFails(Greeting greeting) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread peer = serve(server, false, (in, out) -> {
                greeting.write(out);
                out.flush();
                in.read();
            });
            Throwable thrown = catchThrowable(
                    () -> RpcClient.connect(LOOPS, ZapAddress.tcp("127.0.0.1", server.getLocalPort()), "t", WAIT));
            assertThat(thrown).isInstanceOf(IllegalStateException.class);
            peer.join(WAIT.toMillis());
            return thrown;
        }
    }

    /**
     * Accepts one connection, reads the client's handshake, sends a valid one of its own if {@code greet}, runs
     * the script and closes; reads time out after {@link #WAIT}.
     */
    private static Thread serve(ServerSocket server, boolean greet, Script script) {
        return Thread.ofVirtual().start(() -> {
            try (Socket s = server.accept()) {
                s.setSoTimeout((int) WAIT.toMillis());
                DataInputStream in = new DataInputStream(s.getInputStream());
                in.readNBytes(Rpc.LENGTH_PREFIX + RpcHandshake.MESSAGE);
                OutputStream out = s.getOutputStream();
                if (greet) {
                    out.write(handshake("hostile"));
                }
                script.run(in, out);
                out.flush();
            } catch (IOException ignored) {
                // the client closing first is one expected end
            }
        });
    }

    private static void bystanderIsServed() throws Exception {
        Await a = new Await();
        int id = bystander.call(0, 0, Unpooled.copiedBuffer("still here", StandardCharsets.UTF_8), a);
        assertThat(a.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(new Answer(id, 200, id, "still here"));
    }

    /** Reads one request frame of the client's and returns its request id. */
    private static int requestId(DataInputStream in) throws IOException {
        int length = Integer.reverseBytes(in.readInt());
        int reqId = Integer.reverseBytes(in.readInt());
        in.skipNBytes(length - 4);
        return reqId;
    }

    /** A response frame to {@code reqId} with {@code flag}, status and body "ok". */
    private static byte[] answer(int reqId, int flag, int status) {
        ByteBuf f = Unpooled.buffer();
        byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
        RpcFrames.writeResponse(f, reqId, reqId, status, body, 0, body.length);
        f.setIntLE(Rpc.LENGTH_PREFIX + 4, flag);
        return ByteBufUtil.getBytes(f);
    }

    private static byte[] handshake(String id) {
        ByteBuf b = Unpooled.buffer();
        RpcHandshake.write(b, id.getBytes(StandardCharsets.UTF_8));
        return ByteBufUtil.getBytes(b);
    }

    private static byte[] frame(int length, byte[] bytes) {
        ByteBuf b = Unpooled.buffer().writeIntLE(length).writeBytes(bytes);
        return ByteBufUtil.getBytes(b);
    }

    private static byte[] le(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }
}
