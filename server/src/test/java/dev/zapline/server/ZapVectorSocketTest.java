package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.ZapFrames.Frame;
import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.ZapMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shared zaphttp request vectors as real frames on a loopback socket, answered by routes that echo them. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ZapVectorSocketTest {

    private static final String TEXT = "content-type: text/plain; charset=utf-8";
    static final Frame REQUEST_ECHO = new Frame(2, 200, List.of(TEXT), """
            POST /v1/blocks?height=42 HTTP/1.1
            Content-Type: application/json
            X-Trace-Id: abc-123

            {"jsonrpc":"2.0","method":"eth_blockNumber"}""");
    static final Frame EMPTY_ECHO = new Frame(2, 200, List.of(TEXT), "GET /health HTTP/1.1\n\n");

    private static ZapEchoApp server;

    @BeforeAll
    static void start() {
        server = ZapEchoApp.start(ServerConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    static byte[] vector(String name) {
        return ZapFrames.frame(ConformanceVectors.named(name).bytes());
    }

    @Test
    void requestVectorReachesTheHandlerWithMethodTargetHeadersInOrderAndBody() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            assertThat(c.send(vector("zaphttp-request")).frames(1)).containsExactly(REQUEST_ECHO);
        }
    }

    @Test
    void emptyRequestVectorHasNoHeadersAndNoBody() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            assertThat(c.send(vector("zaphttp-empty-request")).frames(1)).containsExactly(EMPTY_ECHO);
        }
    }

    @Test
    void responseFramesAreVersion1Type2MessagesRootedAfterTheHeader() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            byte[] raw = c.send(vector("zaphttp-request")).rawFrames(1);
            ZapMessage m = new ZapMessage().wrap(raw, 4, raw.length - 4);
            assertThat(m.version()).isEqualTo(1);
            assertThat(m.flags()).isEqualTo(0x0200);
            assertThat(m.size())
                    .isEqualTo(raw.length - 4)
                    .isEqualTo(ByteBuffer.wrap(raw).getInt());
            assertThat(ByteBuffer.wrap(raw, 4 + 8, 4)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .getInt())
                    .isEqualTo(16);
        }
    }

    @Test
    void bothVectorsPipelinedInOneWriteAreAnsweredInOrderOnAKeptConnection() throws Exception {
        byte[] both = ZapFrames.concat(
                vector("zaphttp-request"),
                vector("zaphttp-empty-request"),
                vector("zaphttp-empty-request"),
                vector("zaphttp-request"));
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            for (int round = 0; round < 3; round++) {
                assertThat(c.send(both).frames(4))
                        .as("round %d", round)
                        .containsExactly(REQUEST_ECHO, EMPTY_ECHO, EMPTY_ECHO, REQUEST_ECHO);
            }
        }
    }

    @Test
    void vectorsWrittenOneByteAtATimeAreAnsweredWhole() throws Exception {
        byte[] both = ZapFrames.concat(vector("zaphttp-request"), vector("zaphttp-empty-request"));
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            for (byte b : both) {
                c.send(new byte[] {b});
            }
            assertThat(c.frames(2)).containsExactly(REQUEST_ECHO, EMPTY_ECHO);
        }
    }

    @Test
    void manyConnectionsEachSendingTheVectorsGetTheirOwnAnswers() throws Exception {
        List<TestZapSocket> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                clients.add(new TestZapSocket(server.port)
                        .send(vector(i % 2 == 0 ? "zaphttp-request" : "zaphttp-empty-request")));
            }
            for (int i = 0; i < clients.size(); i++) {
                assertThat(clients.get(i).frames(1))
                        .as("client %d", i)
                        .containsExactly(i % 2 == 0 ? REQUEST_ECHO : EMPTY_ECHO);
            }
        } finally {
            for (TestZapSocket c : clients) {
                c.close();
            }
        }
    }
}
