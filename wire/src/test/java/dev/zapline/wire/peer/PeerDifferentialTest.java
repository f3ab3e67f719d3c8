package dev.zapline.wire.peer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.Hex;
import dev.zapline.wire.Zap;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapValidator;
import dev.zapline.wire.peer.PeerModel.Msg;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test against the independent peer runtime {@code @zap-proto/zap@1.6.0} (TypeScript, on Node.js).
 * {@value #CASES} seeded random messages are built by both runtimes from the same builder calls: the bytes must be
 * identical; zapline must read the peer's bytes back to every value written; the peer's readers must read
 * zapline's bytes back to the same values. One node process handles every case.
 *
 * <p>To replay one case, its random source is {@code new SplittableRandom(seed(i))}.
 */
class PeerDifferentialTest {

    static final int CASES = 1200;
    static final long SEED = 0x5A50_2025_0001L;

    private static Msg[] msgs;
    private static String[] javaHex;
    private static String[] javaError;
    private static List<String> peer;

    static long seed(int i) {
        return SEED ^ (i * 0x9E37_79B9_7F4A_7C15L);
    }

    @BeforeAll
    static void runBothRuntimes() throws Exception {
        msgs = new Msg[CASES];
        javaHex = new String[CASES];
        javaError = new String[CASES];
        ZapBuilder reused = new ZapBuilder(16);
        byte[] external = new byte[1 << 20];
        StringBuilder json = new StringBuilder("{\"cases\":[\n");
        for (int i = 0; i < CASES; i++) {
            SplittableRandom r = new SplittableRandom(seed(i));
            Msg m = RandomMessages.message(r, 0);
            msgs[i] = m;
            try {
                if (r.nextInt(4) == 0) {
                    // Straight into a caller's array, at an odd offset, over stale bytes the builder must overwrite.
                    Arrays.fill(external, (byte) 0xA5);
                    reused.resetInto(external, r.nextInt(64), external.length - 64, m.version());
                } else {
                    reused.reset(m.version());
                }
                javaHex[i] = Hex.of(JavaRunner.build(reused, m));
            } catch (RuntimeException e) {
                javaHex[i] = "";
                javaError[i] = e.toString();
            }
            json.append(i == 0 ? "" : ",\n").append("{\"msg\":");
            PeerJson.msg(json, m);
            json.append(",\"shape\":");
            PeerJson.shape(json, m.root());
            json.append(",\"hex\":\"").append(javaHex[i]).append("\"}");
        }
        json.append("\n]}\n");
        peer = NodePeer.drive(NodePeer.install(), json.toString());
    }

    static IntStream cases() {
        return IntStream.range(0, CASES);
    }

    @Test
    void peerAnsweredEveryCase() {
        assertThat(peer).hasSize(CASES);
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void peerAndZaplineWriteIdenticalBytes(int i) {
        assertThat(javaError[i]).as("zapline builder failed").isNull();
        assertThat(peerColumn(i, 0))
                .as("peer build of case %d (seed %x)", i, seed(i))
                .isEqualTo(javaHex[i]);
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void zaplineReadsEveryValueThePeerWrote(int i) {
        byte[] bytes = Hex.bytes(peerColumn(i, 0));
        String expected = Describe.expected(msgs[i]);
        ZapMessage msg = new ZapMessage().wrap(bytes);
        assertThat(msg.size()).isEqualTo(bytes.length);
        assertThat(msg.rootOffset()).isGreaterThanOrEqualTo(Zap.HEADER_SIZE);
        assertThat(Describe.actual(msg, msgs[i].root())).as("case %d", i).isEqualTo(expected);
        ZapValidator.validate(msg, Describe.layout(msgs[i].root()));

        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes);
        ZapMessage viaBuffer = new ZapMessage().wrap(direct, 0, bytes.length);
        assertThat(Describe.actual(viaBuffer, msgs[i].root()))
                .as("case %d via a direct buffer", i)
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void peerReadsEveryValueZaplineWrote(int i) {
        assertThat(peerColumn(i, 1)).as("peer decode of zapline's case %d", i).isEqualTo(Describe.expected(msgs[i]));
    }

    private static String peerColumn(int i, int column) {
        String[] parts = peer.get(i).split("\t", -1);
        assertThat(parts).as("peer line %d: %s", i, peer.get(i)).hasSize(2);
        return parts[column];
    }
}
