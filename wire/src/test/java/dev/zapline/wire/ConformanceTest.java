package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConformanceTest {

    @Test
    void sharedFileHoldsTheFourKnownVectors() {
        assertThat(ConformanceVectors.all())
                .extracting(ConformanceVectors.Vector::name)
                .containsExactly("canonical-v1", "zaphttp-request", "zaphttp-response", "zaphttp-empty-request");
    }

    @Test
    void canonicalVectorDecodesToItsFields() {
        byte[] bytes = ConformanceVectors.named("canonical-v1").bytes();
        ZapMessage msg = new ZapMessage().wrap(bytes);
        assertThat(msg.version()).isEqualTo(1);
        assertThat(msg.flags()).isZero();
        assertThat(msg.rootOffset()).isEqualTo(16);
        assertThat(msg.size()).isEqualTo(bytes.length);
        ZapObject root = msg.root(new ZapObject());
        assertThat(root.u32(0)).isEqualTo(0xDEADBEEFL);
        assertThat(root.textAsString(8)).isEqualTo("zap");
        assertThat(root.bytes(16, new ZapSlice()).toByteArray()).containsExactly(1, 2, 3, 4);
        ZapValidator.validate(msg, ZapLayout.parse("n:u32@0,s:text@8,b:bytes@16"));
    }

    @Test
    void canonicalVectorReEncodesToTheSameBytes() {
        ZapBuilder b = new ZapBuilder();
        b.startObject(24)
                .setU32(0, 0xDEADBEEFL)
                .setText(8, "zap")
                .setBytes(16, new byte[] {1, 2, 3, 4})
                .finishAsRoot();
        b.finish();
        assertThat(b.toByteArray())
                .isEqualTo(ConformanceVectors.named("canonical-v1").bytes());
    }
}
