package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.HpackRequestBlock;
import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link Http2Connection} on an {@link EmbeddedChannel}, the server's frames written by hand (header blocks by
 * Netty's HPACK encoder): the opening, requests as HEADERS frames, responses in any order, frames cut at every
 * byte, padding, CONTINUATION, PING, flow control both ways, RST_STREAM, GOAWAY and protocol errors.
 */
class Http2ConnectionTest {

    private static final byte[] GET = HpackRequestBlock.encode("GET", "http", "x", "/", List.of(), 0);

    /** The server's side: frames and header blocks, one HPACK encoder for the connection. */
    private static final class Server {
        final DefaultHttp2HeadersEncoder hpack = new DefaultHttp2HeadersEncoder();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Server frame(int type, int flags, int stream, byte[] payload) {
            bytes.write(payload.length >>> 16);
            bytes.write(payload.length >>> 8);
            bytes.write(payload.length);
            bytes.write(type);
            bytes.write(flags);
            bytes.write(stream >>> 24);
            bytes.write(stream >>> 16);
            bytes.write(stream >>> 8);
            bytes.write(stream);
            bytes.writeBytes(payload);
            return this;
        }

        byte[] block(String status, String... nameValues) throws Exception {
            Http2Headers h = new DefaultHttp2Headers().status(status);
            for (int i = 0; i < nameValues.length; i += 2) {
                h.add(nameValues[i], nameValues[i + 1]);
            }
            ByteBuf out = Unpooled.buffer();
            try {
                hpack.encodeHeaders(1, h, out);
                return ByteBufUtil.getBytes(out);
            } finally {
                out.release();
            }
        }

        Server settings(int... idValues) {
            byte[] p = new byte[idValues.length * 3];
            for (int i = 0, k = 0; i < idValues.length; i += 2, k += 6) {
                p[k] = (byte) (idValues[i] >>> 8);
                p[k + 1] = (byte) idValues[i];
                int v = idValues[i + 1];
                p[k + 2] = (byte) (v >>> 24);
                p[k + 3] = (byte) (v >>> 16);
                p[k + 4] = (byte) (v >>> 8);
                p[k + 5] = (byte) v;
            }
            return frame(H2.SETTINGS, 0, 0, p);
        }

        byte[] take() {
            byte[] b = bytes.toByteArray();
            bytes.reset();
            return b;
        }
    }

    private static byte[] int32(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    /** Logs what the connection reports. */
    private static final class Events implements ConnectionEvents {
        final List<String> log = new ArrayList<>();
        int limit = -1;

        @Override
        public void onResponse(int status, long bytes) {
            log.add("FIFO response");
        }

        @Override
        public void onFailure(Outcome outcome) {
            log.add("FIFO failure");
        }

        @Override
        public void onResponse(int seq, int status, long bytes) {
            log.add(seq + ": " + status + " " + bytes);
        }

        @Override
        public void onFailure(int seq, Outcome outcome) {
            log.add(seq + ": " + outcome);
        }

        @Override
        public void onStreamLimit(int streams) {
            limit = streams;
        }

        @Override
        public void onReadComplete() {}

        @Override
        public void onClosed() {
            log.add("closed");
        }
    }

    private record Open(EmbeddedChannel ch, Http2Connection c, Events events, CompletableFuture<Connection> ready) {
        /** Everything the client wrote since the last call, as one array. */
        byte[] written() {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (ByteBuf b = ch.readOutbound(); b != null; b = ch.readOutbound()) {
                all.writeBytes(ByteBufUtil.getBytes(b));
                b.release();
            }
            return all.toByteArray();
        }

        void in(byte[] b) {
            ch.writeInbound(Unpooled.wrappedBuffer(b));
        }
    }

    private static Open open(byte[][] blocks, byte[][] bodies, int streams, int... settings) {
        Events events = new Events();
        CompletableFuture<Connection> ready = new CompletableFuture<>();
        Http2Connection c = new Http2Connection(blocks, bodies, events, streams, H2.MAX_STREAM_ID, ready, null);
        EmbeddedChannel ch = new EmbeddedChannel(c);
        Open o = new Open(ch, c, events, ready);
        o.written();
        o.in(new Server().settings(settings).take());
        assertThat(ready).isCompletedWithValue(c);
        o.written();
        return o;
    }

    private static Open open(int streams, int... settings) {
        return open(new byte[][] {GET}, new byte[][] {new byte[0]}, streams, settings);
    }

    @Test
    void opensWithThePrefaceSettingsAndAWindowUpdateAndCountsAsOpenOnTheServersSettings() {
        Events events = new Events();
        CompletableFuture<Connection> ready = new CompletableFuture<>();
        Http2Connection c = new Http2Connection(
                new byte[][] {GET}, new byte[][] {new byte[0]}, events, 10, H2.MAX_STREAM_ID, ready, null);
        EmbeddedChannel ch = new EmbeddedChannel(c);
        Open o = new Open(ch, c, events, ready);
        String hello = ByteBufUtil.hexDump(o.written());
        assertThat(hello)
                .isEqualTo(ByteBufUtil.hexDump(H2.PREFACE)
                        + "00000c040000000000" + "000200000000" + "000401000000"
                        + "000004080000000000" + "00ff0001");
        assertThat(ready).isNotDone();
        assertThat(c.write(0)).isFalse();
        o.in(new Server().settings(H2.SETTINGS_MAX_CONCURRENT_STREAMS, 4).take());
        assertThat(ready).isCompletedWithValue(c);
        assertThat(c.streamLimit()).isEqualTo(4);
        assertThat(ByteBufUtil.hexDump(o.written())).isEqualTo("000000040100000000");
        for (int i = 0; i < 4; i++) {
            assertThat(c.write(0)).isTrue();
        }
        assertThat(c.write(0)).as("beyond the server's limit").isFalse();
        c.flush();
        byte[] w = o.written();
        assertThat(w).hasSize(4 * (9 + GET.length));
        for (int i = 0; i < 4; i++) {
            int at = i * (9 + GET.length);
            assertThat(w[at + 3]).isEqualTo((byte) H2.HEADERS);
            assertThat(w[at + 4]).isEqualTo((byte) (H2.FLAG_END_HEADERS | H2.FLAG_END_STREAM));
            assertThat(w[at + 8]).isEqualTo((byte) (2 * i + 1));
        }
        ch.finishAndReleaseAll();
    }

    /** Three streams answered out of order: padding, CONTINUATION, a PING in the middle. */
    private static byte[] threeResponses(Server s) throws Exception {
        byte[] b204 = s.block("204");
        s.frame(H2.HEADERS, H2.FLAG_END_HEADERS | H2.FLAG_END_STREAM, 3, b204);
        byte[] b200 = s.block("200", "content-type", "text/plain", "server", "test");
        byte[] padded = new byte[1 + b200.length + 3];
        padded[0] = 3;
        System.arraycopy(b200, 0, padded, 1, b200.length);
        s.frame(H2.HEADERS, H2.FLAG_END_HEADERS | H2.FLAG_PADDED, 1, padded);
        s.frame(H2.PING, 0, 0, "pingpong".getBytes(StandardCharsets.US_ASCII));
        s.frame(H2.DATA, 0, 1, "hello".getBytes(StandardCharsets.US_ASCII));
        byte[] b404 = s.block("404", "server", "test", "x-long", "y".repeat(50));
        byte[] first = java.util.Arrays.copyOf(b404, 5);
        byte[] rest = java.util.Arrays.copyOfRange(b404, 5, b404.length);
        s.frame(H2.HEADERS, 0, 5, first);
        s.frame(H2.CONTINUATION, H2.FLAG_END_HEADERS, 5, rest);
        s.frame(H2.DATA, H2.FLAG_END_STREAM | H2.FLAG_PADDED, 1, new byte[] {2, 'a', 'b', 0, 0});
        s.frame(H2.DATA, H2.FLAG_END_STREAM, 5, new byte[0]);
        return s.take();
    }

    @Test
    void reportsEachStreamWhenItEndsWithItsStatusAndFrameBytes() throws Exception {
        Open o = open(10);
        for (int i = 0; i < 3; i++) {
            o.c().write(0);
        }
        o.c().flush();
        o.written();
        Server s = new Server();
        byte[] in = threeResponses(s);
        o.in(in);
        assertThat(o.events().log).hasSize(3);
        assertThat(o.events().log.get(0)).isEqualTo("1: 204 10");
        assertThat(o.events().log.get(1)).startsWith("0: 200 ");
        assertThat(o.events().log.get(2)).startsWith("2: 404 ");
        // the PING is answered
        byte[] w = o.written();
        assertThat(ByteBufUtil.hexDump(w)).contains("000008060100000000" + ByteBufUtil.hexDump("pingpong".getBytes()));
        o.ch().finishAndReleaseAll();
    }

    @Test
    void decodesFramesCutAtEveryByte() throws Exception {
        byte[] in = threeResponses(new Server());
        List<String> whole = null;
        for (int cut = 0; cut <= in.length; cut++) {
            Open o = open(10);
            for (int i = 0; i < 3; i++) {
                o.c().write(0);
            }
            o.c().flush();
            o.written();
            o.in(java.util.Arrays.copyOfRange(in, 0, cut));
            o.in(java.util.Arrays.copyOfRange(in, cut, in.length));
            if (whole == null) {
                whole = List.copyOf(o.events().log);
                assertThat(whole).hasSize(3);
            }
            assertThat(o.events().log).as("cut at %d", cut).isEqualTo(whole);
            assertThat(o.c().isActive()).isTrue();
            o.ch().finishAndReleaseAll();
        }
        Open o = open(10);
        for (int i = 0; i < 3; i++) {
            o.c().write(0);
        }
        for (byte b : in) {
            o.in(new byte[] {b});
        }
        assertThat(o.events().log).as("a byte per read").isEqualTo(whole);
        o.ch().finishAndReleaseAll();
    }

    @Test
    void refusedAndGoneAwayStreamsFailAsCountedOutcomesAndTheRestEndNormally() throws Exception {
        Open o = open(10);
        for (int i = 0; i < 4; i++) {
            o.c().write(0); // streams 1, 3, 5, 7
        }
        o.c().flush();
        o.written();
        Server s = new Server();
        s.frame(H2.RST_STREAM, 0, 3, int32(H2.REFUSED_STREAM));
        byte[] goaway = new byte[8];
        System.arraycopy(int32(3), 0, goaway, 0, 4);
        s.frame(H2.GOAWAY, 0, 0, goaway);
        o.in(s.take());
        assertThat(o.events().log).containsExactlyInAnyOrder("1: REFUSED", "2: GOAWAY", "3: GOAWAY");
        assertThat(o.c().write(0)).as("no new stream after GOAWAY").isFalse();
        assertThat(o.ch().isActive()).isTrue();
        o.in(s.frame(H2.HEADERS, H2.FLAG_END_HEADERS | H2.FLAG_END_STREAM, 1, s.block("200"))
                .take());
        assertThat(o.events().log).endsWith("0: 200 10", "closed");
        assertThat(o.ch().isActive()).isFalse();
        o.ch().finishAndReleaseAll();
    }

    @Test
    void aStreamResetOtherwiseIsAResetAndAProtocolErrorClosesTheConnection() throws Exception {
        Open o = open(10);
        for (int i = 0; i < 3; i++) {
            o.c().write(0);
        }
        o.c().flush();
        o.written();
        Server s = new Server();
        s.frame(H2.RST_STREAM, 0, 1, int32(0x8)); // CANCEL
        s.frame(H2.PUSH_PROMISE, H2.FLAG_END_HEADERS, 3, new byte[] {0, 0, 0, 2});
        o.in(s.take());
        assertThat(o.events().log).containsExactly("0: RESET", "1: PROTOCOL_ERROR", "2: PROTOCOL_ERROR", "closed");
        // a GOAWAY with PROTOCOL_ERROR went out before the close
        assertThat(ByteBufUtil.hexDump(o.written())).endsWith("000008070000000000" + "00000000" + "00000001");
        o.ch().finishAndReleaseAll();
    }

    @Test
    void aServerThatIsNotHttp2FailsTheConnect() {
        Events events = new Events();
        CompletableFuture<Connection> ready = new CompletableFuture<>();
        Http2Connection c = new Http2Connection(
                new byte[][] {GET}, new byte[][] {new byte[0]}, events, 10, H2.MAX_STREAM_ID, ready, null);
        EmbeddedChannel ch = new EmbeddedChannel(c);
        ch.writeInbound(Unpooled.copiedBuffer("HTTP/1.1 400 Bad Request\r\n\r\n", StandardCharsets.US_ASCII));
        assertThat(ready).isCompletedExceptionally();
        assertThat(ch.isActive()).isFalse();
        assertThat(events.log).isEmpty();
        ch.finishAndReleaseAll();
    }

    @Test
    void aBodyWaitsForTheServersWindowAndGoesOutInFramesOfItsSize() throws Exception {
        byte[] body = new byte[40_000];
        java.util.Arrays.fill(body, (byte) 'b');
        byte[] post = HpackRequestBlock.encode("POST", "http", "x", "/", List.of(), body.length);
        Open o = open(new byte[][] {post}, new byte[][] {body}, 4, H2.SETTINGS_INITIAL_WINDOW_SIZE, 20_000);
        o.c().write(0);
        o.c().flush();
        byte[] w = o.written();
        // HEADERS, then DATA of 16384 and 3616: the stream's 20,000 bytes of window
        assertThat(w).hasSize(9 + post.length + 9 + 16_384 + 9 + 3616);
        assertThat(w[9 + post.length + 3]).isEqualTo((byte) H2.DATA);
        Server s = new Server();
        o.in(s.frame(H2.WINDOW_UPDATE, 0, 1, int32(30_000)).take());
        // the connection's own window (65,535) still had 45,535: the rest (20,000) goes, END_STREAM on the last
        byte[] more = o.written();
        assertThat(more).hasSize(9 + 16_384 + 9 + 3616);
        assertThat(more[9 + 16_384 + 4]).isEqualTo((byte) H2.FLAG_END_STREAM);
        o.in(s.frame(H2.HEADERS, H2.FLAG_END_HEADERS | H2.FLAG_END_STREAM, 1, s.block("201"))
                .take());
        // 9 + a 5-byte block (201 is not in the static table)
        assertThat(o.events().log).containsExactly("0: 201 14");
        o.ch().finishAndReleaseAll();
    }

    @Test
    void givesBackTheReceiveWindowOnceHalfOfItIsUsed() throws Exception {
        Open o = open(4);
        o.c().write(0);
        o.c().flush();
        o.written();
        Server s = new Server();
        s.frame(H2.HEADERS, H2.FLAG_END_HEADERS, 1, s.block("200"));
        o.in(s.take());
        byte[] chunk = new byte[16_384];
        int frames = Http2Connection.WINDOW / 2 / chunk.length;
        for (int i = 0; i < frames; i++) {
            o.in(s.frame(H2.DATA, 0, 1, chunk).take());
        }
        String updates = ByteBufUtil.hexDump(o.written());
        String inc = ByteBufUtil.hexDump(int32(Http2Connection.WINDOW / 2));
        assertThat(updates).isEqualTo("000004080000000001" + inc + "000004080000000000" + inc);
        o.in(s.frame(H2.DATA, H2.FLAG_END_STREAM, 1, new byte[0]).take());
        assertThat(o.events().log).hasSize(1).first().asString().startsWith("0: 200 ");
        o.ch().finishAndReleaseAll();
    }

    @Test
    void aLowerStreamLimitFromTheServerIsReported() {
        Open o = open(10);
        o.in(new Server().settings(H2.SETTINGS_MAX_CONCURRENT_STREAMS, 2).take());
        assertThat(o.events().limit).isEqualTo(2);
        assertThat(o.c().streamLimit()).isEqualTo(2);
        o.ch().finishAndReleaseAll();
    }
}
