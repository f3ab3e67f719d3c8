package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.client.ZapLoops;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.server.rpc.RpcSocket;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RpcLoadClient} against a hostile server, a raw socket on 127.0.0.1 that answers each connection's first
 * call with bytes the loader must refuse: a lying length prefix, a frame cut by the close, a flag other than
 * response, an envelope that is not a response, a frame over the limit, a garbage handshake. Each run ends on
 * time, every scheduled call ends in exactly one outcome, the hostile answer is counted as the error it is, and no
 * call counts as a success. (Stray request ids: {@code RpcEngineTest}.)
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RpcHostileServerTest {

    private static final byte[] PAYLOAD = {1, 2, 3, 4};

    /** What the server sends after its handshake, given the first call's request id; true to close right away. */
    interface Script {
        boolean answer(int reqId, OutputStream out) throws IOException;
    }

    @Test
    void aLengthPrefixShorterThanTheFrameIsAProtocolError() throws Exception {
        Tally t = run((reqId, out) -> {
            byte[] a = answer(reqId, Rpc.FLAG_RESPONSE);
            a[0] = 20;
            out.write(a);
            return false;
        });
        assertThat(t.count(Outcome.PROTOCOL_ERROR)).isPositive();
    }

    @Test
    void aFrameCutByTheCloseIsAReset() throws Exception {
        Tally t = run((reqId, out) -> {
            out.write(answer(reqId, Rpc.FLAG_RESPONSE), 0, 25);
            return true;
        });
        assertThat(t.count(Outcome.RESET)).isPositive();
    }

    @Test
    void aFlagOtherThanResponseIsAProtocolError() throws Exception {
        Tally t = run((reqId, out) -> {
            out.write(answer(reqId, 3));
            return false;
        });
        assertThat(t.count(Outcome.PROTOCOL_ERROR)).isPositive();
    }

    @Test
    void anEnvelopeThatIsNotAResponseIsAProtocolError() throws Exception {
        Tally t = run((reqId, out) -> {
            byte[] a = answer(reqId, Rpc.FLAG_RESPONSE);
            a[Rpc.LENGTH_PREFIX + Rpc.CORRELATED_HEADER + 7] = 0; // message type 0, not 200
            out.write(a);
            return false;
        });
        assertThat(t.count(Outcome.PROTOCOL_ERROR)).isPositive();
    }

    @Test
    void aFrameOverTheLimitIsAProtocolErrorBeforeItsBytesArrive() throws Exception {
        Tally t = run((reqId, out) -> {
            out.write(ByteBufUtil.getBytes(Unpooled.buffer().writeIntLE(Rpc.MAX_FRAME + 1)));
            return false;
        });
        assertThat(t.count(Outcome.PROTOCOL_ERROR)).isPositive();
    }

    @Test
    void aGarbageHandshakeFailsTheConnect() throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ZapLoops loops = ZapLoops.create(1, true)) {
            Thread server = Thread.ofVirtual().start(() -> serve(ss, false, (reqId, out) -> true));
            RpcLoadClient c = client(loops, ss.getLocalPort());
            assertThatThrownBy(() -> Runs.run(plan(), c, loops.group(), 30))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("sent a malformed RPC handshake");
            ss.close();
            server.join(5000);
        }
    }

    /** A short open-model run against the script; checks what holds in every case and returns the counts. */
    private static Tally run(Script script) throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ZapLoops loops = ZapLoops.create(1, true)) {
            Thread server = Thread.ofVirtual().start(() -> serve(ss, true, script));
            Tally t = Runs.run(plan(), client(loops, ss.getLocalPort()), loops.group(), 30);
            ss.close();
            server.join(5000);
            assertThat(t.count(Outcome.SUCCESS)).as("successes").isZero();
            assertThat(t.count(Outcome.FAILURE_STATUS)).as("failure statuses").isZero();
            assertThat(t.ended()).as("ended calls").isEqualTo(t.scheduled()).isPositive();
            return t;
        }
    }

    private static LoadPlan plan() {
        return LoadPlan.open(Stages.constant(20, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1);
    }

    private static RpcLoadClient client(ZapLoops loops, int port) {
        return new RpcLoadClient(loops, "127.0.0.1", port, 1, PAYLOAD, "x", 1, "zaprpc://hostile");
    }

    /**
     * Per connection (at most 100): reads the loader's handshake, sends a valid one when {@code greet} (garbage
     * otherwise), reads the first call and runs the script, then waits for the loader to close unless told to close.
     */
    private static void serve(ServerSocket ss, boolean greet, Script script) {
        byte[] hello = greet ? RpcSocket.handshake("hostile") : new byte[4 + RpcHandshake.MESSAGE];
        hello[0] = (byte) RpcHandshake.MESSAGE;
        for (int n = 0; n < 100 && !ss.isClosed(); n++) {
            try (Socket s = ss.accept()) {
                s.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(s.getInputStream());
                in.readFully(new byte[4 + RpcHandshake.MESSAGE]);
                OutputStream out = s.getOutputStream();
                out.write(hello);
                if (!greet) {
                    continue;
                }
                int length = Integer.reverseBytes(in.readInt());
                int reqId = Integer.reverseBytes(in.readInt());
                in.skipNBytes(length - 4);
                if (!script.answer(reqId, out)) {
                    while (in.read() >= 0) {
                        // until the loader closes
                    }
                }
            } catch (IOException e) {
                if (ss.isClosed()) {
                    return;
                }
            }
        }
    }

    private static byte[] answer(int reqId, int flag) {
        ByteBuf f = Unpooled.buffer();
        RpcFrames.writeResponse(f, reqId, reqId, 200, PAYLOAD, 0, PAYLOAD.length);
        f.setIntLE(Rpc.LENGTH_PREFIX + 4, flag);
        return ByteBufUtil.getBytes(f);
    }
}
