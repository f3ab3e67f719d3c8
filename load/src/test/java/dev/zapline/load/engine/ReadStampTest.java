package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import org.junit.jupiter.api.Test;

/**
 * The responses one read from a socket delivers share one reading of the clock (taken when the first of them ends),
 * and a reading never outlives its read: on a manual clock that moves while a read is parsed, every response's
 * service time is the target's, to the histogram's precision.
 */
class ReadStampTest {

    private static final long MS = 1_000_000L;

    @Test
    void theResponsesOfOneReadShareTheFirstOnesTimeAndTheNextReadReadsTheClockAgain() {
        // 8 deep on one connection, each window answered 50 us after its flush in one read, 10 us of parsing between
        // two responses of the read: stamped one by one, the 8th would read 50 + 70 us
        Sim sim = new Sim().service(50_000);
        sim.readSpread = 10_000;
        LoadPlan plan = LoadPlan.maxThroughput(8, 20 * MS, 1, 1);
        Engine e = Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
        sim.run(e, 10_000 * MS);

        // the parsing time is real on this clock: the windows came slower than without it
        long withParsing = new Tally().read(Runs.all(e)).count(Outcome.SUCCESS);
        Sim plain = new Sim().service(50_000);
        Engine p = Engine.start(plan, plain, new DriverLoop[] {plain}, plain, 1000);
        plain.run(p, 10_000 * MS);
        assertThat(withParsing)
                .isGreaterThan(100)
                .isLessThan(new Tally().read(Runs.all(p)).count(Outcome.SUCCESS) / 2);
        Aggregator a = Runs.aggregate(e);
        assertThat(a.service().getMaxValue()).isEqualTo(a.service().highestEquivalentValue(50_000));
        assertThat(a.service().getMinValue()).isEqualTo(a.service().lowestEquivalentValue(50_000));
    }
}
