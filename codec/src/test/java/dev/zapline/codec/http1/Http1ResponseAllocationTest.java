package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Reading responses allocates nothing in steady state: 100,000 small responses (status line, Date, Content-Type,
 * Content-Length 2, body), 50 to a pooled direct buffer as a pipelined read would bring them, with Content-Type
 * captured and the body skipped, or copied into a reused buffer; and with four fields captured (one of them
 * absent), the buffer read whole or arriving seven bytes at a time (the byte-by-byte scanner).
 */
@Tag("allocation")
class Http1ResponseAllocationTest {

    private static final int PER_READ = 50;
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 100_000;
    /** Slack for the measurement itself; a single allocation per response would be at least 1.6 MB. */
    private static final long SLACK_BYTES = 4096;

    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
            .getBytes(StandardCharsets.US_ASCII);

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static final List<String> SEVERAL = List.of("content-type", "date", "content-length", "x-absent");
    /** The lengths of the {@link #SEVERAL} values, -1 for the absent one. */
    private static final int SEVERAL_LENGTHS = 16 + 29 + 1 - 1;

    @Test
    void readingSmallResponsesAllocatesNothing() {
        measure(false, false, 0);
    }

    @Test
    void readingSmallResponsesIntoAReusedBodyBufferAllocatesNothing() {
        measure(true, false, 0);
    }

    @Test
    void readingSmallResponsesWithSeveralCapturedFieldsAllocatesNothing() {
        measure(false, true, 0);
    }

    @Test
    void readingSmallResponsesInPiecesWithSeveralCapturedFieldsAllocatesNothing() {
        measure(false, true, 7);
    }

    /** {@code piece}: bytes made readable at a time, 0 for all at once. */
    private static void measure(boolean buffered, boolean several, int piece) {
        ByteBuf trackedIn = PooledByteBufAllocator.DEFAULT.directBuffer(RESPONSE.length * PER_READ);
        ByteBuf trackedBody = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        // The leak detector (when on) records a stack trace on every access of the buffer it wraps; measure on the
        // pooled buffers underneath, as production runs.
        ByteBuf in = trackedIn.unwrap() == null ? trackedIn : trackedIn.unwrap();
        ByteBuf body = trackedBody.unwrap() == null ? trackedBody : trackedBody.unwrap();
        try {
            for (int i = 0; i < PER_READ; i++) {
                in.writeBytes(RESPONSE);
            }
            var parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
            if (several) {
                parser.captureHeaders(SEVERAL, 64);
            } else {
                parser.captureHeader("content-type", 64);
            }
            if (buffered) {
                parser.bufferBodyInto(body);
            }
            long sink = loop(parser, in, body, WARM_UP, piece);
            long before = THREADS.getCurrentThreadAllocatedBytes();
            sink += loop(parser, in, body, MEASURED, piece);
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            System.out.println("response parser" + (buffered ? " (buffered body)" : "")
                    + (several ? " (several captures, pieces of " + piece + ")" : "") + ": " + allocated
                    + " bytes allocated in " + MEASURED + " responses");
            long captured = several ? SEVERAL_LENGTHS : "application/json".length();
            assertThat(sink).isEqualTo((200L + 2 + captured) * (WARM_UP + MEASURED));
            assertThat(allocated).isLessThan(SLACK_BYTES);
        } finally {
            trackedIn.release();
            trackedBody.release();
        }
    }

    private static long loop(Http1ResponseParser parser, ByteBuf in, ByteBuf body, int n, int piece) {
        long sum = 0;
        int end = in.writerIndex();
        for (int i = 0; i < n; i += PER_READ) {
            in.readerIndex(0);
            for (int to = piece == 0 ? end : piece; ; to = Math.min(end, to + piece)) {
                in.writerIndex(to);
                while (parser.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                    sum += parser.status() + parser.bodyLength();
                    for (int k = 0; k < parser.capturedCount(); k++) {
                        sum += parser.headerValueLength(k);
                    }
                    body.clear();
                }
                if (to == end) {
                    break;
                }
            }
        }
        return sum;
    }
}
