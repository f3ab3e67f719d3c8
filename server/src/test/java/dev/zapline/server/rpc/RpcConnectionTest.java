package dev.zapline.server.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.rpc.Rpc;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The connection handler in an {@link EmbeddedChannel}: exact bytes out for bytes in, however they are split. */
class RpcConnectionTest {

    private static final HexFormat HEX = HexFormat.of();

    /** The client's handshake announcing "ab". */
    private static final String HELLO =
            "50000000" + "5a415000" + "0200" + "0000" + "10000000" + "50000000" + "6162" + "00".repeat(58) + "02000000";

    /** The server's handshake: "zapline". */
    private static final String SERVER_HELLO = "50000000" + "5a415000" + "0200" + "0000" + "10000000" + "50000000"
            + "7a61706c696e65" + "00".repeat(53) + "07000000";

    /** reqID 7, method 0 (echo), promise 5, target 0, no cap, payload "hi". */
    private static final String CALL = "36000000" + "07000000" + "01000000"
            + "5a415000" + "0200" + "00c8" + "10000000" + "2e000000"
            + "00000000" + "05000000" + "00000000" + "0000000000000000" + "0800000002000000" + "6869";

    /** Its answer: reqID 7, status 200, promise 5, body "hi". */
    private static final String ANSWER = "2e000000" + "07000000" + "02000000"
            + "5a415000" + "0200" + "00c8" + "10000000" + "26000000"
            + "c8000000" + "05000000" + "00000000" + "0800000002000000" + "6869";

    @AfterAll
    static void noLeaks() {
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    private static EmbeddedChannel channel() {
        return new EmbeddedChannel(
                new RpcEndpoint(TestService.create(), RpcEndpoint.NODE_ID, Rpc.MAX_FRAME, Duration.ofSeconds(1))
                        .connection());
    }

    private static String outbound(EmbeddedChannel ch) {
        StringBuilder s = new StringBuilder();
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            s.append(ByteBufUtil.hexDump(b));
            b.release();
        }
        return s.toString();
    }

    @Test
    void answersTheHandshakeAndACallWithExactBytes() {
        EmbeddedChannel ch = channel();
        ch.writeInbound(Unpooled.wrappedBuffer(HEX.parseHex(HELLO)));
        assertThat(outbound(ch)).isEqualTo(SERVER_HELLO);
        ch.writeInbound(Unpooled.wrappedBuffer(HEX.parseHex(CALL)));
        assertThat(outbound(ch)).isEqualTo(ANSWER);
        assertThat(ch.isActive()).isTrue();
        ch.finishAndReleaseAll();
    }

    @Test
    void givesTheSameBytesForInputSplitAtEveryByte() {
        byte[] all = HEX.parseHex(HELLO + CALL + CALL);
        for (int split = 1; split < all.length; split++) {
            EmbeddedChannel ch = channel();
            // copies: the connection compacts the buffers it is given in place
            ch.writeInbound(Unpooled.copiedBuffer(all, 0, split));
            ch.writeInbound(Unpooled.copiedBuffer(all, split, all.length - split));
            assertThat(outbound(ch)).as("split at %d", split).isEqualTo(SERVER_HELLO + ANSWER + ANSWER);
            ch.finishAndReleaseAll();
        }
        EmbeddedChannel ch = channel();
        for (byte b : all) {
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        assertThat(outbound(ch)).isEqualTo(SERVER_HELLO + ANSWER + ANSWER);
        ch.finishAndReleaseAll();
    }

    @Test
    void closesAConnectionQuietForTheIdleTimeoutAndKeepsOneThatSends() {
        EmbeddedChannel quiet = channel();
        quiet.freezeTime();
        EmbeddedChannel busy = channel();
        busy.freezeTime();
        for (int i = 0; i < 6; i++) {
            quiet.advanceTimeBy(300, TimeUnit.MILLISECONDS);
            quiet.runScheduledPendingTasks();
            busy.writeInbound(Unpooled.wrappedBuffer(HEX.parseHex(i == 0 ? HELLO : CALL)));
            busy.advanceTimeBy(300, TimeUnit.MILLISECONDS);
            busy.runScheduledPendingTasks();
        }
        assertThat(quiet.isActive()).as("quiet for 1.8 s of a 1 s timeout").isFalse();
        assertThat(busy.isActive()).isTrue();
        assertThat(outbound(busy)).isEqualTo(SERVER_HELLO + ANSWER.repeat(5));
        quiet.finishAndReleaseAll();
        busy.finishAndReleaseAll();
    }

    @Test
    void closesOnAMalformedHandshakeWithoutAnswering() {
        EmbeddedChannel ch = channel();
        ch.writeInbound(Unpooled.wrappedBuffer(HEX.parseHex(CALL)));
        assertThat(outbound(ch)).isEmpty();
        assertThat(ch.isActive()).isFalse();
        ch.finishAndReleaseAll();
    }
}
