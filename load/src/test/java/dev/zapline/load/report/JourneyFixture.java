package dev.zapline.load.report;

import dev.zapline.load.metrics.JourneyLayout;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A journey run filled by hand, no engine: journeys {@code shop} (steps {@code login}, {@code pay}) and {@code browse}
 * (step {@code home}), three checks, and loops whose figures are known exactly.
 */
public final class JourneyFixture {

    private static final long MS = 1_000_000;

    private JourneyFixture() {}

    public static JourneyLayout layout() {
        return new JourneyLayout(
                List.of("shop", "browse"),
                List.of("login", "pay", "home"),
                new int[] {0, 0, 1},
                List.of("status == 200", "$.token exists", "body contains \"ok\""),
                new int[] {0, 0, 2});
    }

    /**
     * One loop's recorder, latencies scaled by {@code k}: login 4 requests (3 success at k, 2k, 3k ms, 1 check failure
     * at 10 ms, status 200 each); pay 3 requests (2 success, status 201, at 5k ms; 1 timeout); home 2 requests (status
     * 500 at 2 ms, an extract failure with status 200 at 3 ms). Checks: status 4/0, token 3/1, body 1/1. Shop: 4
     * started, 2 completed (20k and 30k ms; service 15k, 25k), failed at login 1 and pay 1; browse: 2 started, failed
     * at home 2, 1 unfinished.
     */
    public static JourneyRecorder recorder(int k) {
        JourneyRecorder r = new JourneyRecorder(layout());
        LoopRecorder login = r.step(0);
        for (int i = 1; i <= 3; i++) {
            login.sent(100);
            login.response(200, Outcome.SUCCESS, 0, 0, i * k * MS, 1000);
        }
        login.sent(100);
        login.response(200, Outcome.CHECK_FAILED, 0, 0, 10 * MS, 1000);
        LoopRecorder pay = r.step(1);
        for (int i = 0; i < 2; i++) {
            pay.sent(100);
            pay.response(201, Outcome.SUCCESS, 0, MS, 5 * k * MS, 1000);
        }
        pay.sent(100);
        pay.outcome(Outcome.TIMEOUT);
        LoopRecorder home = r.step(2);
        home.sent(100);
        home.response(500, Outcome.FAILURE_STATUS, 0, 0, 2 * MS, 1000);
        home.sent(100);
        home.response(200, Outcome.EXTRACT_FAILED, 0, 0, 3 * MS, 1000);
        for (int i = 0; i < 4; i++) {
            r.check(0, true);
        }
        for (int i = 0; i < 3; i++) {
            r.check(1, true);
        }
        r.check(1, false);
        r.check(2, true);
        r.check(2, false);
        for (int i = 0; i < 4; i++) {
            r.started(0);
        }
        r.completed(0, 0, 5 * k * MS, 20 * k * MS, 0);
        r.completed(0, 0, 5 * k * MS, 30 * k * MS, 0);
        r.failed(0);
        r.failed(1);
        r.started(1);
        r.started(1);
        r.failed(2);
        r.failed(2);
        r.unfinished(1);
        return r;
    }

    /** The results over {@code loops} (measured phase, no warm-up), one interval closed. */
    public static JourneyResults results(JourneyRecorder... loops) {
        JourneyResults r = new JourneyResults(layout(), loops, new JourneyRecorder[0]);
        r.interval(1, 1, false);
        return r;
    }

    /** A complete summary whose steps and journeys are those of {@code loops}. */
    public static Summary summary(JourneyRecorder... loops) {
        JourneyResults r = results(loops);
        Summary.Latency l = Summary.Latency.of(LoopRecorder.newHistogram());
        int n = loops.length;
        return new Summary(
                "http://127.0.0.1:1/",
                "open",
                true,
                1,
                9L * n,
                9L * n,
                0,
                0,
                9,
                8,
                0,
                0,
                n,
                outcomes(n),
                new TreeMap<>(Map.of(200, 5L * n, 201, 2L * n, 500, (long) n)),
                1,
                2,
                l,
                l,
                l,
                0,
                null,
                100,
                false,
                null,
                List.of(),
                null,
                null,
                r.steps(),
                r.journeys(),
                null);
    }

    private static Map<String, Long> outcomes(long n) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Outcome o : Outcome.values()) {
            m.put(o.key(), 0L);
        }
        m.put("success", 5 * n);
        m.put("failure_status", n);
        m.put("check", n);
        m.put("extract", n);
        m.put("timeout", n);
        return m;
    }

    /** {@code s} as a run of fixed requests reports it: the same figures, no steps, no journeys. */
    public static Summary withoutJourneys(Summary s) {
        return new Summary(
                s.target(),
                s.model(),
                s.complete(),
                s.seconds(),
                s.scheduled(),
                s.requests(),
                s.dropped(),
                s.unconnected(),
                s.rateTarget(),
                s.rateAchieved(),
                s.drainSeconds(),
                s.drainResponses(),
                s.errors(),
                s.outcomes(),
                s.statuses(),
                s.bytesIn(),
                s.bytesOut(),
                s.corrected(),
                s.service(),
                s.connect(),
                s.connectFailures(),
                s.tls(),
                s.inflightCeiling(),
                s.adaptive(),
                s.pacing(),
                s.timeline(),
                s.protocol(),
                s.transport(),
                java.util.List.of(),
                null,
                null);
    }
}
