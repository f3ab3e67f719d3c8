package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsInfo;
import dev.zapline.wire.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** ZAP over TLS ({@code zaps://}) with zapline's server: the channel opens once its handshake is done. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapChannelTlsTest {

    private static ZapLoops loops;
    private static App app;
    private static int zaps;
    private static Path ca;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        loops = ZapLoops.create(1, true);
        ServerTls tls = ServerTls.selfSigned("localhost", "127.0.0.1");
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.tls(tls).listen("zaps://127.0.0.1:0").start();
        zaps = app.addresses().get(0).port();
        ca = Files.writeString(dir.resolve("ca.pem"), tls.certificatePem());
    }

    @AfterAll
    static void stop() {
        app.stop(Duration.ofMillis(200));
        loops.close();
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    private static CompletableFuture<ZapChannel> connect(ClientTls tls, ZapListener listener) {
        ZapClientConfig config = ZapClientConfig.defaults().with(c -> c.tls = tls);
        return ZapChannel.connect(loops, loops.next(), ZapAddress.tcp("127.0.0.1", zaps), config, listener);
    }

    @Test
    void aRequestOverTlsIsAnsweredAndTheChannelSaysWhatWasNegotiated() throws Exception {
        RecordingListener events = new RecordingListener();
        ZapChannel ch = connect(ClientTls.defaults().withCaCert(ca), events).get(30, TimeUnit.SECONDS);
        TlsInfo info = ch.tls();
        assertThat(info.protocol()).isEqualTo("TLSv1.3");
        assertThat(info.alpn()).isEqualTo("zap");
        assertThat(info.group()).isIn("X25519MLKEM768", TlsInfo.UNKNOWN);
        assertThat(ch.handshakeNanos()).isPositive();
        ZapFrame get = ZapRequest.get("/health").encode();
        ch.eventLoop().submit(() -> ch.writeAndFlush(get, 7)).get(30, TimeUnit.SECONDS);
        Await.until("the response", () -> !events.events.isEmpty());
        assertThat(events.events).containsExactly("7 200 ok");
        ch.close();
        Await.until("the close", () -> events.closed != null);
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateFailsItsConnectWithTheReasonAndHearsNothingElse() throws Exception {
        RecordingListener events = new RecordingListener();
        CompletableFuture<ZapChannel> f = connect(ClientTls.defaults(), events);
        assertThatThrownBy(() -> f.get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(TlsHandshakeException.class)
                .satisfies(
                        e -> assertThat(((TlsHandshakeException) e).reason()).isEqualTo("tls: certificate not trusted"))
                .satisfies(e -> assertThat(((ZapException) e).outcome()).isEqualTo(ZapOutcome.CONNECT_FAILED));
        // real time for a stray event to arrive: none may
        Await.pause(Duration.ofMillis(200));
        assertThat(events.closed).isNull();
        assertThat(events.events).isEmpty();
    }

    @Test
    void theZapClientSpeaksTlsThroughItsConfig() throws Exception {
        ZapClientConfig config = ZapClientConfig.defaults()
                .with(c -> c.tls = ClientTls.defaults().withCaCert(ca));
        try (ZapClient client = ZapClient.connect(config, "127.0.0.1:" + zaps)) {
            ZapResponse r = client.sendSync(ZapRequest.get("/health"), Duration.ofSeconds(30));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.bodyAsString()).isEqualTo("ok");
        }
    }

    @Test
    void tlsOverAUnixSocketIsRefused() {
        ZapClientConfig config = ZapClientConfig.defaults().with(c -> c.tls = ClientTls.defaults());
        assertThatThrownBy(() -> ZapChannel.connect(
                        loops, loops.next(), ZapAddress.unix("/tmp/none.sock"), config, new RecordingListener()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TLS needs a TCP address");
    }
}
