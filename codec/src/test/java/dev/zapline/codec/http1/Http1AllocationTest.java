package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hot paths allocate nothing in steady state: parsing a typical request head from a pooled direct buffer (an
 * absolute-form target takes the slower state machine, and allocates nothing either), and
 * writing a response head and a small body into a reused pooled buffer. Measured with the current thread's
 * allocated-bytes counter around a warmed-up loop.
 */
class Http1AllocationTest {

    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 100_000;
    /** Slack for the measurement itself; a single allocation per iteration would be at least 1.6 MB. */
    private static final long SLACK_BYTES = 4096;

    private static final String FIELDS = "Host: api.example.com\r\nUser-Agent: probe/1.0\r\n"
            + "Accept: */*\r\nAccept-Encoding: gzip\r\nConnection: keep-alive\r\n\r\n";

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Origin form (the fast path), and absolute form with a path and without one (the state machine). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/health", "http://api.example.com/health", "HTTP://api.example.com?probe=1"})
    void parsingAHealthCheckHeadAllocatesNothing(String target) {
        byte[] head = ("GET " + target + " HTTP/1.1\r\n" + FIELDS).getBytes(StandardCharsets.US_ASCII);
        ByteBuf tracked = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        // The leak detector (PARANOID in tests) records a stack trace on every access of the buffer it wraps;
        // measure the parser on the pooled buffer underneath, as production runs it.
        ByteBuf in = tracked.unwrap() == null ? tracked : tracked.unwrap();
        try {
            in.writeBytes(head);
            Http1HeadParser parser = new Http1HeadParser(Http1Limits.DEFAULT);
            Http1Request req = new Http1Request();
            long sink = parseLoop(parser, req, in, WARM_UP);
            long before = THREADS.getCurrentThreadAllocatedBytes();
            sink += parseLoop(parser, req, in, MEASURED);
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            System.out.println(
                    "head parser, " + target + ": " + allocated + " bytes allocated in " + MEASURED + " parses");
            assertThat(sink).isEqualTo((long) head.length * (WARM_UP + MEASURED));
            assertThat(allocated).isLessThan(SLACK_BYTES);
        } finally {
            tracked.release();
        }
    }

    private static long parseLoop(Http1HeadParser parser, Http1Request req, ByteBuf in, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            parser.reset();
            sum += parser.parse(in, req);
        }
        return sum;
    }

    @Test
    void writingAResponseHeadAndSmallBodyAllocatesNothing() {
        ByteBuf tracked = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        ByteBuf out = tracked.unwrap() == null ? tracked : tracked.unwrap();
        try {
            HttpDate date = new HttpDate();
            byte[] body = {'o', 'k'};
            long now = 1_800_000_000_000L;
            long sink = writeLoop(out, date, body, now, WARM_UP);
            long before = THREADS.getCurrentThreadAllocatedBytes();
            sink += writeLoop(out, date, body, now, MEASURED);
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            System.out.println("response writer: " + allocated + " bytes allocated in " + MEASURED + " writes");
            assertThat(sink).isEqualTo((long) out.readableBytes() * (WARM_UP + MEASURED));
            assertThat(allocated).isLessThan(SLACK_BYTES);
        } finally {
            tracked.release();
        }
    }

    private static long writeLoop(ByteBuf out, HttpDate date, byte[] body, long now, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            out.clear();
            Http1ResponseWriter.statusLine(out, 200);
            out.writeBytes(date.line(now));
            Http1ResponseWriter.contentLength(out, body.length);
            Http1ResponseWriter.endHead(out);
            out.writeBytes(body);
            sum += out.readableBytes();
        }
        return sum;
    }
}
