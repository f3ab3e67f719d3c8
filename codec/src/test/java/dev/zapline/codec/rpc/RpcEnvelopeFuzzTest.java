package dev.zapline.codec.rpc;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Objects;

/**
 * Fuzz targets for the RPC envelopes and the handshake: any bytes as a request envelope, a response envelope and a
 * handshake message. In a normal build they replay their regression inputs
 * ({@code src/test/resources/dev/zapline/codec/rpc/RpcEnvelopeFuzzTestInputs/<method>/}); to fuzz one:
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_MAX_DURATION=3m ./mvnw -o -pl wire,codec test \
 *     -Dtest='RpcEnvelopeFuzzTest#anyBytesAsRequest' -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * Only {@link ZapFormatException} may leave a {@code wrap}; every accessor after a successful wrap is total and
 * its indices lie inside the message; the same bytes read the same on the heap at index 0 and in a direct buffer
 * behind a few bytes of garbage (the views work with absolute indices). Anything else escaping is a finding.
 */
class RpcEnvelopeFuzzTest {

    /** Garbage in front of the message in the direct copy, so index 0 is not special. */
    private static final int SHIFT = 5;

    private final RpcRequestView request = new RpcRequestView();
    private final RpcResponseView response = new RpcResponseView();

    @FuzzTest
    void anyBytesAsRequest(byte[] data) {
        ByteBuf heap = Unpooled.wrappedBuffer(data);
        ByteBuf direct = shifted(data);
        try {
            agree(requestDigest(heap, 0, data.length), requestDigest(direct, SHIFT, data.length));
        } finally {
            direct.release();
        }
    }

    @FuzzTest
    void anyBytesAsResponse(byte[] data) {
        ByteBuf heap = Unpooled.wrappedBuffer(data);
        ByteBuf direct = shifted(data);
        try {
            agree(responseDigest(heap, 0, data.length), responseDigest(direct, SHIFT, data.length));
        } finally {
            direct.release();
        }
    }

    /** The handshake reader returns an id of 1..60 UTF-8 bytes or null, and never throws. */
    @FuzzTest
    void anyBytesAsHandshake(byte[] data) {
        ByteBuf direct = shifted(data);
        try {
            String heap = RpcHandshake.read(Unpooled.wrappedBuffer(data), 0, data.length);
            String viaDirect = RpcHandshake.read(direct, SHIFT, data.length);
            agree(String.valueOf(heap), String.valueOf(viaDirect));
            if (heap != null && (heap.isEmpty() || heap.length() > RpcHandshake.MAX_ID)) {
                throw new IllegalStateException("handshake id of " + heap.length() + " chars");
            }
        } finally {
            direct.release();
        }
    }

    private static ByteBuf shifted(byte[] data) {
        ByteBuf direct = Unpooled.directBuffer(SHIFT + data.length);
        direct.writeBytes(new byte[] {(byte) 0x5a, 0x41, 0x50, 0, 2});
        direct.writeBytes(data);
        return direct;
    }

    private static void agree(String heap, String direct) {
        if (!Objects.equals(heap, direct)) {
            throw new IllegalStateException("heap read " + heap + " but direct read " + direct);
        }
    }

    private String requestDigest(ByteBuf buf, int index, int length) {
        RpcRequestView v;
        try {
            v = request.wrap(buf, index, length);
        } catch (ZapFormatException e) {
            return "rejected " + e.getMessage();
        }
        if (v.buffer() != buf) {
            throw new IllegalStateException("view over another buffer");
        }
        inside("cap", v.capIndex(), v.capLength(), index, length);
        inside("payload", v.payloadIndex(), v.payloadLength(), index, length);
        return v.method() + " " + v.promiseId() + " " + v.target() + " cap " + (v.capIndex() - index) + "+"
                + v.capLength() + " " + hash(buf, v.capIndex(), v.capLength()) + " payload "
                + (v.payloadIndex() - index) + "+" + v.payloadLength() + " "
                + hash(buf, v.payloadIndex(), v.payloadLength());
    }

    private String responseDigest(ByteBuf buf, int index, int length) {
        RpcResponseView v;
        try {
            v = response.wrap(buf, index, length);
        } catch (ZapFormatException e) {
            return "rejected " + e.getMessage();
        }
        inside("body", v.bodyIndex(), v.bodyLength(), index, length);
        return v.status() + " " + v.promiseId() + " body " + (v.bodyIndex() - index) + "+" + v.bodyLength() + " "
                + hash(buf, v.bodyIndex(), v.bodyLength()) + " "
                + v.bodyAsString().length();
    }

    /** A bytes field handed out must lie inside the message's {@code length} bytes at {@code index}. */
    private static void inside(String what, int at, int n, int index, int length) {
        if (n < 0 || at < index || (long) at + n > (long) index + length) {
            throw new IllegalStateException(
                    what + " of " + n + " bytes at " + (at - index) + " outside the " + length + "-byte message");
        }
    }

    private static int hash(ByteBuf buf, int at, int n) {
        int h = 1;
        for (int i = 0; i < n; i++) {
            h = 31 * h + buf.getByte(at + i);
        }
        return h;
    }
}
