package dev.zapline.codec.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden frames, written by hand from the envelope layout (docs/rpc.md) and checked in both directions, and the
 * envelope checks that turn hostile bytes into {@link ZapFormatException}s naming what is wrong.
 */
class RpcEnvelopeTest {

    private static final HexFormat HEX = HexFormat.of();

    /** reqID 7, method 1, promise 5, target 0, no cap, payload "hi". */
    private static final String REQUEST = "36000000" + "07000000" + "01000000"
            + "5a415000" + "0200" + "00c8" + "10000000" + "2e000000"
            + "01000000" + "05000000" + "00000000" + "0000000000000000" + "0800000002000000" + "6869";

    /** reqID 7, status 200, promise 5, body "hi". */
    private static final String RESPONSE = "2e000000" + "07000000" + "02000000"
            + "5a415000" + "0200" + "00c8" + "10000000" + "26000000"
            + "c8000000" + "05000000" + "00000000" + "0800000002000000" + "6869";

    /** The handshake announcing "ab". */
    private static final String HANDSHAKE =
            "50000000" + "5a415000" + "0200" + "0000" + "10000000" + "50000000" + "6162" + "00".repeat(58) + "02000000";

    @Test
    void writesAndReadsTheGoldenRequest() {
        ByteBuf out = Unpooled.buffer();
        RpcFrames.writeRequest(out, 7, 1, 5, 0, null, Unpooled.copiedBuffer("hi", StandardCharsets.UTF_8));
        assertThat(ByteBufUtil.hexDump(out)).isEqualTo(REQUEST);

        ByteBuf in = Unpooled.wrappedBuffer(HEX.parseHex(REQUEST));
        RpcRequestView v = new RpcRequestView().wrap(in, 12, in.readableBytes() - 12);
        assertThat(v.method()).isEqualTo(1);
        assertThat(v.promiseId()).isEqualTo(5);
        assertThat(v.target()).isZero();
        assertThat(v.capLength()).isZero();
        assertThat(in.toString(v.payloadIndex(), v.payloadLength(), StandardCharsets.UTF_8))
                .isEqualTo("hi");
    }

    @Test
    void writesAndReadsTheGoldenResponse() {
        ByteBuf out = Unpooled.buffer();
        int mark = RpcFrames.startResponse(out, 7, 5);
        out.writeBytes("hi".getBytes(StandardCharsets.UTF_8));
        RpcFrames.finishResponse(out, mark, 200);
        assertThat(ByteBufUtil.hexDump(out)).isEqualTo(RESPONSE);

        ByteBuf in = Unpooled.wrappedBuffer(HEX.parseHex(RESPONSE));
        RpcResponseView v = new RpcResponseView().wrap(in, 12, in.readableBytes() - 12);
        assertThat(v.status()).isEqualTo(200);
        assertThat(v.promiseId()).isEqualTo(5);
        assertThat(v.bodyAsString()).isEqualTo("hi");
    }

    @Test
    void anEmptyBodyIsANullSlot() {
        ByteBuf out = Unpooled.buffer();
        RpcFrames.finishResponse(out, RpcFrames.startResponse(out, 1, 2), 404);
        assertThat(out.readableBytes()).isEqualTo(12 + 36);
        assertThat(ByteBufUtil.hexDump(out, 12 + 16, 20)).isEqualTo("9401000002000000" + "00".repeat(12));
        RpcResponseView v = new RpcResponseView().wrap(out, 12, 36);
        assertThat(v.bodyLength()).isZero();
    }

    @Test
    void writesAndReadsTheGoldenHandshake() {
        ByteBuf out = Unpooled.buffer();
        RpcHandshake.write(out, "ab".getBytes(StandardCharsets.UTF_8));
        assertThat(ByteBufUtil.hexDump(out)).isEqualTo(HANDSHAKE);
        assertThat(RpcHandshake.read(out, 4, 80)).isEqualTo("ab");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            id length 0          | 76 | 00000000
            id length 61         | 76 | 3d000000
            """)
    void rejectsAHandshakeWithABadIdLength(String what, int at, String value) {
        byte[] b = HEX.parseHex(HANDSHAKE.substring(8));
        System.arraycopy(HEX.parseHex(value), 0, b, at, 4);
        assertThat(RpcHandshake.read(Unpooled.wrappedBuffer(b), 0, b.length)).isNull();
        assertThat(RpcHandshake.read(Unpooled.wrappedBuffer(b), 0, 40)).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            bad magic          | 0  | 5a415100 | offset 0: bad magic 0x51415a
            version 3          | 4  | 0300     | offset 4: unknown version 3
            message type 0     | 6  | 0000     | offset 6: message type 0 is not the RPC type 200
            size past the end  | 12 | 2f000000 | offset 12: declared size 47 outside 16..46
            size below header  | 12 | 0f000000 | offset 12: declared size 15 outside 16..46
            root past the end  | 8  | 18000000 | offset 8: root 24 + fixed 28 exceeds size 46
            payload past end   | 40 | 03000000 | offset 36: bytes of 3 at 44 run past the message end 46
            payload far away   | 36 | ffffffff | offset 36: bytes of 2 at 4294967331 run past the message end 46
            """)
    void rejectsABadRequestEnvelopeNamingTheNumbers(String what, int at, String bytes, String message) {
        byte[] envelope = HEX.parseHex(REQUEST.substring(24));
        byte[] patch = HEX.parseHex(bytes);
        System.arraycopy(patch, 0, envelope, at, patch.length);
        ByteBuf in = Unpooled.wrappedBuffer(envelope);
        assertThatThrownBy(() -> new RpcRequestView().wrap(in, 0, envelope.length))
                .isInstanceOf(ZapFormatException.class)
                .hasMessage(message);
    }

    @Test
    void rejectsAnEnvelopeShorterThanTheHeader() {
        assertThatThrownBy(() -> new RpcResponseView().wrap(Unpooled.wrappedBuffer(new byte[15]), 0, 15))
                .isInstanceOf(ZapFormatException.class)
                .hasMessage("offset 0: envelope of 15 bytes is shorter than the 16-byte header");
    }
}
