package dev.zapline.client.rpc;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.server.rpc.FuzzStream;
import dev.zapline.server.rpc.RpcSocket;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzz targets for the RPC client's reading side in an {@link EmbeddedChannel}: six calls outstanding (request ids
 * 1 to 6), then any bytes as the server's stream (its handshake included) or as what follows a valid handshake, cut
 * into fuzz-chosen chunks ({@link FuzzStream}). A model of the framing says which calls are answered, with what,
 * and whether the client closes (with a reason); every call must hear exactly once (an answer or onClosed), and
 * every buffer handed in or written out must end released. In a normal build the targets replay
 * {@code src/test/resources/dev/zapline/client/rpc/RpcClientFuzzTestInputs/}; to fuzz one:
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_MAX_DURATION=3m ./mvnw -o -pl client -am test \
 *     -Dtest='RpcClientFuzzTest#anyAnswersAfterTheHandshake' -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class RpcClientFuzzTest {

    private static final int CALLS = 6;
    private static final byte[] SERVER_HELLO = RpcSocket.handshake("server");

    private final RpcResponseView view = new RpcResponseView();
    private final List<String> heard = new ArrayList<>();

    private final RpcResponseListener listener = new RpcResponseListener() {
        @Override
        public void onResponse(int reqId, RpcResponseView r) {
            heard.add(answer(reqId, r));
        }

        @Override
        public void onClosed(int reqId) {
            heard.add(reqId + " closed");
        }
    };

    @AfterAll
    static void noLeaks() {
        if (LeakTracker.leaks() != 0) {
            throw new AssertionError("leaks; last: " + LeakTracker.lastLeak());
        }
    }

    @FuzzTest
    void anyBytesAsTheServersStream(byte[] data) {
        run(new FuzzStream(new byte[0], data));
    }

    @FuzzTest
    void anyAnswersAfterTheHandshake(byte[] data) {
        run(new FuzzStream(SERVER_HELLO, data));
    }

    private static String answer(int reqId, RpcResponseView r) {
        String body = r.buffer().toString(r.bodyIndex(), r.bodyLength(), StandardCharsets.ISO_8859_1);
        return reqId + " " + r.status() + " " + r.promiseId() + " " + body;
    }

    private void run(FuzzStream input) {
        heard.clear();
        List<String> expected = new ArrayList<>();
        boolean closes = model(input.stream(), expected);
        EmbeddedChannel ch = new EmbeddedChannel();
        RpcClient client = RpcClient.attach(ch);
        ByteBuf payload = Unpooled.copiedBuffer("payload", StandardCharsets.US_ASCII);
        for (int i = 1; i <= CALLS; i++) {
            client.call(i, 0, i % 2 == 0 ? payload : null, listener);
        }
        ch.releaseOutbound();
        List<ByteBuf> given = new ArrayList<>();
        for (byte[] chunk : input.chunks()) {
            if (!ch.isOpen()) {
                break;
            }
            ByteBuf in = ch.alloc().buffer(chunk.length).writeBytes(chunk);
            given.add(in);
            ch.writeInbound(in);
        }
        ch.runPendingTasks();
        boolean open = ch.isOpen();
        String reason = client.closeReason();
        ch.finishAndReleaseAll();
        for (ByteBuf b : given) {
            if (b.refCnt() != 0) {
                throw new IllegalStateException("a buffer given to the client was not released");
            }
        }
        if (open == closes || (reason == null) == closes) {
            throw new IllegalStateException("client open " + open + " with reason " + reason + ", expected otherwise");
        }
        if (!heard.equals(expected)) {
            throw new IllegalStateException("calls heard " + heard + " where " + expected + " was expected");
        }
    }

    /** What the calls must hear from stream {@code s}, in order; true when the client must close. */
    private boolean model(byte[] s, List<String> expected) {
        TreeSet<Integer> outstanding = new TreeSet<>();
        for (int i = 1; i <= CALLS; i++) {
            outstanding.add(i);
        }
        boolean closes = answers(s, outstanding, expected);
        for (int id : outstanding) {
            expected.add(id + " closed");
        }
        return closes;
    }

    private boolean answers(byte[] s, TreeSet<Integer> outstanding, List<String> expected) {
        ByteBuf buf = Unpooled.wrappedBuffer(s);
        boolean greeted = false;
        int at = 0;
        while (s.length - at >= Rpc.LENGTH_PREFIX) {
            long length = FuzzStream.u32(s, at);
            if (length > Rpc.MAX_FRAME || length < (greeted ? Rpc.CORRELATED_HEADER : 1)) {
                return true;
            }
            if (s.length - at - Rpc.LENGTH_PREFIX < length) {
                return false;
            }
            int body = at + Rpc.LENGTH_PREFIX;
            if (!greeted) {
                if (RpcHandshake.read(buf, body, (int) length) == null) {
                    return true;
                }
                greeted = true;
            } else {
                int reqId = buf.getIntLE(body);
                if (buf.getIntLE(body + 4) != Rpc.FLAG_RESPONSE) {
                    return true;
                }
                try {
                    view.wrap(buf, body + Rpc.CORRELATED_HEADER, (int) length - Rpc.CORRELATED_HEADER);
                } catch (ZapFormatException e) {
                    return true;
                }
                if (!outstanding.remove(reqId)) {
                    return true;
                }
                expected.add(answer(reqId, view));
            }
            at = body + (int) length;
        }
        return false;
    }
}
