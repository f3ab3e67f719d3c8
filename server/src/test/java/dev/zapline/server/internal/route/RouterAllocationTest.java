package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RouterAllocationTest {

    /** Static, param, wildcard, backtracking, 405, OPTIONS and 404 lookups. */
    private static final String[][] MIX = {
        {"GET", "/users"},
        {"GET", "/v1/health"},
        {"GET", "/users/42"},
        {"PUT", "/users/new"},
        {"GET", "/users/new/edit"},
        {"GET", "/users/1/posts/2"},
        {"GET", "/static/css/site.css"},
        {"GET", "/static/"},
        {"HEAD", "/users/7"},
        {"POST", "/any"},
        {"PROPFIND", "/proxy/a/b"},
        {"GET", "/files/readme/meta"},
        {"GET", "/a/b/c/d/e/f/g/h"},
        {"PATCH", "/users/42"},
        {"OPTIONS", "/users"},
        {"GET", "/nope/at/all"},
        {"GET", "/api/v2/users/7"},
        {"POST", "/api/v2/x/y"},
    };

    @Test
    @org.junit.jupiter.api.Tag("allocation")
    void lookupAllocatesNothingOnceWarm() {
        Router<String> router = RouterTableTest.router();
        RouteMatch<String> match = router.newMatch();
        byte[][] paths = new byte[MIX.length][];
        int[] methods = new int[MIX.length];
        for (int i = 0; i < MIX.length; i++) {
            methods[i] = Method.of(MIX[i][0].getBytes(StandardCharsets.US_ASCII), 0, MIX[i][0].length());
            paths[i] = MIX[i][1].getBytes(StandardCharsets.US_ASCII);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        // Warm up in many calls, not one long loop, so run() itself is compiled, not only its OSR form. A window
        // right after warm-up has been seen to carry ~100 bytes once (a JIT transition under C2; 0 with -Xint or
        // C1 only): measure five windows and require the quietest to be exactly zero and none to reach 1 KiB.
        long sink = 0;
        for (int r = 0; r < 50; r++) {
            sink += run(router, match, methods, paths, 10_000);
        }
        long calibration = threads.getCurrentThreadAllocatedBytes();
        long overhead = threads.getCurrentThreadAllocatedBytes() - calibration;
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int w = 0; w < 5; w++) {
            long start = threads.getCurrentThreadAllocatedBytes();
            for (int r = 0; r < 10; r++) {
                sink += run(router, match, methods, paths, 10_000);
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - start - overhead;
            min = Math.min(min, allocated);
            max = Math.max(max, allocated);
        }

        System.out.println("router: " + min + " to " + max + " bytes allocated per window of 100000 warm lookups"
                + " (sink " + sink + ")");
        assertThat(sink).isPositive();
        assertThat(min).isZero();
        assertThat(max).isLessThan(1024);
    }

    private static long run(Router<String> router, RouteMatch<String> match, int[] methods, byte[][] paths, int n) {
        long sink = 0;
        for (int i = 0; i < n; i++) {
            int k = i % paths.length;
            sink += router.lookup(methods[k], paths[k], 0, paths[k].length, match)
                            .ordinal()
                    + match.paramCount();
        }
        return sink;
    }
}
