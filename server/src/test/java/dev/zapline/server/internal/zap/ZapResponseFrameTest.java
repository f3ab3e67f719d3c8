package dev.zapline.server.internal.zap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.buffer.StagedBytes;
import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.internal.Outbound;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.wire.ZapBuilder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ZapResponseFrame} lays out the same bytes as the builder's path ({@link ZapHttpWriter#response} into a
 * {@link ZapBuilder}, then the length prefix) for any status, headers, default type, body and frame type; and
 * {@link Outbound} sends staged frames and frames written into its buffer in the order they were made.
 */
class ZapResponseFrameTest {

    private static final ServerAccess A = ServerAccess.get();
    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void laysOutTheBuildersBytes(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ZapBuilder builder = new ZapBuilder(64);
        for (int round = 0; round < 500; round++) {
            ResponseHeaders h = headers(random);
            byte[] defaultType = random.nextInt(3) == 0 ? null : token(random, "text/", 1, 30);
            byte[] body = bytes(random, random.nextInt(4) == 0 ? 0 : random.nextInt(1, 3_000));
            int offset = body.length == 0 ? 0 : random.nextInt(body.length);
            int length = body.length == 0 ? 0 : random.nextInt(body.length - offset + 1);
            boolean head = random.nextInt(4) == 0;
            int status = random.nextInt(100, 600);

            byte[] expected = viaBuilder(builder, head, status, h, defaultType, body, offset, length);
            int headersLength = ZapResponseFrame.headersLength(h, CONTENT_TYPE, defaultType);
            int frame = ZapResponseFrame.frameLength(headersLength, length);
            int at = random.nextInt(16);
            byte[] dst = new byte[at + frame + random.nextInt(16)];
            Arrays.fill(dst, (byte) 0x5A); // what the frame does not write stays as it was: nothing relies on zeros
            ZapResponseFrame.write(
                    dst, at, head, status, h, CONTENT_TYPE, defaultType, headersLength, body, offset, length);

            assertThat(frame).isEqualTo(expected.length);
            assertThat(Arrays.copyOfRange(dst, at, at + frame))
                    .as(
                            "round %d: %d headers, default type %s, body %d, head %s",
                            round, h.count(), defaultType != null, length, head)
                    .isEqualTo(expected);
            for (int i = 0; i < dst.length; i++) {
                if (i < at || i >= at + frame) {
                    assertThat(dst[i]).as("byte %d outside the frame", i).isEqualTo((byte) 0x5A);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void stagedAndBufferedBytesLeaveInTheirOrder(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ChannelInboundHandlerAdapter handler = new ChannelInboundHandlerAdapter();
        EmbeddedChannel ch = new EmbeddedChannel(handler);
        ChannelHandlerContext chc = ch.pipeline().context(handler);
        Outbound out = new Outbound();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        int counter = 0;
        for (int op = 0; op < 2_000; op++) {
            int kind = random.nextInt(10);
            byte[] b = new byte[random.nextInt(1, kind == 0 ? StagedBytes.MAX + 1 : kind == 5 ? 9_000 : 200)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) counter++;
            }
            if (kind < 5) {
                StagedBytes staged = out.stage(ch.alloc(), b.length);
                byte[] dst = staged.room(b.length);
                assertThat(dst.length).isLessThanOrEqualTo(StagedBytes.MAX);
                System.arraycopy(b, 0, dst, staged.end(), b.length);
                staged.commit(b.length);
                expected.writeBytes(b);
            } else if (kind < 8) {
                out.buffer(ch.alloc()).writeBytes(b);
                expected.writeBytes(b);
            } else {
                int n = out.flush(chc, false);
                assertThat(out.isEmpty()).isTrue();
                assertThat(n).isGreaterThanOrEqualTo(-1);
                for (ByteBuf m; (m = ch.readOutbound()) != null; ) {
                    byte[] copy = new byte[m.readableBytes()];
                    m.readBytes(copy);
                    sent.writeBytes(copy);
                    assertThat(m.release()).isTrue();
                }
            }
        }
        out.flush(chc, false);
        for (ByteBuf m; (m = ch.readOutbound()) != null; ) {
            byte[] copy = new byte[m.readableBytes()];
            m.readBytes(copy);
            sent.writeBytes(copy);
            assertThat(m.release()).isTrue();
        }
        assertThat(sent.toByteArray()).isEqualTo(expected.toByteArray());
        assertThatThrownBy(() -> out.stage(ch.alloc(), StagedBytes.MAX + 1))
                .isInstanceOf(IllegalArgumentException.class);
        out.buffer(ch.alloc()).writeByte(1);
        out.stage(ch.alloc(), 10).append(new byte[10], 0, 10);
        out.release();
        assertThat(out.isEmpty()).isTrue();
        assertThat(ch.finishAndReleaseAll()).isFalse();
    }

    private static byte[] viaBuilder(
            ZapBuilder builder,
            boolean head,
            int status,
            ResponseHeaders h,
            byte[] defaultType,
            byte[] body,
            int offset,
            int length) {
        HeaderBlockWriter block = new HeaderBlockWriter();
        byte[] a = A.array(h);
        for (int i = 0; i < h.count(); i++) {
            block.add(a, A.nameStart(h, i), A.nameLength(h, i), a, A.valueStart(h, i), A.valueLength(h, i));
        }
        if (defaultType != null && !h.hasContentType()) {
            block.add(CONTENT_TYPE, defaultType);
        }
        int size = ZapHttpWriter.response(builder, head, status, "", "", block, body, offset, length, null);
        ByteBuffer frame = ByteBuffer.allocate(4 + size);
        frame.putInt(size);
        frame.put(builder.buffer(), builder.offset(), size);
        return frame.array();
    }

    private static ResponseHeaders headers(SplittableRandom random) {
        ResponseHeaders h = new ResponseHeaders();
        int n = random.nextInt(4) == 0 ? 0 : random.nextInt(1, 8);
        for (int i = 0; i < n; i++) {
            byte[] name = random.nextInt(5) == 0 ? CONTENT_TYPE : token(random, "x-", 1, 20);
            A.addHeader(h, name, token(random, "", random.nextInt(6) == 0 ? 0 : 1, 120));
        }
        return h;
    }

    private static byte[] token(SplittableRandom random, String prefix, int min, int max) {
        int n = min == max ? min : random.nextInt(min, max);
        StringBuilder s = new StringBuilder(prefix);
        for (int i = 0; i < n; i++) {
            s.append((char) ('a' + random.nextInt(26)));
        }
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(SplittableRandom random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
