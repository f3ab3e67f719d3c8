package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.internal.h2.H2Exception;
import org.junit.jupiter.api.Test;

/**
 * {@link H2HeaderBlocks}: a HEADERS payload stripped of padding and priority, a block gathered across CONTINUATION
 * frames, and the frames that break the protocol. The blocks are single indexed fields of HPACK's static table
 * ({@code 0x88} is {@code :status 200}, {@code 0x8d} {@code :status 404}, {@code 0x82} {@code :method GET}).
 */
class H2HeaderBlocksTest {

    private static final int END_HEADERS = H2.FLAG_END_HEADERS;

    @Test
    void aWholeBlockInOneHeadersFrameGivesItsStatusAndFlags() throws H2Exception {
        H2HeaderBlocks b = new H2HeaderBlocks();
        int flags = END_HEADERS | H2.FLAG_END_STREAM;
        assertThat(b.headers(flags, 1, new byte[] {(byte) 0x88}, 1)).isEqualTo(200);
        assertThat(b.flags()).isEqualTo(flags);
        assertThat(b.continuing()).isZero();
    }

    @Test
    void paddingAndPriorityAreSkipped() throws H2Exception {
        H2HeaderBlocks b = new H2HeaderBlocks();
        byte[] p = {2, 0, 0, 0, 0, 0, (byte) 0x8d, 0, 0};
        assertThat(b.headers(END_HEADERS | H2.FLAG_PADDED | H2.FLAG_PRIORITY, 3, p, p.length))
                .isEqualTo(404);
    }

    @Test
    void aBlockContinuedEndsWithTheContinuationThatEndsIt() throws H2Exception {
        H2HeaderBlocks b = new H2HeaderBlocks();
        assertThat(b.headers(H2.FLAG_END_STREAM, 5, new byte[] {(byte) 0x82}, 1))
                .isEqualTo(H2HeaderBlocks.MORE);
        assertThat(b.continuing()).isEqualTo(5);
        assertThat(b.continuation(0, 5, new byte[0], 0)).isEqualTo(H2HeaderBlocks.MORE);
        assertThat(b.continuation(END_HEADERS, 5, new byte[] {(byte) 0x88}, 1)).isEqualTo(200);
        assertThat(b.continuing()).isZero();
        assertThat(b.flags() & H2.FLAG_END_STREAM).isNotZero();
    }

    @Test
    void aContinuationOfNoBlockOrAnotherStreamsIsAProtocolError() throws H2Exception {
        H2HeaderBlocks b = new H2HeaderBlocks();
        assertThatThrownBy(() -> b.continuation(END_HEADERS, 1, new byte[] {(byte) 0x88}, 1))
                .isInstanceOfSatisfying(
                        H2Exception.class, e -> assertThat(e.code()).isEqualTo(H2.PROTOCOL_ERROR));
        b.headers(0, 1, new byte[] {(byte) 0x88}, 1);
        assertThatThrownBy(() -> b.continuation(END_HEADERS, 3, new byte[0], 0))
                .isInstanceOfSatisfying(
                        H2Exception.class, e -> assertThat(e.code()).isEqualTo(H2.PROTOCOL_ERROR));
    }

    @Test
    void paddingLongerThanTheFrameIsAProtocolError() {
        H2HeaderBlocks b = new H2HeaderBlocks();
        assertThatThrownBy(() -> b.headers(END_HEADERS | H2.FLAG_PADDED, 1, new byte[] {9, (byte) 0x88}, 2))
                .isInstanceOfSatisfying(
                        H2Exception.class, e -> assertThat(e.code()).isEqualTo(H2.PROTOCOL_ERROR));
    }

    @Test
    void aBlockHpackCannotReadIsACompressionError() {
        H2HeaderBlocks b = new H2HeaderBlocks();
        assertThatThrownBy(() -> b.headers(END_HEADERS, 1, new byte[] {(byte) 0xff}, 1))
                .isInstanceOfSatisfying(
                        H2Exception.class, e -> assertThat(e.code()).isEqualTo(H2.COMPRESSION_ERROR));
    }

    @Test
    void aBlockBeyondOneMebibyteIsAProtocolError() throws H2Exception {
        H2HeaderBlocks b = new H2HeaderBlocks();
        byte[] piece = new byte[64 * 1024];
        b.headers(0, 1, piece, piece.length);
        assertThatThrownBy(() -> {
                    for (int i = 0; i < 16; i++) {
                        b.continuation(0, 1, piece, piece.length);
                    }
                })
                .isInstanceOfSatisfying(
                        H2Exception.class, e -> assertThat(e.code()).isEqualTo(H2.PROTOCOL_ERROR));
    }
}
