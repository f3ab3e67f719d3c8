package dev.zapline.codec.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RpcFrameReaderTest {

    private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

    /** Records what the reader hands over, as text: "h:<hex>", "f:<hex>", "bad:length:min:max". */
    private static final class Log implements RpcFrameReader.Sink {
        final List<String> seen = new ArrayList<>();
        int stopAfter = Integer.MAX_VALUE;

        @Override
        public boolean handshake(ByteBuf in, int index, int length) {
            seen.add("h:" + hex(in, index, length));
            return seen.size() < stopAfter;
        }

        @Override
        public boolean frame(ByteBuf in, int index, int length) {
            seen.add("f:" + hex(in, index, length));
            return seen.size() < stopAfter;
        }

        @Override
        public void malformed(long length, long min, long max) {
            seen.add("bad:" + length + ":" + min + ":" + max);
        }
    }

    private static String hex(ByteBuf in, int index, int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            sb.append(String.format("%02x", in.getByte(index + i)));
        }
        return sb.toString();
    }

    private static byte[] frame(int... body) {
        byte[] b = new byte[4 + body.length];
        b[0] = (byte) body.length;
        b[1] = (byte) (body.length >>> 8);
        for (int i = 0; i < body.length; i++) {
            b[4 + i] = (byte) body[i];
        }
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    private static final byte[] STREAM = concat(
            frame(0xAA, 0xBB),
            frame(1, 0, 0, 0, 2, 0, 0, 0),
            frame(2, 0, 0, 0, 2, 0, 0, 0, 9, 9, 9),
            frame(3, 0, 0, 0, 1, 0, 0, 0));
    private static final List<String> EXPECTED =
            List.of("h:aabb", "f:0100000002000000", "f:0200000002000000090909", "f:0300000001000000");

    @Test
    void handsOverTheHandshakeThenEachCorrelatedFrameInOrder() {
        Log log = new Log();
        RpcFrameReader r = new RpcFrameReader(64, 1024);
        r.read(ALLOC, Unpooled.wrappedBuffer(STREAM), log);
        assertThat(log.seen).isEqualTo(EXPECTED);
        assertThat(r.greeted()).isTrue();
        assertThat(r.pending()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1_000_003})
    void readsTheSameFramesHoweverTheStreamIsSplit(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int round = 0; round < 200; round++) {
            Log log = new Log();
            RpcFrameReader r = new RpcFrameReader(64, 1024);
            List<ByteBuf> given = new ArrayList<>();
            int at = 0;
            while (at < STREAM.length) {
                int n = 1 + random.nextInt(Math.min(9, STREAM.length - at));
                ByteBuf piece = ALLOC.buffer(n);
                piece.writeBytes(STREAM, at, n);
                given.add(piece);
                r.read(ALLOC, piece, log);
                at += n;
            }
            assertThat(log.seen).isEqualTo(EXPECTED);
            assertThat(r.pending()).isZero();
            for (ByteBuf b : given) {
                assertThat(b.refCnt()).as("every piece given is released").isZero();
            }
        }
    }

    @Test
    void keepsAPartialFrameUntilItsLastByteArrives() {
        Log log = new Log();
        RpcFrameReader r = new RpcFrameReader(64, 1024);
        r.read(ALLOC, Unpooled.wrappedBuffer(frame(0xAA)), log);
        byte[] f = frame(1, 0, 0, 0, 2, 0, 0, 0);
        r.read(ALLOC, Unpooled.wrappedBuffer(f, 0, f.length - 1), log);
        assertThat(log.seen).containsExactly("h:aa");
        assertThat(r.pending()).isEqualTo(f.length - 1);
        r.read(ALLOC, Unpooled.wrappedBuffer(f, f.length - 1, 1), log);
        assertThat(log.seen).containsExactly("h:aa", "f:0100000002000000");
        r.release();
    }

    @Test
    void refusesAHandshakeLongerThanItsLimitBeforeItsBytesArrive() {
        Log log = new Log();
        RpcFrameReader r = new RpcFrameReader(4, 1024);
        ByteBuf in = Unpooled.wrappedBuffer(new byte[] {5, 0, 0, 0, 1});
        r.read(ALLOC, in, log);
        assertThat(log.seen).containsExactly("bad:5:1:4");
        assertThat(in.refCnt()).isZero();
        assertThat(r.pending()).isZero();
    }

    @Test
    void refusesACorrelatedFrameShorterThanItsHeaderOrLongerThanTheLimit() {
        Log shortLog = new Log();
        RpcFrameReader a = new RpcFrameReader(64, 1024);
        a.read(ALLOC, Unpooled.wrappedBuffer(concat(frame(1), frame(1, 2, 3))), shortLog);
        assertThat(shortLog.seen).containsExactly("h:01", "bad:3:8:1024");

        Log longLog = new Log();
        RpcFrameReader b = new RpcFrameReader(64, 1024);
        b.read(ALLOC, Unpooled.wrappedBuffer(concat(frame(1), new byte[] {1, 4, 0, 0})), longLog);
        assertThat(longLog.seen).containsExactly("h:01", "bad:1025:8:1024");

        Log emptyHandshake = new Log();
        RpcFrameReader c = new RpcFrameReader(64, 1024);
        c.read(ALLOC, Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 0}), emptyHandshake);
        assertThat(emptyHandshake.seen).containsExactly("bad:0:1:64");
    }

    @Test
    void aLengthAboveTwoToTheThirtyOneIsRefusedNotWrapped() {
        Log log = new Log();
        RpcFrameReader r = new RpcFrameReader(64, Integer.MAX_VALUE);
        r.read(ALLOC, Unpooled.wrappedBuffer(concat(frame(1), new byte[] {0, 0, 0, (byte) 0x80})), log);
        assertThat(log.seen).containsExactly("h:01", "bad:2147483648:8:2147483647");
    }

    @Test
    void aSinkThatSaysStopEndsReadingAndLaterBytesAreReleasedUnread() {
        Log log = new Log();
        log.stopAfter = 2;
        RpcFrameReader r = new RpcFrameReader(64, 1024);
        r.read(ALLOC, Unpooled.wrappedBuffer(STREAM), log);
        assertThat(log.seen).isEqualTo(EXPECTED.subList(0, 2));
        assertThat(r.pending()).isZero();
        ByteBuf later = Unpooled.wrappedBuffer(frame(1, 0, 0, 0, 2, 0, 0, 0));
        r.read(ALLOC, later, log);
        assertThat(later.refCnt()).isZero();
        assertThat(log.seen).hasSize(2);
    }

    @Test
    void stopDropsAPartialFrame() {
        Log log = new Log();
        RpcFrameReader r = new RpcFrameReader(64, 1024);
        ByteBuf partial = ALLOC.buffer(3).writeBytes(new byte[] {9, 0, 0});
        r.read(ALLOC, partial, log);
        assertThat(r.pending()).isEqualTo(3);
        r.stop();
        assertThat(partial.refCnt()).isZero();
        assertThat(r.pending()).isZero();
        r.release();
    }

    @Test
    void refusesLimitsThatCouldNotHoldAFrame() {
        assertThatThrownBy(() -> new RpcFrameReader(0, 1024)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RpcFrameReader(64, 7))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxFrame 7");
    }
}
