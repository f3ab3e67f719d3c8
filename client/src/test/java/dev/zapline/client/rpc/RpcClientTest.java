package dev.zapline.client.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcReply;
import dev.zapline.server.rpc.RpcService;
import io.netty.buffer.Unpooled;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The RPC client against the zapline RPC listener: answers by request id, statuses, close and bad handshakes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RpcClientTest {

    private static final ZapLoops LOOPS = ZapLoops.create(1, false);

    /** One answer: status, promise id and body as UTF-8, or the closed marker. */
    record Answer(int reqId, int status, int promise, String body) {
        static final Answer CLOSED = new Answer(-1, 0, 0, "closed");
    }

    /** Completes with the answer of the one call it is given to. */
    static final class Await extends CompletableFuture<Answer> implements RpcResponseListener {
        @Override
        public void onResponse(int reqId, RpcResponseView r) {
            complete(new Answer(reqId, r.status(), r.promiseId(), r.bodyAsString()));
        }

        @Override
        public void onClosed(int reqId) {
            complete(Answer.CLOSED);
        }
    }

    @AfterAll
    static void stop() {
        LOOPS.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    @Test
    void callsAreAnsweredByRequestIdWithTheirStatusAndOutstandingOnesAreToldOfTheClose() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        RpcService service = RpcService.of(
                "T",
                new RpcMethod("echo", (call, reply) -> {
                    reply.body().writeBytes(call.buffer(), call.payloadIndex(), call.payloadLength());
                    reply.send();
                }),
                new RpcMethod("hang", (call, reply) -> {
                    RpcReply later = reply.later();
                    Thread.ofVirtual().start(() -> {
                        awaitQuietly(hold);
                        later.send(200);
                    });
                }));
        try (App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .rpc("127.0.0.1:0", service)
                .start()) {
            RpcClient c = RpcClient.connect(
                    LOOPS,
                    ZapAddress.tcp("127.0.0.1", app.rpcAddresses().get(0).getPort()),
                    "t",
                    Duration.ofSeconds(5));
            assertThat(c.peerId()).isEqualTo("zapline");
            Await hung = new Await();
            int hangId = c.call(1, 0, null, hung);
            Await a = new Await();
            Await b = new Await();
            Await unknown = new Await();
            Await piped = new Await();
            int aId = c.call(0, 0, Unpooled.copiedBuffer("first", StandardCharsets.UTF_8), a);
            int bId = c.call(0, 0, Unpooled.copiedBuffer("second", StandardCharsets.UTF_8), b);
            c.call(5, 0, null, unknown);
            c.call(0, hangId, null, piped);
            assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo(new Answer(aId, 200, aId, "first"));
            assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(new Answer(bId, 200, bId, "second"));
            assertThat(unknown.get(5, TimeUnit.SECONDS).status()).isEqualTo(404);
            assertThat(piped.get(5, TimeUnit.SECONDS).body()).contains("promise pipelining not supported");
            assertThat(hung).isNotDone();
            c.close();
            assertThat(hung.get(5, TimeUnit.SECONDS)).isEqualTo(Answer.CLOSED);
            assertThatThrownBy(() -> c.call(0, 0, null, new Await()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        } finally {
            hold.countDown();
        }
    }

    @Test
    void aServerWithAMalformedHandshakeFailsTheConnect() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread peer = Thread.ofVirtual().start(() -> {
                try (Socket s = server.accept()) {
                    OutputStream out = s.getOutputStream();
                    out.write(new byte[] {20, 0, 0, 0});
                    out.write("not a handshake at all".getBytes(StandardCharsets.US_ASCII), 0, 20);
                    out.flush();
                    s.getInputStream().readNBytes(84);
                } catch (java.io.IOException ignored) {
                    // the client closing first is the expected end
                }
            });
            assertThatThrownBy(() -> RpcClient.connect(
                            LOOPS, ZapAddress.tcp("127.0.0.1", server.getLocalPort()), "t", Duration.ofSeconds(5)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("malformed handshake");
            peer.join(5000);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
