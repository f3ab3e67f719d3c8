package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.client.ZapLoops;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.server.App;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcReply;
import dev.zapline.server.rpc.RpcService;
import dev.zapline.wire.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RpcLoadClient} against zapline's own RPC server: exact counts in each model, answers matched by request id
 * when they come back out of order, error statuses counted as such, a server that goes away, stray answers and a
 * server that is not RPC.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RpcEngineTest {

    private static final long MS = 1_000_000L;
    private static final byte[] PAYLOAD = {1, 2, 3, 4, 5, 6, 7, 8};

    private static App app;
    private static int port;
    private static ScheduledExecutorService later;
    private static final AtomicInteger OUTSTANDING = new AtomicInteger();
    private static final AtomicInteger MOST = new AtomicInteger();
    private static final AtomicInteger WRONG_CALLS = new AtomicInteger();

    @BeforeAll
    static void start() {
        later = Executors.newSingleThreadScheduledExecutor();
        RpcService service = RpcService.of(
                "Test",
                null,
                new RpcMethod("echo", (call, reply) -> {
                    // the peer's client, which the loader copies, uses the request id as promise id
                    if (call.payloadLength() != PAYLOAD.length
                            || call.promiseId() != call.reqId()
                            || call.capLength() != 0) {
                        WRONG_CALLS.incrementAndGet();
                    }
                    reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
                    reply.send();
                }),
                // answered later, the first of each four last: out of order on one connection
                new RpcMethod("slow", (call, reply) -> {
                    MOST.accumulateAndGet(OUTSTANDING.incrementAndGet(), Math::max);
                    RpcReply r = reply.later();
                    long delay = 3 - (call.promiseId() & 3);
                    later.schedule(
                            () -> {
                                OUTSTANDING.decrementAndGet();
                                r.send(200, PAYLOAD, 0, 4);
                            },
                            delay * 5,
                            TimeUnit.MILLISECONDS);
                }),
                new RpcMethod("deny", (call, reply) -> reply.error(403, "no")));
        app = App.create().rpc("127.0.0.1:0", service).start();
        port = app.rpcAddresses().get(0).getPort();
    }

    @AfterAll
    static void stop() {
        app.close();
        later.shutdownNow();
    }

    private static RpcLoadClient client(ZapLoops loops, long method, int depth) {
        return new RpcLoadClient(loops, "127.0.0.1", port, method, PAYLOAD, "loadtest", depth, "zaprpc://test");
    }

    @Test
    void openModelSendsRateTimesDurationCalls() throws Exception {
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(300, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 2, 1);
            Tally t = Runs.run(plan, client(loops, 1, 1), loops.group(), 30);
            assertThat(t.sent()).isEqualTo(300);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(300);
            assertThat(t.status(200)).isEqualTo(300);
            assertThat(t.errors()).isZero();
            // each answer: prefix, correlated header, ZAP header, response fixed section, the 8-byte echo
            assertThat(t.bytesIn()).isEqualTo(300L * (4 + 8 + 16 + 20 + 8));
            assertThat(WRONG_CALLS.get()).isZero();
        }
    }

    @Test
    void closedModelEndsEveryCallItSent() throws Exception {
        try (ZapLoops loops = ZapLoops.create(2, true)) {
            LoadPlan plan = LoadPlan.closed(8, 700 * MS, 4, 2).with(b -> b.pipeline = 2);
            Tally t = Runs.run(plan, client(loops, 1, 2), loops.group(), 30);
            // every user got going; how many calls fit in 0.7 s is for benchmarks
            assertThat(t.sent()).isGreaterThanOrEqualTo(8);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent());
            assertThat(t.ended()).isEqualTo(t.sent());
        }
    }

    @Test
    void callsInFlightAreMatchedByRequestIdOutOfOrder() throws Exception {
        MOST.set(0);
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.maxThroughput(4, 600 * MS, 1, 1);
            Tally t = Runs.run(plan, client(loops, 2, 4), loops.group(), 30);
            // four in flight at once, each answer matched to its own call whatever its order
            assertThat(t.sent()).isGreaterThanOrEqualTo(4);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent());
            assertThat(MOST.get()).isEqualTo(4);
        }
    }

    @Test
    void unknownMethodAndErrorStatusesAreFailureStatuses() throws Exception {
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 1, 1);
            Tally missing = Runs.run(plan, client(loops, 9, 1), loops.group(), 30);
            assertThat(missing.count(Outcome.FAILURE_STATUS)).isEqualTo(100);
            assertThat(missing.status(404)).isEqualTo(100);
            Tally denied = Runs.run(plan, client(loops, 3, 1), loops.group(), 30);
            assertThat(denied.count(Outcome.FAILURE_STATUS)).isEqualTo(100);
            assertThat(denied.status(403)).isEqualTo(100);
        }
    }

    @Test
    void callsInFlightWhenTheServerClosesAreResets() throws Exception {
        List<RpcReply> held = new CopyOnWriteArrayList<>();
        RpcService hang = RpcService.of("Hang", null, new RpcMethod("hang", (call, reply) -> held.add(reply.later())));
        App gone = App.create().rpc("127.0.0.1:0", hang).start();
        try (ZapLoops loops = ZapLoops.create(1, true)) {
            int p = gone.rpcAddresses().get(0).getPort();
            RpcLoadClient c = new RpcLoadClient(loops, "127.0.0.1", p, 1, PAYLOAD, "x", 4, "zaprpc://hang");
            Engine e = Runs.start(LoadPlan.maxThroughput(4, 1000 * MS, 1, 1), c, loops.group());
            Await.until("four calls held", () -> held.size() == 4);
            gone.stop(Duration.ZERO);
            Tally t = Runs.await(e, 30);
            assertThat(held).hasSize(4);
            assertThat(t.count(Outcome.RESET)).isEqualTo(4);
            assertThat(t.count(Outcome.SUCCESS)).isZero();
        } finally {
            gone.close();
        }
    }

    /** A server that answers each connection's first call under another request id, then waits for the close. */
    @Test
    void anAnswerToNoCallInFlightIsAProtocolError() throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ZapLoops loops = ZapLoops.create(1, true)) {
            Thread server = new Thread(() -> strayAnswers(ss), "stray-answers");
            server.setDaemon(true);
            server.start();
            RpcLoadClient c =
                    new RpcLoadClient(loops, "127.0.0.1", ss.getLocalPort(), 1, PAYLOAD, "x", 1, "zaprpc://stray");
            LoadPlan plan = LoadPlan.open(Stages.constant(20, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1);
            Tally t = Runs.run(plan, c, loops.group(), 30);
            assertThat(t.count(Outcome.PROTOCOL_ERROR)).isPositive();
            assertThat(t.count(Outcome.SUCCESS)).isZero();
        }
    }

    private static void strayAnswers(ServerSocket ss) {
        ByteBuf hello = Unpooled.buffer();
        RpcHandshake.write(hello, "stray".getBytes(StandardCharsets.UTF_8));
        for (int n = 0; n < 100 && !ss.isClosed(); n++) {
            try (Socket s = ss.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                in.readFully(new byte[4 + RpcHandshake.MESSAGE]);
                s.getOutputStream().write(ByteBufUtil.getBytes(hello));
                byte[] prefix = new byte[8];
                in.readFully(prefix);
                int reqId = ByteBuffer.wrap(prefix, 4, 4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getInt();
                ByteBuf answer = Unpooled.buffer();
                RpcFrames.writeResponse(answer, reqId + 1, reqId + 1, 200, PAYLOAD, 0, 4);
                s.getOutputStream().write(ByteBufUtil.getBytes(answer));
                while (in.read() >= 0) {
                    // until the client closes
                }
            } catch (IOException e) {
                return; // the socket closed at the test's end
            }
        }
    }

    @Test
    void aServerThatIsNotRpcFailsTheConnect() throws Exception {
        try (App http = App.create()
                        .get("/", c -> c.send("hi"))
                        .listen("http://127.0.0.1:0")
                        .start();
                ZapLoops loops = ZapLoops.create(1, true)) {
            int httpPort = http.addresses().get(0).port();
            RpcLoadClient c = new RpcLoadClient(loops, "127.0.0.1", httpPort, 1, PAYLOAD, "x", 1, "zaprpc://http");
            LoadPlan plan = LoadPlan.open(Stages.constant(20, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1);
            // the HTTP server's 400 answer read as a handshake frame: its length prefix is "HTTP"
            assertThatThrownBy(() -> Runs.run(plan, c, loops.group(), 30))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("sent an RPC frame of 1347703880 bytes");
        }
    }
}
