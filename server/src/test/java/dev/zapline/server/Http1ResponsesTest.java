package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The allocation tests' response checker: it passes exactly the responses asked for, however the bytes arrive. */
class Http1ResponsesTest {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final String FIRST = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
    private static final String SECOND = "HTTP/1.1 200 OK\r\nDate: x\r\nContent-Length:2\r\n\r\nok";
    private static final String TWO = FIRST + SECOND;

    /** A stream that hands out at most {@code step} bytes per read. */
    private static InputStream trickle(String s, int step) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, step));
            }
        };
    }

    @ParameterizedTest(name = "{0} bytes per read")
    @ValueSource(ints = {1, 2, 3, 5, 7, 64, 1024})
    void readsPipelinedResponsesSplitAnywhere(int step) throws IOException {
        Http1Responses r = new Http1Responses(trickle(TWO + TWO, step));
        for (int i = 0; i < 4; i++) {
            r.expect(200, OK);
        }
        assertThat(r.checked()).isEqualTo(4);
        assertThat(r.unconsumed()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            another status     | HTTP/1.1 400 Bad Request\\r\\ncontent-length: 2\\r\\n\\r\\nok
            another body       | HTTP/1.1 200 OK\\r\\ncontent-length: 3\\r\\n\\r\\nnok
            same length, other | HTTP/1.1 200 OK\\r\\ncontent-length: 2\\r\\n\\r\\nko
            no content-length  | HTTP/1.1 200 OK\\r\\ntransfer-encoding: chunked\\r\\n\\r\\n2\\r\\nok\\r\\n0\\r\\n\\r\\n
            another version    | HTTP/1.0 200 OK\\r\\ncontent-length: 2\\r\\n\\r\\nok
            closed in the body | HTTP/1.1 200 OK\\r\\ncontent-length: 2\\r\\n\\r\\no
            closed in the head | HTTP/1.1 200 OK\\r\\ncontent-len
            """)
    void failsOnAResponseThatIsNotTheOneAskedFor(String what, String response) {
        Http1Responses r = new Http1Responses(trickle(response.replace("\\r\\n", "\r\n"), 3));
        assertThatThrownBy(() -> r.expect(200, OK)).as(what).isInstanceOf(AssertionError.class);
        assertThat(r.checked()).isZero();
    }

    @ParameterizedTest(name = "{0} bytes per read")
    @ValueSource(ints = {1, 1024})
    void countsBytesLeftAfterTheResponsesAskedFor(int step) throws IOException {
        Http1Responses r = new Http1Responses(trickle(TWO, step));
        r.expect(200, OK);
        assertThat(r.unconsumed()).isEqualTo(SECOND.length());
    }
}
