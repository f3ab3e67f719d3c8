package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.server.ZapFrames.Frame;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapObjectWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed frames on real sockets: each gets exactly one 400 response frame with a problem+json body naming what
 * is wrong, and then the connection is closed. The server's frame limit is 1 KiB.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ZapMalformedFrameTest {

    private static final int MAX_FRAME = 1024;
    /** Where a request frame's message begins (after the length prefix), and its object (after the header). */
    private static final int MSG = 4;

    private static final int OBJ = MSG + 16;

    private static ZapEchoApp server;

    @BeforeAll
    static void start() {
        server = ZapEchoApp.start(ServerConfig.defaults().withMaxFrame(MAX_FRAME));
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("zero length", new byte[4], "zero-length frame"),
                Arguments.of(
                        "zero length then a valid frame", ZapFrames.concat(new byte[4], valid()), "zero-length frame"),
                Arguments.of(
                        "length 0xffffffff, no body sent",
                        prefix(0xFFFF_FFFF),
                        "frame of 4294967295 bytes exceeds the limit of 1024"),
                Arguments.of(
                        "shorter than the header",
                        ZapFrames.frame(new byte[] {'Z', 'A', 'P', 0, 1, 0, 0, 1}),
                        "shorter than the 16-byte header"),
                Arguments.of("bad magic", patch8(valid(), MSG, 'X'), "bad magic"),
                Arguments.of("version 0", patch16(valid(), MSG + 4, 0), "unknown version 0"),
                Arguments.of("version 3", patch16(valid(), MSG + 4, 3), "unknown version 3"),
                Arguments.of("version 65535", patch16(valid(), MSG + 4, 0xFFFF), "unknown version 65535"),
                Arguments.of(
                        "size larger than the frame", patch32(valid(), MSG + 12, valid().length - 3), "outside [16, "),
                Arguments.of("size 15", patch32(valid(), MSG + 12, 15), "size 15 outside [16, "),
                Arguments.of("size 0", patch32(valid(), MSG + 12, 0), "size 0 outside [16, "),
                Arguments.of("type 0", type(0), "frame type 0"),
                Arguments.of("type 2 (response)", type(2), "frame type 2 (response)"),
                Arguments.of("type 3 (head)", type(3), "frame type 3 (head)"),
                Arguments.of("type 4 (data)", type(4), "frame type 4 (data)"),
                Arguments.of("type 5 (end)", type(5), "frame type 5 (end)"),
                Arguments.of("type 255", type(255), "frame type 255"),
                Arguments.of(
                        "target offset past the frame",
                        patch32(valid(), OBJ + ZapHttp.REQ_TARGET, 0x7FFF_0000),
                        "malformed request frame"),
                Arguments.of(
                        "target length past the frame",
                        patch32(valid(), OBJ + ZapHttp.REQ_TARGET + 4, 5000),
                        "malformed request frame"),
                Arguments.of(
                        "body length past the frame",
                        patch32(withBody(), OBJ + ZapHttp.REQ_BODY + 4, 900),
                        "malformed request frame"),
                Arguments.of(
                        "header block offset past the frame",
                        patch32(withHeaders(block(1, "a", "b")), OBJ + ZapHttp.REQ_HEADERS, 0xFFFF_FFF0),
                        "malformed request frame"),
                Arguments.of(
                        "header count larger than the pairs",
                        withHeaders(block(3, "a", "1", "b", "2")),
                        "malformed header block"),
                Arguments.of(
                        "header count 0xffffffff", withHeaders(block(0xFFFF_FFFF, "a", "1")), "malformed header block"),
                Arguments.of(
                        "header count smaller than the pairs",
                        withHeaders(block(1, "a", "1", "b", "2")),
                        "malformed header block"),
                Arguments.of(
                        "header block shorter than its count",
                        withHeaders(new byte[] {1, 0}),
                        "malformed header block"),
                Arguments.of(
                        "header name length past the block", withHeaders(truncated(true)), "malformed header block"),
                Arguments.of(
                        "header value length past the block", withHeaders(truncated(false)), "malformed header block"),
                Arguments.of("relative target", ZapFrames.request("GET", "health", ""), "absolute path"),
                Arguments.of("empty target", ZapFrames.request("GET", "", ""), "absolute path"),
                Arguments.of(
                        "absolute-form target, another scheme",
                        ZapFrames.request("GET", "ftp://h/health", ""),
                        "absolute path"),
                Arguments.of(
                        "absolute-form target with userinfo",
                        ZapFrames.request("GET", "http://u@h/health", ""),
                        "absolute-form request target with userinfo"),
                Arguments.of(
                        "absolute-form target, empty authority",
                        ZapFrames.request("GET", "http:///health", ""),
                        "absolute-form request target with an empty authority"),
                Arguments.of("authority-form target with GET", ZapFrames.request("GET", "h:443", ""), "absolute path"),
                Arguments.of("CONNECT without a port", ZapFrames.request("CONNECT", "h", ""), "absolute path"),
                Arguments.of("asterisk target", ZapFrames.request("OPTIONS", "*", ""), "absolute path"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedFrameGetsOne400AndTheConnectionCloses(String name, byte[] input, String detail) throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            List<Frame> frames = ZapFrames.read(c.send(input).untilClosed());
            assertBadRequest(frames, detail);
        }
    }

    @Test
    void oversizeFrameIsRefusedBeforeItsBodyIsSent() throws Exception {
        try (TestZapSocket c = new TestZapSocket(server.port, 5_000)) {
            assertBadRequest(c.send(prefix(MAX_FRAME + 1)).frames(1), "frame of 1025 bytes exceeds the limit of 1024");
            assertThat(c.untilClosed()).isEmpty();
        }
    }

    @Test
    void validFrameThenABadOneIsAnsweredThen400ThenClose() throws Exception {
        byte[] bad = patch8(valid(), MSG, 'X');
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            List<Frame> frames = ZapFrames.read(
                    c.send(ZapFrames.concat(valid(), valid(), bad, valid())).untilClosed());
            assertThat(frames).hasSize(3);
            assertThat(frames.subList(0, 2))
                    .extracting(Frame::status, Frame::body)
                    .containsOnly(org.assertj.core.groups.Tuple.tuple(200, "GET /ok ZAP-HTTP/1.0\n\n"));
            assertBadRequest(frames.subList(2, 3), "bad magic");
        }
        try (TestZapSocket c = new TestZapSocket(server.port)) {
            assertThat(c.send(valid()).frames(1)).extracting(Frame::status).containsExactly(200);
            List<Frame> frames = ZapFrames.read(c.send(type(2)).untilClosed());
            assertBadRequest(frames, "frame type 2 (response)");
        }
    }

    private static void assertBadRequest(List<Frame> frames, String detail) {
        assertThat(frames).hasSize(1);
        Frame f = frames.get(0);
        assertThat(f.type()).isEqualTo(ZapHttp.RESPONSE);
        assertThat(f.status()).isEqualTo(400);
        assertThat(f.headers()).containsExactly("content-type: application/problem+json");
        assertThat(f.body())
                .startsWith("{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":")
                .contains(detail.replace("\"", "\\\""))
                .endsWith("}");
    }

    private static byte[] valid() {
        return ZapFrames.request("GET", "/ok", "");
    }

    private static byte[] withBody() {
        return ZapFrames.request("POST", "/ok", "a small body");
    }

    private static byte[] prefix(long length) {
        return ByteBuffer.allocate(4).putInt((int) length).array();
    }

    private static byte[] type(int type) {
        return patch8(valid(), MSG + 7, type);
    }

    private static byte[] patch8(byte[] frame, int at, int value) {
        frame[at] = (byte) value;
        return frame;
    }

    private static byte[] patch16(byte[] frame, int at, int value) {
        ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN).putShort(at, (short) value);
        return frame;
    }

    private static byte[] patch32(byte[] frame, int at, long value) {
        ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN).putInt(at, (int) value);
        return frame;
    }

    /** A request for {@code GET /ok} whose header slot holds {@code block} as raw bytes. */
    private static byte[] withHeaders(byte[] block) {
        ZapBuilder b = new ZapBuilder();
        ZapObjectWriter w = b.startObject(ZapHttp.MESSAGE_SIZE);
        w.setText(ZapHttp.REQ_METHOD, "GET").setText(ZapHttp.REQ_TARGET, "/ok").setBytes(ZapHttp.REQ_HEADERS, block);
        w.finishAsRoot();
        b.finish(ZapHttp.REQUEST << 8);
        return ZapFrames.frame(b.toByteArray());
    }

    /** A header block declaring {@code count} pairs followed by the given name/value pairs. */
    private static byte[] block(long count, String... pairs) {
        ByteBuffer bb = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN).putInt((int) count);
        for (String s : pairs) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            bb.putInt(b.length).put(b);
        }
        return java.util.Arrays.copyOf(bb.array(), bb.position());
    }

    /** One pair whose name (or value) length claims more bytes than the block holds. */
    private static byte[] truncated(boolean name) {
        ByteBuffer bb = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).putInt(1);
        if (name) {
            bb.putInt(100).put("abc".getBytes(StandardCharsets.US_ASCII));
        } else {
            bb.putInt(1).put((byte) 'a').putInt(100).put("xyz".getBytes(StandardCharsets.US_ASCII));
        }
        return java.util.Arrays.copyOf(bb.array(), bb.position());
    }
}
