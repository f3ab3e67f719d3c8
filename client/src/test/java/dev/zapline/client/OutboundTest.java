package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Outbound}: bytes appended to its array and bytes written into its direct buffer leave in the order they
 * were given, whatever the mix, sizes and flushes; a discarded batch is gone, staged bytes with it; nothing leaks.
 */
class OutboundTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void appendedAndWrittenBytesLeaveInTheirOrderAndADiscardDropsBoth(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        EmbeddedChannel ch = new EmbeddedChannel();
        Outbound out = new Outbound();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ByteArrayOutputStream batch = new ByteArrayOutputStream();
        List<ByteBuf> held = new ArrayList<>();
        Set<ByteBuf> parents = Collections.newSetFromMap(new IdentityHashMap<>());
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        int counter = 0;
        for (int op = 0; op < 2_000; op++) {
            int kind = random.nextInt(10);
            if (kind < 5) {
                byte[] b = bytes(random, counter, random.nextInt(1, random.nextBoolean() ? 80 : 9_000));
                counter += b.length;
                out.append(ch.alloc(), b, 0, b.length);
                batch.writeBytes(b);
            } else if (kind < 8) {
                byte[] b = bytes(random, counter, random.nextInt(1, 300));
                counter += b.length;
                out.room(ch.alloc(), b.length).writeBytes(b);
                batch.writeBytes(b);
            } else {
                boolean discard = random.nextInt(4) == 0;
                out.flush(ch, discard);
                if (!discard) {
                    expected.writeBytes(batch.toByteArray());
                }
                batch.reset();
                // the socket takes some slices at once and others later, as a busy one would
                for (ByteBuf m; (m = ch.readOutbound()) != null; ) {
                    held.add(m);
                }
                while (!held.isEmpty() && random.nextBoolean()) {
                    ByteBuf m = held.remove(0);
                    byte[] copy = new byte[m.readableBytes()];
                    m.readBytes(copy);
                    sent.writeBytes(copy);
                    parents.add(m.unwrap());
                    m.release();
                }
            }
        }
        out.flush(ch, false);
        expected.writeBytes(batch.toByteArray());
        for (ByteBuf m; (m = ch.readOutbound()) != null; ) {
            held.add(m);
        }
        for (ByteBuf m : held) {
            byte[] copy = new byte[m.readableBytes()];
            m.readBytes(copy);
            sent.writeBytes(copy);
            parents.add(m.unwrap());
            m.release();
        }
        assertThat(sent.toByteArray()).isEqualTo(expected.toByteArray());
        out.release();
        assertThat(parents).isNotEmpty().allSatisfy(b -> assertThat(b.refCnt()).isZero());
        assertThat(ch.finish()).isFalse();
    }

    /** {@code n} bytes numbering the stream's bytes from {@code from}, so a byte out of place shows. */
    private static byte[] bytes(SplittableRandom random, int from, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ((from + i) * 31 + 7);
        }
        return b;
    }
}
