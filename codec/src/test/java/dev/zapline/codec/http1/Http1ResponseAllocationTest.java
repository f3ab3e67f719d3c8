package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Reading responses allocates nothing in steady state: 100,000 small responses (status line, Date, Content-Type,
 * Content-Length 2, body), 50 to a pooled direct buffer as a pipelined read would bring them, with Content-Type
 * captured and the body skipped, or copied into a reused buffer.
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

    @Test
    void readingSmallResponsesAllocatesNothing() {
        measure(false);
    }

    @Test
    void readingSmallResponsesIntoAReusedBodyBufferAllocatesNothing() {
        measure(true);
    }

    private static void measure(boolean buffered) {
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
            var parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT).captureHeader("content-type", 64);
            if (buffered) {
                parser.bufferBodyInto(body);
            }
            long sink = loop(parser, in, body, WARM_UP);
            long before = THREADS.getCurrentThreadAllocatedBytes();
            sink += loop(parser, in, body, MEASURED);
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            System.out.println("response parser" + (buffered ? " (buffered body)" : "") + ": " + allocated
                    + " bytes allocated in " + MEASURED + " responses");
            assertThat(sink).isEqualTo((200L + 2 + "application/json".length()) * (WARM_UP + MEASURED));
            assertThat(allocated).isLessThan(SLACK_BYTES);
        } finally {
            trackedIn.release();
            trackedBody.release();
        }
    }

    private static long loop(Http1ResponseParser parser, ByteBuf in, ByteBuf body, int n) {
        long sum = 0;
        for (int i = 0; i < n; i += PER_READ) {
            in.readerIndex(0);
            while (parser.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                sum += parser.status() + parser.bodyLength() + parser.headerValueLength();
                body.clear();
            }
        }
        return sum;
    }
}
