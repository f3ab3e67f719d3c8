package dev.zapline.server.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile input on the RPC listener, each on a connection of its own while one more connection, opened first,
 * must keep being answered: a stream cut at every byte, lying length prefixes, oversized frames, garbage
 * handshakes and bad envelopes. Bad envelopes get 400 and the connection goes on; everything that makes the
 * stream unreadable closes that connection only. Netty's leak detector runs at PARANOID and must find nothing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RpcHostileInputTest {

    private static final int MAX_FRAME = 4096;

    private static App app;
    private static InetSocketAddress address;
    private static RpcSocket bystander;
    private static int bystanderCalls;

    @BeforeAll
    static void start() throws Exception {
        app = App.create(ServerConfig.defaults().withEventLoops(1).withMaxFrame(MAX_FRAME))
                .rpc("127.0.0.1:0", TestService.create())
                .start();
        address = app.rpcAddresses().get(0);
        bystander = RpcSocket.open(address);
    }

    @AfterAll
    static void stop() throws Exception {
        bystander.close();
        app.stop(Duration.ofSeconds(1));
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    /** The connection opened before the attack still gets its echo. */
    private static void bystanderIsServed() throws Exception {
        int id = ++bystanderCalls;
        assertThat(bystander.call(id, 0, "alive " + id))
                .isEqualTo(new RpcSocket.Answer(id, 200, id + 1000, "alive " + id));
    }

    @Test
    void aStreamCutAtEveryByteIsDroppedWithoutAnAnswerToTheCutFrame() throws Exception {
        byte[] hello = RpcSocket.handshake("cut");
        byte[] call = RpcSocket.request(1, 0, 0, "payload".getBytes(StandardCharsets.UTF_8));
        byte[] all = concat(hello, call);
        for (int cut = 0; cut < all.length; cut++) {
            try (RpcSocket s = new RpcSocket(address)) {
                s.write(Arrays.copyOf(all, cut));
                s.shutdownOutput();
                if (cut >= hello.length) {
                    assertThat(s.readHandshake()).isEqualTo(RpcEndpoint.NODE_ID);
                }
                assertThat(s.closedByServer())
                        .as("cut at %d of %d", cut, all.length)
                        .isTrue();
            }
        }
        bystanderIsServed();
    }

    @Test
    void lyingLengthPrefixesCloseOrAnswer400() throws Exception {
        byte[] call = RpcSocket.request(2, 0, 0, "abc".getBytes(StandardCharsets.UTF_8));
        // a prefix longer than what follows: the frame never completes, the peer's end of stream closes it
        try (RpcSocket s = RpcSocket.open(address)) {
            byte[] longer = call.clone();
            longer[0] += 40;
            s.write(longer);
            s.shutdownOutput();
            assertThat(s.closedByServer()).isTrue();
        }
        // a prefix shorter than the envelope: the envelope is cut, 400; the rest is a garbage frame, closed
        try (RpcSocket s = RpcSocket.open(address)) {
            byte[] shorter = call.clone();
            shorter[0] = 8 + 20;
            s.write(shorter);
            RpcSocket.Answer a = s.read();
            assertThat(a.reqId()).isEqualTo(2);
            assertThat(a.status()).isEqualTo(400);
            assertThat(a.body()).contains("bad envelope");
        }
        // a prefix below the correlated header cannot be answered: closed
        for (int n = 0; n < Rpc.CORRELATED_HEADER; n++) {
            try (RpcSocket s = RpcSocket.open(address)) {
                s.write(new byte[] {(byte) n, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
                assertThat(s.closedByServer()).as("length %d", n).isTrue();
            }
        }
        bystanderIsServed();
    }

    @Test
    void anOversizedFrameClosesItsConnectionBeforeItsBytesArrive() throws Exception {
        for (long length : new long[] {MAX_FRAME + 1L, Rpc.MAX_FRAME + 1L, 0xFFFF_FFFFL}) {
            try (RpcSocket s = RpcSocket.open(address)) {
                s.write(new byte[] {
                    (byte) length, (byte) (length >> 8), (byte) (length >> 16), (byte) (length >> 24), 1, 0, 0, 0
                });
                assertThat(s.closedByServer()).as("length %d", length).isTrue();
            }
        }
        try (RpcSocket s = RpcSocket.open(address)) {
            byte[] big = RpcSocket.request(3, 0, 0, new byte[MAX_FRAME]);
            s.write(Arrays.copyOf(big, 4000));
            assertThat(s.closedByServer()).isTrue();
        }
        try (RpcSocket s = RpcSocket.open(address)) {
            byte[] fits = new byte[MAX_FRAME - 8 - 16 - 28];
            Arrays.fill(fits, (byte) 'z');
            s.write(RpcSocket.request(4, 0, 0, fits));
            assertThat(s.read().body()).hasSize(fits.length);
        }
        bystanderIsServed();
    }

    @Test
    void aGarbageHandshakeClosesTheConnectionWithoutAHandshakeBack() throws Exception {
        Random r = new Random(18);
        byte[] good = RpcSocket.handshake("x");
        byte[] zeroId = good.clone();
        zeroId[4 + 16 + 60] = 0;
        byte[] longId = good.clone();
        longId[4 + 16 + 60] = 61;
        byte[] badMagic = good.clone();
        badMagic[4] = 'Y';
        byte[] rootOutside = good.clone();
        rootOutside[4 + 8] = 40;
        byte[] random = new byte[84];
        r.nextBytes(random);
        random[0] = 80;
        random[1] = random[2] = random[3] = 0;
        byte[] tooLong = {(byte) 0x01, 0x10, 0, 0};
        byte[] empty = {0, 0, 0, 0};
        byte[] callFirst = RpcSocket.request(1, 0, 0, new byte[] {1});
        for (byte[] hello : new byte[][] {zeroId, longId, badMagic, rootOutside, random, tooLong, empty, callFirst}) {
            try (RpcSocket s = new RpcSocket(address)) {
                s.write(hello);
                assertThat(s.closedByServer()).isTrue();
            }
        }
        bystanderIsServed();
    }

    @Test
    void badEnvelopesAre400AndTheConnectionGoesOn() throws Exception {
        byte[] good = RpcSocket.request(9, 0, 0, "abc".getBytes(StandardCharsets.UTF_8));
        byte[] envelope = Arrays.copyOfRange(good, 12, good.length);
        Random r = new Random(1818);
        try (RpcSocket s = RpcSocket.open(address)) {
            int answered = 0;
            for (int i = 0; i < 300; i++) {
                byte[] bad = envelope.clone();
                int flips = 1 + r.nextInt(3);
                for (int f = 0; f < flips; f++) {
                    bad[r.nextInt(bad.length)] = (byte) r.nextInt(256);
                }
                if (r.nextInt(4) == 0) {
                    bad = Arrays.copyOf(bad, r.nextInt(bad.length));
                }
                s.write(RpcSocket.frame(i, 1, bad));
                RpcSocket.Answer a = s.read();
                assertThat(a.reqId()).isEqualTo(i);
                assertThat(a.status()).isIn(200, 400, 404, 500);
                answered++;
            }
            assertThat(answered).isEqualTo(300);
            assertThat(s.call(400, 0, "after")).isEqualTo(new RpcSocket.Answer(400, 200, 1400, "after"));
        }
        bystanderIsServed();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(a);
        o.writeBytes(b);
        return o.toByteArray();
    }
}
