package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.check;
import static dev.zapline.load.journey.Fixtures.data;
import static dev.zapline.load.journey.Fixtures.dynamic;
import static dev.zapline.load.journey.Fixtures.extracted;
import static dev.zapline.load.journey.Fixtures.journey;
import static dev.zapline.load.journey.Fixtures.jsonExport;
import static dev.zapline.load.journey.Fixtures.lit;
import static dev.zapline.load.journey.Fixtures.number;
import static dev.zapline.load.journey.Fixtures.path;
import static dev.zapline.load.journey.Fixtures.regexExport;
import static dev.zapline.load.journey.Fixtures.step;
import static dev.zapline.load.journey.Fixtures.utf8;
import static dev.zapline.load.journey.Fixtures.word;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.journey.Check.Op;
import dev.zapline.load.journey.Check.Subject;
import dev.zapline.load.journey.Fixtures.FakeResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A journey's per-request work allocates nothing once warm: over a three-step journey (log in and export the token
 * by JSONPath; list orders with the token in a header, export an id by regex, three checks; update the order with
 * dynamic values in the body) every request is written into a buffer and every response evaluated, and the thread's
 * allocated-bytes counter does not move.
 */
@Tag("allocation")
class JourneyAllocationTest {

    static final int WARM_UP = 200_000;
    static final int JOURNEYS = 100_000;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Journey journey = journey(
            2,
            step().index(0)
                    .method("POST")
                    .target(lit("/login"))
                    .header("Content-Type", lit("application/json"))
                    .body(lit("{\"user\":\""), data(0), lit("\"}"))
                    .export(jsonExport(0, path("auth", "token")))
                    .build(),
            step().index(1)
                    .target(lit("/orders?user="), data(0))
                    .header("Authorization", lit("Bearer "), extracted(0))
                    .capture("x-trace")
                    .check(check(Subject.JSON, null, path("items", 1, "price"), Op.GT, number(1)))
                    .check(check(Subject.HEADER, "x-trace", null, Op.EXISTS, null))
                    .check(check(Subject.DURATION, null, null, Op.LT, number(1e9)))
                    .export(regexExport(1, "\"order\":\\s*\"(o-\\d+)\""))
                    .build(),
            step().index(2)
                    .method("PUT")
                    .target(lit("/orders/"), extracted(1))
                    .header("X-Request-Id", dynamic(Part.DynamicKind.UUID, 0, 0))
                    .body(
                            lit("{\"at\":\""),
                            dynamic(Part.DynamicKind.ISO_TIMESTAMP, 0, 0),
                            lit("\",\"n\":"),
                            dynamic(Part.DynamicKind.RANDOM_INT, 1, 10),
                            lit("}"))
                    .check(check(Subject.BODY, null, null, Op.CONTAINS, word("\"ok\"")))
                    .build());

    private final FakeResponse[] responses = {
        new FakeResponse().body("{\"auth\":{\"token\":\"eyJhbGci\\u004fiJIUzI1NiJ9.e30.sig\",\"ttl\":3600}}"),
        new FakeResponse()
                .body("{\"items\":[{\"order\": \"o-17\",\"price\":0.5},{\"order\": \"o-18\",\"price\":12.25}],"
                        + "\"next\":null}")
                .header(0, "abc123"),
        new FakeResponse().body("{\"status\":\"ok\"}")
    };

    private final StepRunner runner = new StepRunner(Fixtures.plan(journey));
    private final Dynamics dynamics = new Dynamics(7);
    private final Iteration it = new Iteration(0);
    private final byte[][] row = {utf8("ann")};
    private final ByteBuf out = Unpooled.buffer(1024);
    private final long[] passed = new long[runner.checks().size()];
    private final long[] failed = new long[runner.checks().size()];
    private long sink;

    private void runJourneys(int n) {
        for (int i = 0; i < n; i++) {
            it.reset(journey, row);
            do {
                Step step = it.currentStep();
                out.clear();
                sink += runner.writer(step).write(it, dynamics, 1_733_354_013_042L + i, out);
                sink += runner.evaluate(step, responses[it.step()], it, passed, failed);
            } while (it.advance());
        }
    }

    /**
     * The fewest bytes allocated over three windows of {@value #JOURNEYS} journeys: a per-request allocation shows in
     * every window, while a one-off of the JIT finishing a compilation (some 200 bytes, seen in the first window on
     * a loaded machine) shows in one.
     */
    @Test
    void writingAndJudgingAJourneysRequestsAllocatesNothing() {
        runJourneys(WARM_UP);
        long id = Thread.currentThread().threadId();
        for (int i = 0; i < 3; i++) {
            sink += THREADS.getThreadAllocatedBytes(id) & 1;
        }
        long calibrate = THREADS.getThreadAllocatedBytes(id);
        long overhead = THREADS.getThreadAllocatedBytes(id) - calibrate;
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = THREADS.getThreadAllocatedBytes(id);
            runJourneys(JOURNEYS);
            fewest = Math.min(fewest, THREADS.getThreadAllocatedBytes(id) - before - overhead);
        }
        out.release();
        long journeys = WARM_UP + 3L * JOURNEYS;
        assertThat(failed).containsOnly(0L);
        assertThat(passed).containsExactly(journeys, journeys, journeys, journeys);
        assertThat(sink).isPositive();
        assertThat(fewest).isZero();
    }
}
