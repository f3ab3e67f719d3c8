package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Http1ResponseWriterTest {

    private static String written(Consumer<ByteBuf> write) {
        ByteBuf out = Unpooled.buffer();
        try {
            write.accept(out);
            return out.toString(StandardCharsets.ISO_8859_1);
        } finally {
            out.release();
        }
    }

    @Test
    void writesAResponseHeadByteForByte() {
        byte[] server = Http1ResponseWriter.name("server");
        String head = written(out -> {
            Http1ResponseWriter.statusLine(out, 200);
            Http1ResponseWriter.header(out, server, "zapline".getBytes(StandardCharsets.US_ASCII));
            Http1ResponseWriter.header(out, "X-Tag", "a\tb é");
            Http1ResponseWriter.contentLength(out, 2);
            Http1ResponseWriter.endHead(out);
            out.writeBytes(new byte[] {'o', 'k'});
        });
        assertThat(head)
                .isEqualTo("HTTP/1.1 200 OK\r\nserver: zapline\r\nX-Tag: a\tb é\r\ncontent-length: 2\r\n\r\nok");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "100, HTTP/1.1 100 Continue",
        "404, HTTP/1.1 404 Not Found",
        "505, HTTP/1.1 505 HTTP Version Not Supported"
    })
    void encodesStatusLines(int status, String line) {
        assertThat(new String(Http1ResponseWriter.statusLineBytes(status), StandardCharsets.US_ASCII))
                .isEqualTo(line + "\r\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"99", "600", "-1"})
    void refusesStatusOutsideRange(int status) {
        assertThatThrownBy(() -> Http1ResponseWriter.statusLineBytes(status))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(status));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "0, 0, 0",
        "9, 9, 9",
        "10, 10, a",
        "15, 15, f",
        "16, 16, 10",
        "99, 99, 63",
        "100, 100, 64",
        "4294967296, 4294967296, 100000000",
        "9223372036854775807, 9223372036854775807, 7fffffffffffffff"
    })
    void writesDecimalAndHex(long n, String decimal, String hex) {
        assertThat(written(out -> Http1ResponseWriter.decimal(out, n))).isEqualTo(decimal);
        assertThat(written(out -> Http1ResponseWriter.hex(out, n))).isEqualTo(hex);
        assertThat(decimal).isEqualTo(Long.toString(n));
        assertThat(hex).isEqualTo(Long.toHexString(n));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"0", "2", "4095", "4096", "65536", "9223372036854775807"})
    void writesContentLengthIntoAnArrayAsIntoABuffer(long n) {
        byte[] dst = new byte[3 + Http1ResponseWriter.MAX_CONTENT_LENGTH_LINE];
        int end = Http1ResponseWriter.contentLength(dst, 3, n);
        assertThat(new String(dst, 3, end - 3, StandardCharsets.ISO_8859_1))
                .isEqualTo(written(out -> Http1ResponseWriter.contentLength(out, n)))
                .isEqualTo("content-length: " + n + "\r\n");
    }

    @Test
    void refusesNegativeNumbers() {
        assertThatThrownBy(() -> written(out -> Http1ResponseWriter.decimal(out, -1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> written(out -> Http1ResponseWriter.hex(out, -1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> written(out -> Http1ResponseWriter.contentLength(out, Long.MIN_VALUE)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Http1ResponseWriter.contentLength(new byte[64], 0, -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "CRLF injection  | X-A | v\\r\\nSet-Cookie: x=1",
                "bare LF         | X-A | v\\nX: 1",
                "bare CR         | X-A | v\\rX: 1",
                "NUL             | X-A | v\\0",
                "other control   | X-A | v\\x1b",
                "non-Latin-1     | X-A | \u20ac",
                "name with space | X A | v",
                "name with colon | X:A | v",
                "name with CRLF  | X\\r\\nY | v",
                "empty name      | '' | v"
            })
    void refusesHeaderInjectionBeforeWritingAnything(String name, String headerName, String escapedValue) {
        String n = new String(Corpus.unescape(headerName), StandardCharsets.ISO_8859_1);
        String v = escapedValue.contains("\u20ac")
                ? escapedValue
                : new String(Corpus.unescape(escapedValue), StandardCharsets.ISO_8859_1);
        ByteBuf out = Unpooled.buffer();
        try {
            assertThatThrownBy(() -> Http1ResponseWriter.header(out, n, v))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(out.readableBytes()).isZero();
        } finally {
            out.release();
        }
    }

    @Test
    void refusesAPreEncodedNameThatIsNotAToken() {
        assertThatThrownBy(() -> Http1ResponseWriter.name("x\r\nInjected: 1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Http1ResponseWriter.name("cache-control"))
                .asString(StandardCharsets.US_ASCII)
                .isEqualTo("cache-control: ");
    }
}
