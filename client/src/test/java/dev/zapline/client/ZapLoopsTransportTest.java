package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import dev.zapline.wire.Await;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDomainSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The loops' transports: which one runs for each request, the channel classes that go with it, the refusals, the
 * timer's instants on io_uring and epoll, and ZAP exchanges over io_uring on TCP, a unix socket and TLS.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ZapLoopsTransportTest {

    private static final ZapAddress TCP = ZapAddress.tcp("127.0.0.1", 1);
    private static final ZapAddress UNIX = ZapAddress.unix("/tmp/x.sock");

    @TempDir
    Path dir;

    @AfterAll
    static void noLeaks() {
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    private static void assumeNative(IoTransport t) {
        if (t == IoTransport.IO_URING) {
            assumeThat(IoUring.isAvailable())
                    .as("io_uring: %s", IoUring.unavailabilityCause())
                    .isTrue();
        } else if (t == IoTransport.EPOLL) {
            assumeThat(Epoll.isAvailable())
                    .as("epoll: %s", Epoll.unavailabilityCause())
                    .isTrue();
        }
    }

    @Test
    void eachSpellingParsesAndAnythingElseIsRefusedWithTheChoices() {
        assertThat(IoTransport.parse("auto")).isEqualTo(IoTransport.AUTO);
        assertThat(IoTransport.parse("io_uring")).isEqualTo(IoTransport.IO_URING);
        assertThat(IoTransport.parse(" IO-URING ")).isEqualTo(IoTransport.IO_URING);
        assertThat(IoTransport.parse("iouring")).isEqualTo(IoTransport.IO_URING);
        assertThat(IoTransport.parse("EPOLL")).isEqualTo(IoTransport.EPOLL);
        assertThat(IoTransport.parse("nio")).isEqualTo(IoTransport.NIO);
        assertThat(Arrays.stream(IoTransport.values()).map(IoTransport::toString))
                .containsExactly("auto", "io_uring", "epoll", "nio");
        assertThatThrownBy(() -> IoTransport.parse("kqueue"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("transport 'kqueue': expected auto, io_uring, epoll or nio");
    }

    @ParameterizedTest
    @EnumSource(
            value = IoTransport.class,
            names = {"IO_URING", "EPOLL", "NIO"})
    void theLoopsRunOnTheTransportAskedForWithItsChannelClasses(IoTransport t) {
        assumeNative(t);
        try (ZapLoops loops = ZapLoops.create(2, t)) {
            assertThat(loops.transport()).isEqualTo(t);
            assertThat(loops.name()).isEqualTo(t.label());
            assertThat(loops.next()).isInstanceOf(TimerLoop.class);
            switch (t) {
                case IO_URING -> {
                    assertThat(loops.channelClass(TCP)).isEqualTo(IoUringSocketChannel.class);
                    assertThat(loops.channelClass(UNIX)).isEqualTo(IoUringDomainSocketChannel.class);
                }
                case EPOLL -> {
                    assertThat(loops.channelClass(TCP)).isEqualTo(EpollSocketChannel.class);
                    assertThat(loops.channelClass(UNIX)).isEqualTo(EpollDomainSocketChannel.class);
                }
                default -> {
                    assertThat(loops.channelClass(TCP)).isEqualTo(NioSocketChannel.class);
                    assertThatThrownBy(() -> loops.channelClass(UNIX))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessage("address unix:/tmp/x.sock: unix domain sockets need the io_uring or epoll "
                                    + "transport");
                }
            }
        }
    }

    @Test
    void autoRunsTheFirstAvailableOfItsOrderAndTheOldFlagMapsToAutoOrNio() {
        assumeNative(IoTransport.EPOLL);
        assertThat(ZapLoops.autoOrder()).containsExactly(IoTransport.EPOLL, IoTransport.NIO);
        try (ZapLoops auto = ZapLoops.create(1, IoTransport.AUTO);
                ZapLoops preferNative = ZapLoops.create(1, true);
                ZapLoops nio = ZapLoops.create(1, false)) {
            assertThat(auto.transport()).isEqualTo(IoTransport.EPOLL);
            assertThat(preferNative.transport()).isEqualTo(IoTransport.EPOLL);
            assertThat(nio.transport()).isEqualTo(IoTransport.NIO);
        }
    }

    @Test
    void aRefusalNamesTheTransportAndItsCauseAndBadThreadCountsAreRefused() {
        assertThat(ZapLoops.refusal(
                        IoTransport.IO_URING,
                        ZapLoops.describe(new IllegalStateException(
                                "failed to load", new UnsatisfiedLinkError("no netty_transport_native_io_uring")))))
                .isEqualTo("the io_uring transport is not available here (IllegalStateException: failed to load, "
                        + "caused by UnsatisfiedLinkError: no netty_transport_native_io_uring); auto falls back to "
                        + "the next one that is, and nio runs everywhere");
        assertThat(ZapLoops.describe(new IOException("io_uring_setup: Operation not permitted")))
                .isEqualTo("IOException: io_uring_setup: Operation not permitted");
        assertThat(ZapLoops.describe(null)).isEqualTo("no reason given");
        assertThat(ZapLoops.unavailable(IoTransport.NIO)).isNull();
        assertThatThrownBy(() -> ZapLoops.create(0, IoTransport.IO_URING))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("event loop threads 0 < 1");
    }

    @Test
    void whereIoUringRunsItIsAvailableAndOtherwiseAskingForItIsRefusedWithItsCause() {
        if (IoUring.isAvailable()) {
            assertThat(ZapLoops.unavailable(IoTransport.IO_URING)).isNull();
        } else {
            assertThatThrownBy(() -> ZapLoops.create(1, IoTransport.IO_URING))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            ZapLoops.refusal(IoTransport.IO_URING, ZapLoops.describe(IoUring.unavailabilityCause())));
        }
    }

    /**
     * With no I/O and no task, only the armed instant can wake the loop: each run comes at or after it, and soon
     * after (the bounds are loose so that a loaded machine passes; a transport that ignored the instant would wait
     * for Netty's default of a second, or for ever).
     */
    @ParameterizedTest
    @EnumSource(
            value = IoTransport.class,
            names = {"IO_URING", "EPOLL"})
    void theTimerRunsEachTaskAtOrSoonAfterItsInstant(IoTransport t) throws Exception {
        assumeNative(t);
        long[] delays = {2_000_000, 5_000_000, 1_000_000, 10_000_000, 3_000_000, 200_000, 7_000_000, 500_000};
        try (ZapLoops loops = ZapLoops.create(1, t)) {
            TimerLoop loop = (TimerLoop) loops.next();
            List<long[]> runs = new ArrayList<>();
            CompletableFuture<Void> done = new CompletableFuture<>();
            long[] armed = new long[1];
            loop.execute(() -> {
                loop.timer(() -> {
                    runs.add(new long[] {armed[0], System.nanoTime()});
                    if (runs.size() < delays.length) {
                        armed[0] = System.nanoTime() + delays[runs.size()];
                        loop.arm(armed[0]);
                    } else {
                        done.complete(null);
                    }
                });
                armed[0] = System.nanoTime() + delays[0];
                loop.arm(armed[0]);
            });
            done.get(30, TimeUnit.SECONDS);
            List<long[]> seen = loop.submit(() -> List.copyOf(runs)).get();
            assertThat(seen).hasSize(delays.length);
            long[] late = new long[seen.size()];
            for (int i = 0; i < late.length; i++) {
                late[i] = seen.get(i)[1] - seen.get(i)[0];
                assertThat(late[i]).as("%s run %d: ns after its instant", t, i).isNotNegative();
                assertThat(late[i]).as("%s run %d: ns after its instant", t, i).isLessThan(500_000_000L);
            }
            Arrays.sort(late);
            assertThat(late[late.length / 2]).as("%s: median ns late", t).isLessThan(25_000_000L);
        }
    }

    @Test
    void zapRequestsAreAnsweredOverIoUringOnTcpAndAUnixSocket() throws Exception {
        assumeNative(IoTransport.IO_URING);
        Path sock = dir.resolve("zap.sock");
        try (TestServer server = TestServer.start("u", "127.0.0.1:0", sock.toString());
                ZapLoops loops = ZapLoops.create(1, IoTransport.IO_URING)) {
            for (ZapAddress a :
                    List.of(ZapAddress.tcp("127.0.0.1", server.port(0)), ZapAddress.unix(sock.toString()))) {
                RecordingListener events = new RecordingListener();
                ZapChannel ch = ZapChannel.connect(loops, loops.next(), a, ZapClientConfig.defaults(), events)
                        .get(10, TimeUnit.SECONDS);
                assertThat(ch.eventLoop()).isInstanceOf(TimerLoop.class);
                int n = 200;
                ch.eventLoop()
                        .submit(() -> {
                            for (int i = 0; i < n; i++) {
                                ch.write(ZapRequest.get("/n/" + i).encode(), 100L + i);
                            }
                            ch.flush();
                        })
                        .get(10, TimeUnit.SECONDS);
                Await.until(n + " responses over " + a, () -> events.events.size() == n);
                for (int i = 0; i < n; i++) {
                    assertThat(events.events.get(i)).isEqualTo((100 + i) + " 200 " + i);
                }
                ch.close();
                Await.until("closed", () -> events.closed != null);
                assertThat(events.closed).startsWith("CLIENT_CLOSED");
            }
        }
    }

    @Test
    void zapOverTlsIsAnsweredOverIoUring() throws Exception {
        assumeNative(IoTransport.IO_URING);
        ServerTls tls = ServerTls.selfSigned("localhost", "127.0.0.1");
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.tls(tls).listen("zaps://127.0.0.1:0").start();
        try (ZapLoops loops = ZapLoops.create(1, IoTransport.IO_URING)) {
            Path ca = Files.writeString(dir.resolve("ca.pem"), tls.certificatePem());
            ZapClientConfig config = ZapClientConfig.defaults()
                    .with(c -> c.tls = ClientTls.defaults().withCaCert(ca));
            RecordingListener events = new RecordingListener();
            ZapAddress a = ZapAddress.tcp("127.0.0.1", app.addresses().get(0).port());
            ZapChannel ch =
                    ZapChannel.connect(loops, loops.next(), a, config, events).get(30, TimeUnit.SECONDS);
            assertThat(ch.tls().protocol()).isEqualTo("TLSv1.3");
            ZapFrame get = ZapRequest.get("/health").encode();
            ch.eventLoop().submit(() -> ch.writeAndFlush(get, 9)).get(30, TimeUnit.SECONDS);
            Await.until("the response", () -> !events.events.isEmpty());
            assertThat(events.events).containsExactly("9 200 ok");
            ch.close();
            Await.until("the close", () -> events.closed != null);
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }
}
