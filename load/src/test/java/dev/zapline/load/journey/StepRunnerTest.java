package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.check;
import static dev.zapline.load.journey.Fixtures.headerExport;
import static dev.zapline.load.journey.Fixtures.journey;
import static dev.zapline.load.journey.Fixtures.jsonExport;
import static dev.zapline.load.journey.Fixtures.number;
import static dev.zapline.load.journey.Fixtures.path;
import static dev.zapline.load.journey.Fixtures.plan;
import static dev.zapline.load.journey.Fixtures.regexExport;
import static dev.zapline.load.journey.Fixtures.step;
import static dev.zapline.load.journey.Fixtures.text;
import static dev.zapline.load.journey.Fixtures.word;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.journey.Check.Op;
import dev.zapline.load.journey.Check.Subject;
import dev.zapline.load.journey.Fixtures.FakeResponse;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StepRunnerTest {

    private final Iteration it = new Iteration(0);
    private final long[] passed = new long[16];
    private final long[] failed = new long[16];

    /** Whether {@code c} passes on {@code r}, as the only check of a step expecting any status. */
    private boolean passes(Check c, FakeResponse r) {
        Step s = step().expect("100-599").check(c).capture("x-h").build();
        StepRunner runner = new StepRunner(plan(journey(0, s)));
        it.reset(journey(0, s), null);
        passed[0] = 0;
        failed[0] = 0;
        int outcome = runner.evaluate(s, r, it, passed, failed);
        assertThat(passed[0] + failed[0]).isEqualTo(1);
        assertThat(outcome).isEqualTo(passed[0] == 1 ? StepRunner.OK : StepRunner.CHECK);
        return passed[0] == 1;
    }

    private static FakeResponse json(String body) {
        return new FakeResponse().body(body);
    }

    private static Check.Value range(double from, double to) {
        return new Check.Value(Fixtures.utf8(from + ".." + to), true, from, to);
    }

    @Test
    void statusAndDurationCompareNumerically() {
        FakeResponse r = new FakeResponse();
        r.status = 201;
        r.serviceNanos = 4_000_000;
        assertThat(passes(check(Subject.STATUS, null, null, Op.EQ, number(201)), r))
                .isTrue();
        assertThat(passes(check(Subject.STATUS, null, null, Op.NE, number(201)), r))
                .isFalse();
        assertThat(passes(check(Subject.STATUS, null, null, Op.LT, number(300)), r))
                .isTrue();
        assertThat(passes(check(Subject.STATUS, null, null, Op.GE, number(202)), r))
                .isFalse();
        assertThat(passes(check(Subject.STATUS, null, null, Op.IN, range(200, 201)), r))
                .isTrue();
        assertThat(passes(check(Subject.STATUS, null, null, Op.IN, range(202, 299)), r))
                .isFalse();
        assertThat(passes(check(Subject.DURATION, null, null, Op.LT, number(5e6)), r))
                .isTrue();
        assertThat(passes(check(Subject.DURATION, null, null, Op.LE, number(4e6)), r))
                .isTrue();
        assertThat(passes(check(Subject.DURATION, null, null, Op.GT, number(4e6)), r))
                .isFalse();
    }

    @Test
    void headersAreTrimmedComparedBytewiseOrAsNumbersAndAbsentOnesFail() {
        FakeResponse r = new FakeResponse().header(0, " \tabc-123 ");
        assertThat(passes(check(Subject.HEADER, "X-H", null, Op.EXISTS, null), r))
                .isTrue();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.EQ, word("abc-123")), r))
                .isTrue();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.EQ, word("ABC-123")), r))
                .isFalse();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.CONTAINS, word("c-1")), r))
                .isTrue();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.CONTAINS, word("abc-1234")), r))
                .isFalse();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.LT, word("abd")), r))
                .isTrue();
        r.header(0, "150");
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.GT, number(99)), r))
                .isTrue();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.EQ, number(150)), r))
                .isTrue();
        r.header(0, null);
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.EXISTS, null), r))
                .isFalse();
        assertThat(passes(check(Subject.HEADER, "x-h", null, Op.NE, word("x")), r))
                .isFalse();
    }

    @Test
    void bodyContainsAndExists() {
        assertThat(passes(check(Subject.BODY, null, null, Op.CONTAINS, word("\"ok\"")), json("{\"ok\":1}")))
                .isTrue();
        assertThat(passes(check(Subject.BODY, null, null, Op.CONTAINS, word("ok!")), json("{\"ok\":1}")))
                .isFalse();
        assertThat(passes(check(Subject.BODY, null, null, Op.EXISTS, null), json("x")))
                .isTrue();
        assertThat(passes(check(Subject.BODY, null, null, Op.EXISTS, null), json("")))
                .isFalse();
        FakeResponse cut = json("abcdef");
        cut.bodyLength = 3;
        assertThat(passes(check(Subject.BODY, null, null, Op.CONTAINS, word("cd")), cut))
                .isFalse();
    }

    @Test
    void jsonValuesCompareAsNumbersStringsOrKinds() {
        JsonPath n = path("n");
        assertThat(passes(check(Subject.JSON, null, n, Op.EQ, number(42)), json("{\"n\":42}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, n, Op.EQ, number(42)), json("{\"n\":4.2e1}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, n, Op.EQ, number(0.1)), json("{\"n\":0.1}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, n, Op.GT, number(41.5)), json("{\"n\":42}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, n, Op.NE, number(42)), json("{\"n\":42}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, n, Op.EQ, number(42)), json("{\"n\":\"42\"}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, n, Op.LE, number(-1e-3)), json("{\"n\":-0.001}")))
                .isTrue();
        JsonPath s = path("s");
        assertThat(passes(check(Subject.JSON, null, s, Op.EQ, word("abc")), json("{\"s\":\"a\\u0062c\"}")))
                .isTrue();
        assertThat(passes(
                        check(Subject.JSON, null, s, Op.CONTAINS, word("\u00e9t")), json("{\"s\":\"\\u00e9t\u00e9\"}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, s, Op.LT, word("abd")), json("{\"s\":\"abc\"}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, s, Op.EQ, word("123")), json("{\"s\":123}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, s, Op.EQ, word("abc")), json("{\"s\":123}")))
                .isFalse();
        JsonPath b = path("b");
        assertThat(passes(check(Subject.JSON, null, b, Op.EQ, word("true")), json("{\"b\":true}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, b, Op.EQ, word("true")), json("{\"b\":\"true\"}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, b, Op.EQ, word("null")), json("{\"b\":null}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, b, Op.NE, word("null")), json("{\"b\":1}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, b, Op.EQ, word("false")), json("{\"b\":true}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, b, Op.LT, word("true")), json("{\"b\":true}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, b, Op.EXISTS, null), json("{\"b\":null}")))
                .isTrue();
        assertThat(passes(check(Subject.JSON, null, b, Op.EXISTS, null), json("{\"c\":null}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, b, Op.NE, number(1)), json("{\"c\":1}")))
                .isFalse();
        assertThat(passes(check(Subject.JSON, null, b, Op.EXISTS, null), json("{\"b\":1")))
                .isFalse();
        JsonPath o = path("o");
        assertThat(passes(check(Subject.JSON, null, o, Op.CONTAINS, word("\"k\":")), json("{\"o\":{\"k\":1}}")))
                .isTrue();
    }

    @Test
    void capturedHeadersAreTheUnionInFirstSeenOrderAndChecksAreNumberedRunWide() {
        Check c0 = check(Subject.STATUS, null, null, Op.EQ, number(200));
        Check c1 = check(Subject.HEADER, "Content-Type", null, Op.EXISTS, null);
        Check c2 = check(Subject.BODY, null, null, Op.EXISTS, null);
        Step a0 = step().index(0).capture("x-token").capture("etag").check(c0).build();
        Step a1 = step().index(1)
                .check(c1)
                .check(c2)
                .export(headerExport(0, "X-Token"))
                .build();
        Step b0 = step().index(0)
                .capture("etag")
                .export(headerExport(0, "Location"))
                .check(c0)
                .build();
        StepRunner runner = new StepRunner(plan(journey(1, a0, a1), journey(1, b0)));
        assertThat(runner.capturedHeaders()).containsExactly("x-token", "etag", "content-type", "location");
        assertThat(runner.checks()).containsExactly(c0, c1, c2, c0);
        assertThat(runner.checkIndex(a0, 0)).isZero();
        assertThat(runner.checkIndex(a1, 0)).isEqualTo(1);
        assertThat(runner.checkIndex(a1, 1)).isEqualTo(2);
        assertThat(runner.checkIndex(b0, 0)).isEqualTo(3);
        assertThatThrownBy(() -> runner.checkIndex(step().build(), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBadStatusStillCountsEveryCheckButExportsNothing() {
        Check ok = check(Subject.BODY, null, null, Op.CONTAINS, word("tok"));
        Check bad = check(Subject.BODY, null, null, Op.CONTAINS, word("nope"));
        Step s = step().check(ok)
                .check(bad)
                .check(ok)
                .export(jsonExport(0, path("t")))
                .build();
        StepRunner runner = new StepRunner(plan(journey(1, s)));
        it.reset(journey(1, s), null);
        FakeResponse r = json("{\"t\":\"tok\"}");
        r.status = 503;
        assertThat(runner.evaluate(s, r, it, passed, failed)).isEqualTo(StepRunner.STATUS);
        assertThat(passed).startsWith(1, 0, 1);
        assertThat(failed).startsWith(0, 1, 0);
        assertThat(it.length(0)).isEqualTo(-1);
        r.status = 200;
        assertThat(runner.evaluate(s, r, it, passed, failed)).isEqualTo(StepRunner.CHECK);
        assertThat(passed).startsWith(2, 0, 2);
        assertThat(failed).startsWith(0, 2, 0);
        assertThat(it.length(0)).isEqualTo(-1);
    }

    @Test
    void exportsStoreUnescapedStringsRawValuesTrimmedHeadersAndRegexGroups() {
        Step s = step().capture("x-token")
                .export(jsonExport(0, path("data", "token")))
                .export(jsonExport(1, path("data", "n")))
                .export(jsonExport(2, path("data", "list")))
                .export(headerExport(3, "X-Token"))
                .export(regexExport(4, "\"n\":\\s*(\\d+)"))
                .export(regexExport(5, "caf."))
                .build();
        StepRunner runner = new StepRunner(plan(journey(6, s)));
        it.reset(journey(6, s), null);
        FakeResponse r = json("{\"data\":{\"token\":\"a\\\"b\\u00e9\",\"n\": 42,\"list\":[1, 2]},\"x\":\"caf\u00e9\"}")
                .header(0, "  hdr value\t");
        assertThat(runner.evaluate(s, r, it, passed, failed)).isEqualTo(StepRunner.OK);
        assertThat(slot(0)).isEqualTo("a\"b\u00e9");
        assertThat(slot(1)).isEqualTo("42");
        assertThat(slot(2)).isEqualTo("[1, 2]");
        assertThat(slot(3)).isEqualTo("hdr value");
        assertThat(slot(4)).isEqualTo("42");
        assertThat(it.length(5)).isEqualTo(4);
        assertThat(it.arena()[it.offset(5) + 3]).isEqualTo((byte) 0xC3);
    }

    private String slot(int k) {
        return text(it.arena(), it.offset(k), it.length(k));
    }

    @Test
    void anExportThatFindsNothingFailsTheStep() {
        for (Export e : List.of(jsonExport(0, path("missing")), headerExport(0, "x-absent"), regexExport(0, "zz"))) {
            Step s = step().export(e).build();
            StepRunner runner = new StepRunner(plan(journey(1, s)));
            it.reset(journey(1, s), null);
            assertThat(runner.evaluate(s, json("{\"a\":1}"), it, passed, failed))
                    .isEqualTo(StepRunner.EXTRACT);
            assertThat(it.length(0)).isEqualTo(-1);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void garbageHugeAndHeaderlessResponsesFailWithoutThrowing(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Step s = step().capture("x-h")
                .check(check(Subject.JSON, null, path("a", 0), Op.EQ, number(1)))
                .check(check(Subject.HEADER, "x-h", null, Op.CONTAINS, word("v")))
                .check(check(Subject.BODY, null, null, Op.CONTAINS, word("needle")))
                .export(regexExport(0, "(a|b)*c"))
                .build();
        StepRunner runner = new StepRunner(plan(journey(1, s)));
        for (int i = 0; i < 50; i++) {
            byte[] body = new byte[random.nextInt(i == 0 ? 1 << 20 : 4096) + (i == 0 ? 1 << 20 : 0)];
            for (int k = 0; k < body.length; k++) {
                body[k] = (byte) (i % 2 == 0 ? 'a' : random.nextInt(256));
            }
            FakeResponse r = new FakeResponse();
            r.body = body;
            r.bodyLength = random.nextInt(body.length + 10);
            r.headers[0] = random.nextBoolean() ? null : new byte[] {'v'};
            r.status = random.nextInt(-5, 1000);
            it.reset(journey(1, s), null);
            int outcome = runner.evaluate(s, r, it, passed, failed);
            assertThat(outcome).isIn(StepRunner.STATUS, StepRunner.CHECK);
        }
        assertThat(failed[0]).isEqualTo(50);
    }

    @Test
    void aBadExpectationIsAJourneyErrorAtItsStep() {
        Step s = step().expect("2xx,abc").build();
        assertThatThrownBy(() -> new StepRunner(plan(journey(0, s))))
                .isInstanceOf(JourneyException.class)
                .hasMessageStartingWith("t.http:1:1: ");
    }
}
