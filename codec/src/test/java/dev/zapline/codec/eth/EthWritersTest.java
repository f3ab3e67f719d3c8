package dev.zapline.codec.eth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.ZapBuilder;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The typed writers lay out the eth record directly; they must write exactly what the generic builder writes. */
class EthWritersTest {

    static LongStream seeds() {
        return LongStream.range(0, 200);
    }

    private static byte[] bytes(SplittableRandom r, int max) {
        byte[] b = new byte[r.nextInt(max + 1)];
        r.nextBytes(b);
        return b;
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void typedResponseWriterMatchesTheGenericBuilder(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long id = r.nextLong();
        long balance = r.nextLong();
        long nonce = r.nextLong();
        byte[] hash = seed == 0 ? new byte[0] : bytes(r, 64);
        ZapBuilder b = new ZapBuilder();
        int size = EthCallResp.encode(b, id, balance, nonce, hash);
        byte[] dst = new byte[size + 7];
        assertThat(EthCallResp.write(dst, 7, id, balance, nonce, hash)).isEqualTo(size);
        assertThat(Arrays.copyOfRange(dst, 7, 7 + size)).isEqualTo(b.toByteArray());
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void typedRequestWriterMatchesTheGenericBuilder(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long id = r.nextLong();
        long block = r.nextLong();
        byte[] method = seed % 7 == 0 ? new byte[0] : bytes(r, 40);
        byte[] account = seed % 5 == 0 ? new byte[0] : bytes(r, 40);
        ZapBuilder b = new ZapBuilder();
        int size = EthCallReq.encode(b, id, block, method, account);
        byte[] dst = new byte[size + 3];
        assertThat(EthCallReq.write(dst, 3, id, block, method, account)).isEqualTo(size);
        assertThat(Arrays.copyOfRange(dst, 3, 3 + size)).isEqualTo(b.toByteArray());
    }
}
