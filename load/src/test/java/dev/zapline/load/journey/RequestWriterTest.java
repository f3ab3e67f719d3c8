package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.data;
import static dev.zapline.load.journey.Fixtures.dynamic;
import static dev.zapline.load.journey.Fixtures.extracted;
import static dev.zapline.load.journey.Fixtures.journey;
import static dev.zapline.load.journey.Fixtures.lit;
import static dev.zapline.load.journey.Fixtures.step;
import static dev.zapline.load.journey.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestWriterTest {

    private static final long CLOCK = 1_733_354_013_042L;

    private final ByteBuf out = Unpooled.buffer(64);
    private final Iteration it = new Iteration(0);

    @AfterEach
    void release() {
        out.release();
    }

    private String write(Step step, Dynamics dynamics) {
        int before = out.writerIndex();
        int n = new RequestWriter(step).write(it, dynamics, CLOCK, out);
        assertThat(n).isEqualTo(out.writerIndex() - before);
        return out.toString(before, n, StandardCharsets.UTF_8);
    }

    private void start(Step step, byte[][] row) {
        it.reset(journey(2, step), row);
    }

    @Test
    void getWithAQueryFromADataColumn() {
        Step s = step().target(lit("/search?q="), data(1), lit("&page=2"))
                .header("Accept", lit("application/json"))
                .build();
        start(s, new byte[][] {utf8("x"), utf8("red shoes")});
        assertThat(write(s, new Dynamics(1)))
                .isEqualTo("GET /search?q=red shoes&page=2 HTTP/1.1\r\n"
                        + "Host: api.test:8080\r\n"
                        + "Accept: application/json\r\n"
                        + "\r\n");
    }

    @Test
    void postOfJsonWithAnExtractedTokenInAuthorization() {
        Step s = step().method("POST")
                .origin("https://api.test:443")
                .target(lit("/orders"))
                .header("Authorization", lit("Bearer "), extracted(1))
                .header("Content-Type", lit("application/json"))
                .body(lit("{\"user\":\""), data(0), lit("\",\"qty\":3,\"note\":\"caf\u00e9\"}"))
                .build();
        start(s, new byte[][] {utf8("ann")});
        it.set(1, utf8("eyJ.abc.def"), 0, 11);
        String body = "{\"user\":\"ann\",\"qty\":3,\"note\":\"caf\u00e9\"}";
        assertThat(write(s, new Dynamics(1)))
                .isEqualTo("POST /orders HTTP/1.1\r\n"
                        + "Host: api.test\r\n"
                        + "Authorization: Bearer eyJ.abc.def\r\n"
                        + "Content-Type: application/json\r\n"
                        + "Content-Length: " + utf8(body).length + "\r\n"
                        + "\r\n"
                        + body);
        assertThat(utf8(body).length).isEqualTo(body.length() + 1);
    }

    @Test
    void dynamicValuesAreDrawnBodyFirstFromTheSeededGenerator() {
        Step s = step().method("PUT")
                .target(lit("/items/"), dynamic(Part.DynamicKind.RANDOM_INT, 0, 1000))
                .header("X-Request-Id", dynamic(Part.DynamicKind.UUID, 0, 0))
                .body(
                        lit("{\"n\":"),
                        dynamic(Part.DynamicKind.RANDOM_INT, 10, 20),
                        lit(",\"at\":\""),
                        dynamic(Part.DynamicKind.ISO_TIMESTAMP, 0, 0),
                        lit("\",\"ts\":"),
                        dynamic(Part.DynamicKind.TIMESTAMP, 0, 0),
                        lit(",\"id\":\""),
                        dynamic(Part.DynamicKind.UUID, 0, 0),
                        lit("\"}"))
                .build();
        start(s, null);
        SplittableRandom ref = new SplittableRandom(5);
        long n = ref.nextLong(10, 20);
        String bodyUuid = uuid(ref);
        long item = ref.nextLong(0, 1000);
        String headerUuid = uuid(ref);
        String body =
                "{\"n\":" + n + ",\"at\":\"2024-12-04T23:13:33.042Z\",\"ts\":1733354013,\"id\":\"" + bodyUuid + "\"}";
        assertThat(write(s, new Dynamics(5)))
                .isEqualTo("PUT /items/" + item + " HTTP/1.1\r\n"
                        + "Host: api.test:8080\r\n"
                        + "X-Request-Id: " + headerUuid + "\r\n"
                        + "Content-Length: " + body.length() + "\r\n"
                        + "\r\n"
                        + body);
    }

    private static String uuid(SplittableRandom r) {
        long hi = (r.nextLong() & ~0xF000L) | 0x4000L;
        long lo = (r.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(hi, lo).toString();
    }

    @Test
    void postPutAndPatchAlwaysSayTheLengthOthersOnlyWithABody() {
        Dynamics d = new Dynamics(1);
        for (String m : new String[] {"POST", "PUT", "PATCH"}) {
            Step s = step().method(m).build();
            start(s, null);
            assertThat(write(s, d)).isEqualTo(m + " / HTTP/1.1\r\nHost: api.test:8080\r\nContent-Length: 0\r\n\r\n");
        }
        Step get = step().build();
        start(get, null);
        assertThat(write(get, d)).isEqualTo("GET / HTTP/1.1\r\nHost: api.test:8080\r\n\r\n");
        Step delete = step().method("DELETE").body(lit("x")).build();
        start(delete, null);
        assertThat(write(delete, d))
                .isEqualTo("DELETE / HTTP/1.1\r\nHost: api.test:8080\r\nContent-Length: 1\r\n\r\nx");
    }

    @Test
    void aStepsOwnHostReplacesTheOriginsAndItsContentLengthIsDropped() {
        Step s = step().header("host", lit("other.test"))
                .header("Content-Length", lit("99"))
                .build();
        start(s, null);
        assertThat(write(s, new Dynamics(1))).isEqualTo("GET / HTTP/1.1\r\nhost: other.test\r\n\r\n");
    }

    @Test
    void requestsAppendAfterWhatTheBufferHolds() {
        Step s = step().build();
        start(s, null);
        out.writeBytes(utf8("previous"));
        RequestWriter w = new RequestWriter(s);
        assertThat(w.write(it, new Dynamics(1), CLOCK, out)).isEqualTo(39);
        assertThat(w.write(it, new Dynamics(1), CLOCK, out)).isEqualTo(39);
        assertThat(out.toString(StandardCharsets.US_ASCII))
                .isEqualTo("previous" + "GET / HTTP/1.1\r\nHost: api.test:8080\r\n\r\n".repeat(2));
    }

    @Test
    void aValueWithCrOrLfIsRefusedInTheRequestLineAndHeaders() {
        Step inTarget = step().target(lit("/u/"), data(0)).build();
        Step inHeader = step().header("X-Token", extracted(0)).build();
        Step inBody = step().method("POST").body(data(0)).build();
        RequestWriter target = new RequestWriter(inTarget);
        RequestWriter header = new RequestWriter(inHeader);
        Dynamics d = new Dynamics(1);
        out.writeBytes(utf8("kept"));
        for (String evil : new String[] {"a\r\nX-Admin: 1", "a\nb", "a\rb", "\n", "ab\r"}) {
            it.reset(journey(1, inTarget), new byte[][] {utf8(evil)});
            it.set(0, utf8(evil), 0, utf8(evil).length);
            assertThat(target.write(it, d, CLOCK, out)).isEqualTo(-1);
            assertThat(header.write(it, d, CLOCK, out)).isEqualTo(-1);
            assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("kept");
        }
        it.reset(journey(1, inBody), new byte[][] {utf8("line1\r\nline2")});
        assertThat(new RequestWriter(inBody).write(it, d, CLOCK, out)).isPositive();
        assertThat(out.toString(StandardCharsets.US_ASCII)).endsWith("Content-Length: 12\r\n\r\nline1\r\nline2");
    }

    @Test
    void aMissingValueIsRefused() {
        Step column = step().target(lit("/"), data(3)).build();
        Step slot = step().method("POST").body(extracted(1)).build();
        Dynamics d = new Dynamics(1);
        it.reset(journey(2, column), null);
        assertThat(new RequestWriter(column).write(it, d, CLOCK, out)).isEqualTo(-1);
        it.reset(journey(2, column), new byte[][] {utf8("only one column")});
        assertThat(new RequestWriter(column).write(it, d, CLOCK, out)).isEqualTo(-1);
        it.reset(journey(2, slot), null);
        assertThat(new RequestWriter(slot).write(it, d, CLOCK, out)).isEqualTo(-1);
        assertThat(out.writerIndex()).isZero();
    }

    @ParameterizedTest
    @CsvSource({
        "http://h.test:80,h.test",
        "https://h.test:443,h.test",
        "http://h.test:443,h.test:443",
        "https://h.test:80,h.test:80",
        "HTTP://h.test:80,h.test",
        "http://[::1]:8080,[::1]:8080",
        "https://[::1]:443,[::1]",
        "http://[::1],[::1]",
        "http://h.test,h.test"
    })
    void theHostHeaderOmitsTheSchemesDefaultPort(String origin, String host) {
        assertThat(RequestWriter.hostHeader(origin)).isEqualTo(host);
    }
}
