package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.Await;
import dev.zapline.wire.ZapBuilder;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The low-level connection: pipelining with tags, streamed frames, and bad peers reported as outcomes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapChannelTest {

    private static final ZapClientConfig CONFIG = ZapClientConfig.defaults();
    private static ZapLoops loops;
    private static TestServer server;

    @BeforeAll
    static void start() {
        loops = ZapLoops.create(1, true);
        server = TestServer.start("a", "127.0.0.1:0");
    }

    @AfterAll
    static void stop() {
        server.close();
        loops.close();
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    private static ZapChannel connect(int port, ZapClientConfig config, ZapListener listener) throws Exception {
        return ZapChannel.connect(loops, loops.next(), ZapAddress.tcp("127.0.0.1", port), config, listener)
                .get(5, TimeUnit.SECONDS);
    }

    private static void onLoop(ZapChannel ch, Runnable task) throws Exception {
        ch.eventLoop().submit(task).get(5, TimeUnit.SECONDS);
    }

    @Test
    void pipelinesAThousandRequestsAndAnswersThemInOrderWithTheirTags() throws Exception {
        int n = 1000;
        ZapFrame[] frames = new ZapFrame[n];
        for (int i = 0; i < n; i++) {
            frames[i] = ZapRequest.get("/n/" + i).encode();
        }
        RecordingListener events = new RecordingListener();
        ZapChannel ch = connect(server.port(0), CONFIG, events);
        onLoop(ch, () -> {
            for (int i = 0; i < n; i++) {
                ch.write(frames[i], 5000L + i);
            }
            ch.flush();
        });
        assertThat(ch.inFlight()).isPositive();
        Await.until("1000 responses", () -> events.events.size() == n);
        for (int i = 0; i < n; i++) {
            assertThat(events.events.get(i)).isEqualTo((5000 + i) + " 200 " + i);
        }
        assertThat(ch.inFlight()).isZero();
        ch.close();
        Await.until("closed", () -> events.closed != null);
        assertThat(events.closed).startsWith("CLIENT_CLOSED");
    }

    @Test
    void endsEachReadBatchAfterItsResponsesSoAListenerCanFlushOncePerBatch() throws Exception {
        ZapFrame frame = ZapRequest.get("/n/1").encode();
        RecordingListener events = new RecordingListener();
        ZapChannel ch = connect(server.port(0), CONFIG, events);
        onLoop(ch, () -> {
            for (int i = 0; i < 16; i++) {
                ch.write(frame, i);
            }
            ch.flush();
        });
        Await.until("16 responses, then a read batch's end", () -> events.eventsAtReadComplete == 16);
        assertThat(events.readCompletes).isBetween(1, 16);
        ch.close();
        Await.until("closed", () -> events.closed != null);
    }

    @Test
    void deliversAStreamedResponseAsHeadDataAndEndThenTheNextResponse() throws Exception {
        RecordingListener events = new RecordingListener();
        ZapChannel ch = connect(server.port(0), CONFIG, events);
        ZapFrame stream = ZapRequest.get("/stream").encode();
        ZapFrame health = ZapRequest.get("/health").encode();
        onLoop(ch, () -> {
            ch.write(stream, 1);
            ch.write(health, 2);
            ch.flush();
        });
        Await.until("both responses", () -> events.events.size() == 6);
        assertThat(events.events)
                .containsExactly(
                        "1 head 200", "1 data hello ", "1 data streamed ", "1 data world", "1 end", "2 200 ok");
        ch.close();
    }

    @Test
    void writesOnlyOnItsEventLoopAndNotAfterClose() throws Exception {
        RecordingListener events = new RecordingListener();
        ZapChannel ch = connect(server.port(0), CONFIG, events);
        ZapFrame health = ZapRequest.get("/health").encode();
        assertThatThrownBy(() -> ch.write(health, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not its event loop");
        ch.close();
        Await.until("closed", () -> events.closed != null);
        CompletableFuture<Boolean> written = new CompletableFuture<>();
        onLoop(ch, () -> written.complete(ch.writeAndFlush(health, 1)));
        assertThat(written.get()).isFalse();
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void reportsARefusedConnectionThroughTheFuture() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        RecordingListener events = new RecordingListener();
        CompletableFuture<ZapChannel> f =
                ZapChannel.connect(loops, loops.next(), ZapAddress.tcp("127.0.0.1", port), CONFIG, events);
        assertThatThrownBy(() -> f.get(5, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(ZapException.class)
                .hasMessageContaining("cannot connect to 127.0.0.1:" + port)
                .extracting(e -> ((ZapException) e).outcome())
                .isEqualTo(ZapOutcome.CONNECT_FAILED);
        assertThat(events.closed).isNull();
    }

    static Stream<Arguments> badReplies() {
        return Stream.of(
                Arguments.of("bad magic", frame(new byte[16]), ZapOutcome.PROTOCOL_ERROR),
                Arguments.of("zero-length frame", new byte[4], ZapOutcome.PROTOCOL_ERROR),
                Arguments.of("frame over the limit", new byte[] {0, 0, 0x10, 0}, ZapOutcome.FRAME_TOO_LARGE),
                Arguments.of("a request frame", ZapRequest.get("/x").encode().toByteArray(), ZapOutcome.PROTOCOL_ERROR),
                Arguments.of("data outside a stream", frame(dataChunk()), ZapOutcome.PROTOCOL_ERROR));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badReplies")
    void closesTheConnectionOnABadReplyAndFailsTheRequestsInFlight(String what, byte[] reply, ZapOutcome outcome)
            throws Exception {
        try (StubServer stub = new StubServer(reply)) {
            RecordingListener events = new RecordingListener();
            ZapChannel ch = connect(stub.port(), CONFIG.with(c -> c.maxFrame = 1024), events);
            ZapFrame health = ZapRequest.get("/health").encode();
            onLoop(ch, () -> {
                ch.write(health, 7);
                ch.write(health, 8);
                ch.flush();
            });
            Await.until("the connection to close", () -> events.closed != null);
            assertThat(events.events).containsExactly("7 " + outcome, "8 " + outcome);
            assertThat(events.closed).startsWith(outcome.name());
            assertThat(stub.clientClosed.get(5, TimeUnit.SECONDS))
                    .as("client closed the socket")
                    .isTrue();
        }
    }

    @Test
    void failsAFutureWithProtocolErrorOnAMalformedFrame() throws Exception {
        try (StubServer stub = new StubServer(frame(new byte[16]));
                ZapClient client = ZapClient.connect("127.0.0.1:" + stub.port())) {
            assertThatThrownBy(() -> client.sendSync(ZapRequest.get("/health"), Duration.ofSeconds(5)))
                    .isInstanceOf(ZapException.class)
                    .hasMessageContaining("malformed response frame")
                    .extracting(e -> ((ZapException) e).outcome())
                    .isEqualTo(ZapOutcome.PROTOCOL_ERROR);
        }
    }

    private static byte[] frame(byte[] message) {
        return ByteBuffer.allocate(4 + message.length)
                .putInt(message.length)
                .put(message)
                .array();
    }

    private static byte[] dataChunk() {
        ZapBuilder b = new ZapBuilder();
        ZapHttpWriter.data(b, new byte[] {'x'}, 0, 1);
        return b.toByteArray();
    }
}
