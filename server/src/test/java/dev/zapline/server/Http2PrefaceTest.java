package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.server.internal.http2.Http2Preface;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP/1.1 port telling HTTP/2 with prior knowledge from HTTP/1.1 by the first bytes, whatever the reads'
 * boundaries: the 24-byte preface split at every byte hands the connection to HTTP/2; an HTTP/1.1 request is
 * recognised at its first byte that differs from the preface, also when it starts like it.
 */
class Http2PrefaceTest {

    private static final byte[] HEALTH_REQUEST = H2Client.concat(
            H2Client.frameBytes(H2Client.SETTINGS, 0, 0, new byte[0]),
            H2Client.frameBytes(
                    H2Client.HEADERS,
                    H2Client.END_HEADERS | H2Client.END_STREAM,
                    1,
                    H2Client.request("GET", "/health")));

    private final App app = App.create();
    private final List<Embedded> open = new ArrayList<>();

    Http2PrefaceTest() {
        app.get("/health", ctx -> ctx.send("ok"));
    }

    private Embedded connection() {
        Embedded e = new Embedded(app);
        open.add(e);
        return e;
    }

    @AfterEach
    void close() {
        open.forEach(Embedded::close);
        assertThat(LeakTracker.leaks()).isZero();
    }

    /** The frames in {@code bytes} (whole ones). */
    static List<H2Client.Frame> frames(byte[] bytes) {
        List<H2Client.Frame> frames = new ArrayList<>();
        int p = 0;
        while (p + 9 <= bytes.length) {
            int len = ((bytes[p] & 0xFF) << 16) | ((bytes[p + 1] & 0xFF) << 8) | (bytes[p + 2] & 0xFF);
            int stream = ((bytes[p + 5] & 0x7F) << 24)
                    | ((bytes[p + 6] & 0xFF) << 16)
                    | ((bytes[p + 7] & 0xFF) << 8)
                    | (bytes[p + 8] & 0xFF);
            frames.add(new H2Client.Frame(
                    bytes[p + 3], bytes[p + 4] & 0xFF, stream, Arrays.copyOfRange(bytes, p + 9, p + 9 + len)));
            p += 9 + len;
        }
        return frames;
    }

    /** Whether the server's bytes hold its SETTINGS first and the body "ok" ending stream 1. */
    private static void assertServedOverHttp2(byte[] out) {
        List<H2Client.Frame> frames = frames(out);
        assertThat(frames).isNotEmpty();
        assertThat(frames.get(0).type()).isEqualTo(H2Client.SETTINGS);
        assertThat(frames).anySatisfy(f -> {
            assertThat(f.type()).isEqualTo(H2Client.DATA);
            assertThat(f.stream()).isEqualTo(1);
            assertThat(f.has(H2Client.END_STREAM)).isTrue();
            assertThat(new String(f.payload(), StandardCharsets.US_ASCII)).isEqualTo("ok");
        });
    }

    @Test
    void thePrefaceSplitAtEveryByteIsHttp2() {
        byte[] preface = Http2Preface.BYTES;
        for (int split = 0; split <= preface.length; split++) {
            Embedded e = connection();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            e.write(Arrays.copyOfRange(preface, 0, split));
            out.writeBytes(e.readBytes());
            e.write(H2Client.concat(Arrays.copyOfRange(preface, split, preface.length), HEALTH_REQUEST));
            out.writeBytes(e.readBytes());
            assertServedOverHttp2(out.toByteArray());
        }
    }

    @Test
    void thePrefaceOneByteAtATimeIsHttp2() {
        Embedded e = connection();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : H2Client.concat(Http2Preface.BYTES, HEALTH_REQUEST)) {
            e.write(new byte[] {b});
            out.writeBytes(e.readBytes());
        }
        assertServedOverHttp2(out.toByteArray());
    }

    @Test
    void anHttp11RequestStartingLikeThePrefaceIsHttp11FromItsFirstDifferentByte() {
        Embedded e = connection();
        e.write("PR");
        assertThat(e.read()).isEmpty();
        assertThat(e.exchange("OPFIND /health HTTP/1.1\r\nHost: t\r\n\r\n")).startsWith("HTTP/1.1 ");
        assertThat(e.exchange("GET /health HTTP/1.1\r\nHost: t\r\n\r\n"))
                .startsWith("HTTP/1.1 200")
                .endsWith("ok");
    }

    @Test
    void aPrefaceWithAnHttp11VersionIsHttp11() {
        // decided at the '1' where the preface has '2'; the HTTP/1.1 parser then refuses PRI's "*" target
        Embedded e = connection();
        StringBuilder out = new StringBuilder();
        for (char c : "PRI * HTTP/1".toCharArray()) {
            e.write(String.valueOf(c));
            out.append(e.read());
        }
        assertThat(out.toString()).startsWith("HTTP/1.1 400");
    }

    @Test
    void anUpgradeToH2cIsAnsweredAsHttp11() {
        Embedded e = connection();
        String r = e.exchange("GET /health HTTP/1.1\r\nHost: t\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n");
        assertThat(r).startsWith("HTTP/1.1 200").doesNotContain("101").endsWith("ok");
    }
}
