package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * A connection edge catches the {@link ZapFormatException} of a failed wrap and may then log the message's header
 * or touch views it took from the previous frame: none of that may throw or read the rejected bytes.
 */
class FailedWrapTest {

    private static final byte[] GOOD = ConformanceVectors.named("canonical-v1").bytes();

    @Test
    void headerAccessorsReadZeroAfterAWrapOfTooFewBytesFails() {
        ZapMessage msg = new ZapMessage();
        assertThatThrownBy(() -> msg.wrap(new byte[] {0x5a, 0x41, 0x50})).isInstanceOf(ZapFormatException.class);
        assertThat(new long[] {msg.size(), msg.version(), msg.flags(), msg.type(), msg.rootOffset()})
                .containsOnly(0L);
        assertThat(msg.root(new ZapObject()).isNull()).isTrue();
    }

    @Test
    void headerAccessorsReadZeroAfterADirectBufferWrapFails() {
        ByteBuffer tiny = ByteBuffer.allocateDirect(5);
        ZapMessage msg = new ZapMessage().wrap(GOOD);
        assertThatThrownBy(() -> msg.wrap(tiny, 0, 5)).isInstanceOf(ZapFormatException.class);
        assertThat(new long[] {msg.size(), msg.version(), msg.flags(), msg.rootOffset()})
                .containsOnly(0L);
    }

    @Test
    void viewsOfThePreviousFrameReadEmptyOnceTheNextWrapFails() {
        ZapMessage msg = new ZapMessage().wrap(GOOD);
        ZapObject root = msg.root(new ZapObject());
        assertThat(root.textAsString(8)).isEqualTo("zap");
        byte[] badVersion = GOOD.clone();
        badVersion[4] = 9;
        assertThatThrownBy(() -> msg.wrap(badVersion)).isInstanceOf(ZapFormatException.class);
        assertThat(msg.version()).isZero();
        assertThat(root.u32(0)).isZero();
        assertThat(root.textAsString(8)).isEmpty();
    }
}
