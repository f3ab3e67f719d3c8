package dev.zapline.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.eth.EthCallReq;
import dev.zapline.codec.eth.EthCallResp;
import dev.zapline.codec.eth.EthSample;
import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The hot paths allocate nothing in steady state (STYLE.md rule 3): after {@value #WARM_UP} warm-up operations, the
 * current thread's allocated-bytes counter does not move over {@value #ITERATIONS} more. Every result is folded
 * into {@link #sink} so the JIT cannot drop the work. The counter's own cost is measured and subtracted.
 */
class SteadyStateAllocationTest {

    static final int WARM_UP = 250_000;
    static final int ITERATIONS = 100_000;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final byte[] METHOD = EthSample.method();
    private static final byte[] ACCOUNT = EthSample.account();
    private static final byte[] BLOCK_HASH = EthSample.blockHash();
    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BODY = "{\"result\":\"0x2a\"}".getBytes(StandardCharsets.UTF_8);

    private long sink;

    /** Bytes allocated by {@link #ITERATIONS} runs of {@code op} after warm-up, less the counter's own cost. */
    private long allocatedPerLoop(LongSupplier op) {
        for (int i = 0; i < WARM_UP; i++) {
            sink += op.getAsLong();
        }
        long id = Thread.currentThread().threadId();
        long calibrate = THREADS.getThreadAllocatedBytes(id);
        long overhead = THREADS.getThreadAllocatedBytes(id) - calibrate;
        long before = THREADS.getThreadAllocatedBytes(id);
        for (int i = 0; i < ITERATIONS; i++) {
            sink += op.getAsLong();
        }
        long after = THREADS.getThreadAllocatedBytes(id);
        long allocated = after - before - overhead;
        System.out.printf("%s: %d bytes over %d operations (counter overhead %d)%n",
                StackWalker.getInstance().walk(s -> s.skip(1).findFirst().orElseThrow().getMethodName()),
                allocated, ITERATIONS, overhead);
        assertThat(sink).isNotZero();
        return allocated;
    }

    @Test
    void decodingTheEthRequestAllocatesNothing() {
        ZapBuilder b = new ZapBuilder();
        EthCallReq.encode(b, EthSample.ID, EthSample.BLOCK, METHOD, ACCOUNT);
        byte[] frame = b.toByteArray();
        ZapMessage msg = new ZapMessage();
        EthCallReq req = new EthCallReq();
        assertThat(allocatedPerLoop(() -> {
            req.wrap(msg.wrap(frame));
            return req.id() + req.block() + req.methodLength() + (req.methodEquals(METHOD) ? 1 : 0)
                    + req.accountLength() + req.accountByte(0);
        })).isZero();
    }

    @Test
    void encodingTheEthResponseIntoAReusedBuilderAllocatesNothing() {
        ZapBuilder b = new ZapBuilder();
        assertThat(allocatedPerLoop(() -> EthCallResp.encode(b, sink, EthSample.WEI_PER_ETHER ^ sink, 42, BLOCK_HASH)
                + b.buffer()[b.offset() + 17])).isZero();
    }

    @Test
    void decodingAZapHttpRequestAllocatesNothing() {
        byte[] frame = ConformanceVectors.named("zaphttp-request").bytes();
        ZapMessage msg = new ZapMessage();
        ZapHttpRequest req = new ZapHttpRequest();
        HeaderCursor headers = new HeaderCursor();
        ZapSlice method = new ZapSlice();
        ZapSlice target = new ZapSlice();
        ZapSlice block = new ZapSlice();
        ZapSlice value = new ZapSlice();
        ZapSlice body = new ZapSlice();
        assertThat(allocatedPerLoop(() -> {
            req.wrap(msg.wrap(frame));
            long h = req.method(method).length() + req.target(target).byteAt(0) + req.body(body).length();
            for (headers.reset(req.headers(block)); headers.next(); ) {
                h += headers.nameEqualsIgnoreCase(CONTENT_TYPE) ? headers.value(value).length() : headers.nameLength();
            }
            return h + (headers.malformed() ? 1 : 0);
        })).isZero();
    }

    @Test
    void encodingAZapHttpResponseIntoAReusedBuilderAllocatesNothing() {
        ZapBuilder b = new ZapBuilder();
        HeaderBlockWriter headers = new HeaderBlockWriter();
        assertThat(allocatedPerLoop(() -> {
            headers.reset().add("Content-Type", "application/json").add("X-Trace-Id", "abc-123");
            return ZapHttpWriter.response(b, false, 200, "OK", "HTTP/1.1", headers, BODY, 0, BODY.length, null);
        })).isZero();
    }
}
