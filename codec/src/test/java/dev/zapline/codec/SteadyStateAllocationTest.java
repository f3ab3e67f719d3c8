package dev.zapline.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.HeaderCursor;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.wire.AllocationMeter;
import dev.zapline.wire.ConformanceVectors;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The zaphttp hot paths allocate nothing in steady state (STYLE.md rule 3): after {@value #WARM_UP} warm-up
 * operations, the current thread's allocated-bytes counter does not move over {@value #ITERATIONS} more.
 */
class SteadyStateAllocationTest {

    static final int WARM_UP = 250_000;
    static final int ITERATIONS = 100_000;

    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BODY = "{\"result\":\"0x2a\"}".getBytes(StandardCharsets.UTF_8);

    private final AllocationMeter meter = new AllocationMeter(WARM_UP, ITERATIONS);

    private long allocatedPerLoop(String what, LongSupplier op) {
        long allocated = meter.allocatedBy(what, op);
        assertThat(meter.sink()).isNotZero();
        return allocated;
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
        assertThat(allocatedPerLoop("decodingAZapHttpRequest", () -> {
                    req.wrap(msg.wrap(frame));
                    long h = req.method(method).length()
                            + req.target(target).byteAt(0)
                            + req.body(body).length();
                    for (headers.reset(req.headers(block)); headers.next(); ) {
                        h += headers.nameEqualsIgnoreCase(CONTENT_TYPE)
                                ? headers.value(value).length()
                                : headers.nameLength();
                    }
                    return h + (headers.malformed() ? 1 : 0);
                }))
                .isZero();
    }

    @Test
    void encodingAZapHttpResponseIntoAReusedBuilderAllocatesNothing() {
        ZapBuilder b = new ZapBuilder();
        HeaderBlockWriter headers = new HeaderBlockWriter();
        assertThat(allocatedPerLoop("encodingAZapHttpResponse", () -> {
                    headers.reset().add("Content-Type", "application/json").add("X-Trace-Id", "abc-123");
                    return ZapHttpWriter.response(b, false, 200, "OK", "HTTP/1.1", headers, BODY, 0, BODY.length, null);
                }))
                .isZero();
    }
}
