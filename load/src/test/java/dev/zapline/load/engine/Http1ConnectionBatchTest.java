package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Http1Connection} writes a pipelined window as one buffer on {@link Connection#flush()} and tells the
 * engine where a read batch ends, after its responses, so the engine can refill and flush once per batch.
 */
class Http1ConnectionBatchTest {

    private static final byte[] REQUEST = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final String RESPONSE = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";

    @Test
    void writesNothingUntilFlushThenTheWholeWindowInOneBuffer() {
        Events events = new Events();
        Http1Connection c = new Http1Connection(new byte[][] {REQUEST}, events);
        EmbeddedChannel ch = new EmbeddedChannel(c);
        for (int i = 0; i < 16; i++) {
            assertThat(c.write(0)).isTrue();
        }
        assertThat(ch.outboundMessages()).isEmpty();
        c.flush();
        assertThat(ch.outboundMessages()).hasSize(1);
        ByteBuf out = ch.readOutbound();
        assertThat(out.readableBytes()).isEqualTo(16 * REQUEST.length);
        out.release();
        ch.finishAndReleaseAll();
    }

    @Test
    void reportsTheEndOfAReadBatchAfterItsResponses() {
        Events events = new Events();
        Http1Connection c = new Http1Connection(new byte[][] {REQUEST}, events);
        EmbeddedChannel ch = new EmbeddedChannel(c);
        for (int i = 0; i < 16; i++) {
            c.write(0);
        }
        c.flush();
        ((ByteBuf) ch.readOutbound()).release();
        ch.writeInbound(Unpooled.copiedBuffer(RESPONSE.repeat(10), StandardCharsets.US_ASCII));
        ch.writeInbound(Unpooled.copiedBuffer(RESPONSE.repeat(6), StandardCharsets.US_ASCII));
        assertThat(events.log).containsExactly("response x10", "read complete", "response x6", "read complete");
        ch.finishAndReleaseAll();
    }

    @Test
    void decodesResponsesCutAtEveryByteAcrossReads() {
        String three =
                RESPONSE + "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n" + RESPONSE;
        byte[] bytes = three.getBytes(StandardCharsets.US_ASCII);
        for (int cut = 1; cut < bytes.length; cut++) {
            Events events = new Events();
            Http1Connection c = new Http1Connection(new byte[][] {REQUEST}, events);
            EmbeddedChannel ch = new EmbeddedChannel(c);
            for (int i = 0; i < 3; i++) {
                c.write(0);
            }
            c.flush();
            ((ByteBuf) ch.readOutbound()).release();
            ch.writeInbound(Unpooled.wrappedBuffer(bytes, 0, cut));
            ch.writeInbound(Unpooled.wrappedBuffer(bytes, cut, bytes.length - cut));
            assertThat(events.responses).as("cut at %d", cut).isEqualTo(3);
            assertThat(events.bytes).as("cut at %d", cut).isEqualTo(bytes.length);
            assertThat(c.isActive()).isTrue();
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void decodesAReadLargerThanItsInboundCopyInPieces() {
        String body = "x".repeat(100_000);
        String one = "HTTP/1.1 200 OK\r\ncontent-length: " + body.length() + "\r\n\r\n" + body;
        Events events = new Events();
        Http1Connection c = new Http1Connection(new byte[][] {REQUEST}, events);
        EmbeddedChannel ch = new EmbeddedChannel(c);
        c.write(0);
        c.write(0);
        c.flush();
        ((ByteBuf) ch.readOutbound()).release();
        ch.writeInbound(Unpooled.copiedBuffer(one.repeat(2), StandardCharsets.US_ASCII));
        assertThat(events.log).containsExactly("response x2", "read complete");
        assertThat(events.bytes).isEqualTo(2L * one.length());
        ch.finishAndReleaseAll();
    }

    /** Logs events, runs of responses collapsed into one entry. */
    private static final class Events implements ConnectionEvents {
        final List<String> log = new ArrayList<>();
        private int run;
        int responses;
        long bytes;

        @Override
        public void onResponse(int status, long n) {
            assertThat(status).isEqualTo(200);
            responses++;
            bytes += n;
            run++;
            if (run > 1) {
                log.remove(log.size() - 1);
            }
            log.add("response x" + run);
        }

        @Override
        public void onReadComplete() {
            run = 0;
            log.add("read complete");
        }

        @Override
        public void onFailure(Outcome outcome) {
            run = 0;
            log.add("failure " + outcome);
        }

        @Override
        public void onClosed() {
            run = 0;
            log.add("closed");
        }
    }
}
