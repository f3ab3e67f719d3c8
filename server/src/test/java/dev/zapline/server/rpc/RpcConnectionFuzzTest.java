package dev.zapline.server.rpc;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcRequestView;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzz targets for the server's RPC connection in an {@link EmbeddedChannel}: any bytes as the whole stream (the
 * handshake included) or as what follows a valid handshake, cut into fuzz-chosen chunks ({@link FuzzStream}). A
 * model of the framing, built on the codec's views, says what must come out: the server's handshake, then for each
 * whole correlated frame exactly one well-formed response envelope, with the status, promise id and body the
 * service gives; and whether the connection is closed. Every buffer handed in or out must end released. In a
 * normal build the targets replay {@code src/test/resources/dev/zapline/server/rpc/RpcConnectionFuzzTestInputs/};
 * to fuzz one:
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_MAX_DURATION=3m ./mvnw -o -pl server -am test \
 *     -Dtest='RpcConnectionFuzzTest#anyBytesAfterTheHandshake' -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class RpcConnectionFuzzTest {

    /** Small, so the fuzzer reaches the limit. */
    private static final int MAX_FRAME = 600;

    private static final byte[] HELLO = RpcSocket.handshake("fuzz");
    private static final byte[] SERVER_HELLO = RpcSocket.handshake(RpcEndpoint.NODE_ID);

    private final List<RpcReply> deferred = new ArrayList<>();
    private final RpcEndpoint endpoint = new RpcEndpoint(service(), "zapline", MAX_FRAME, Duration.ofHours(1));
    private final RpcRequestView request = new RpcRequestView();
    private final RpcResponseView response = new RpcResponseView();

    @AfterAll
    static void noLeaks() {
        if (LeakTracker.leaks() != 0) {
            throw new AssertionError("leaks; last: " + LeakTracker.lastLeak());
        }
    }

    @FuzzTest
    void anyBytesAsTheStream(byte[] data) {
        run(new FuzzStream(new byte[0], data));
    }

    @FuzzTest
    void anyBytesAfterTheHandshake(byte[] data) {
        run(new FuzzStream(HELLO, data));
    }

    /** 0 echoes, 1 throws, 2 does not answer, 3 answers 403, 4 answers through later() at once, 5 at the end. */
    private RpcService service() {
        return RpcService.of(
                "Fuzz",
                new RpcMethod("echo", (call, reply) -> {
                    reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
                    reply.send();
                }),
                new RpcMethod("boom", (call, reply) -> {
                    throw new IllegalStateException("kaboom");
                }),
                new RpcMethod("silent", (call, reply) -> {}),
                new RpcMethod("forbidden", (call, reply) -> reply.error(403, "no")),
                new RpcMethod("soon", (call, reply) -> reply.later().error(200, "soon")),
                new RpcMethod("later", (call, reply) -> deferred.add(reply.later())));
    }

    private record Answer(int reqId, int promise, int status, String body) {}

    private void run(FuzzStream input) {
        deferred.clear();
        List<Answer> expected = new ArrayList<>();
        List<Answer> atEnd = new ArrayList<>();
        boolean closes = model(input.stream(), expected, atEnd);
        EmbeddedChannel ch = new EmbeddedChannel(endpoint.connection());
        List<ByteBuf> given = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] chunk : input.chunks()) {
            if (!ch.isOpen()) {
                break;
            }
            ByteBuf in = ch.alloc().buffer(chunk.length).writeBytes(chunk);
            given.add(in);
            ch.writeInbound(in);
            drain(ch, out);
        }
        for (RpcReply r : deferred) {
            r.error(200, "later");
        }
        ch.runPendingTasks();
        drain(ch, out);
        boolean open = ch.isOpen();
        ch.finishAndReleaseAll();
        for (ByteBuf b : given) {
            if (b.refCnt() != 0) {
                throw new IllegalStateException("a buffer given to the connection was not released");
            }
        }
        if (open == closes) {
            throw new IllegalStateException("connection " + (open ? "open" : "closed") + ", expected otherwise");
        }
        if (!closes) {
            expected.addAll(atEnd);
        }
        check(out.toByteArray(), expected);
    }

    private static void drain(EmbeddedChannel ch, ByteArrayOutputStream out) {
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            out.writeBytes(ByteBufUtil.getBytes(b));
            b.release();
        }
    }

    /** What the connection must answer to {@code s}; true when it must close. */
    private boolean model(byte[] s, List<Answer> answers, List<Answer> atEnd) {
        ByteBuf buf = Unpooled.wrappedBuffer(s);
        boolean greeted = false;
        int at = 0;
        while (s.length - at >= Rpc.LENGTH_PREFIX) {
            long length = FuzzStream.u32(s, at);
            if (length > (greeted ? MAX_FRAME : 1024) || length < (greeted ? Rpc.CORRELATED_HEADER : 1)) {
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
                answers.add(new Answer(0, 0, -1, RpcEndpoint.NODE_ID));
            } else {
                answer(buf, body, (int) length, answers, atEnd);
            }
            at = body + (int) length;
        }
        return false;
    }

    private void answer(ByteBuf buf, int index, int length, List<Answer> answers, List<Answer> atEnd) {
        int reqId = buf.getIntLE(index);
        int flag = buf.getIntLE(index + 4);
        if (flag != Rpc.FLAG_REQUEST) {
            answers.add(error(reqId, 0, 400, "frame flag " + flag + " is not a request (1)"));
            return;
        }
        try {
            request.wrap(buf, index + Rpc.CORRELATED_HEADER, length - Rpc.CORRELATED_HEADER);
        } catch (ZapFormatException e) {
            answers.add(error(reqId, 0, 400, "bad envelope: " + e.getMessage()));
            return;
        }
        int p = request.promiseId();
        long m = request.method();
        if (request.target() != 0) {
            String t = Integer.toUnsignedString(request.target());
            answers.add(error(reqId, p, 400, "promise pipelining not supported (target " + t + ")"));
        } else if (m == 0) {
            String echo = buf.toString(request.payloadIndex(), request.payloadLength(), StandardCharsets.ISO_8859_1);
            answers.add(new Answer(reqId, p, 200, echo));
        } else if (m == 1) {
            answers.add(error(reqId, p, 500, "method boom failed: kaboom"));
        } else if (m == 2) {
            answers.add(error(reqId, p, 500, "method silent returned without replying"));
        } else if (m == 3 || m == 4) {
            answers.add(error(reqId, p, m == 3 ? 403 : 200, m == 3 ? "no" : "soon"));
        } else if (m == 5) {
            atEnd.add(error(reqId, p, 200, "later"));
        } else {
            answers.add(error(reqId, p, 404, "unknown method " + m + " of service Fuzz"));
        }
    }

    private static Answer error(int reqId, int promise, int status, String message) {
        return new Answer(reqId, promise, status, new String(ErrorBody.of(message), StandardCharsets.ISO_8859_1));
    }

    /** Parses what the connection wrote: each frame must be the expected answer, in order, and nothing else. */
    private void check(byte[] out, List<Answer> expected) {
        ByteBuf buf = Unpooled.wrappedBuffer(out);
        int at = 0;
        for (Answer want : expected) {
            if (out.length - at < Rpc.LENGTH_PREFIX + Rpc.CORRELATED_HEADER) {
                throw new IllegalStateException("missing answer " + want + " after " + at + " bytes");
            }
            int length = (int) FuzzStream.u32(out, at);
            int body = at + Rpc.LENGTH_PREFIX;
            if (length < 0 || length > out.length - body) {
                throw new IllegalStateException("answer frame of " + length + " bytes at " + at + " is cut");
            }
            Answer got;
            if (want.status() < 0) {
                byte[] frame = Arrays.copyOfRange(out, at, body + length);
                got = new Answer(0, 0, -1, Arrays.equals(frame, SERVER_HELLO) ? RpcEndpoint.NODE_ID : "?");
            } else {
                got = parse(buf, body, length);
            }
            if (!got.equals(want)) {
                throw new IllegalStateException("answered " + got + " where " + want + " was expected");
            }
            at = body + length;
        }
        if (at != out.length) {
            throw new IllegalStateException((out.length - at) + " bytes written after the expected answers");
        }
    }

    private Answer parse(ByteBuf buf, int index, int length) {
        if (buf.getIntLE(index + 4) != Rpc.FLAG_RESPONSE) {
            throw new IllegalStateException("answer with flag " + buf.getIntLE(index + 4));
        }
        int envelope = length - Rpc.CORRELATED_HEADER;
        response.wrap(buf, index + Rpc.CORRELATED_HEADER, envelope);
        if (buf.getIntLE(index + Rpc.CORRELATED_HEADER + 12) != envelope) {
            throw new IllegalStateException("envelope size differs from the frame's " + envelope);
        }
        String b = buf.toString(response.bodyIndex(), response.bodyLength(), StandardCharsets.ISO_8859_1);
        return new Answer(buf.getIntLE(index), response.promiseId(), response.status(), b);
    }
}
