package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RouterAllocationTest {

    /** Static, param, wildcard, backtracking, 405, OPTIONS and 404 lookups. */
    private static final String[][] MIX = {
            {"GET", "/users"}, {"GET", "/v1/health"}, {"GET", "/users/42"}, {"PUT", "/users/new"},
            {"GET", "/users/new/edit"}, {"GET", "/users/1/posts/2"}, {"GET", "/static/css/site.css"},
            {"GET", "/static/"}, {"HEAD", "/users/7"}, {"POST", "/any"}, {"PROPFIND", "/proxy/a/b"},
            {"GET", "/files/readme/meta"}, {"GET", "/a/b/c/d/e/f/g/h"}, {"PATCH", "/users/42"},
            {"OPTIONS", "/users"}, {"GET", "/nope/at/all"}, {"GET", "/api/v2/users/7"}, {"POST", "/api/v2/x/y"},
    };

    @Test
    void lookupAllocatesNothingOnceWarm() {
        Router<String> router = RouterTableTest.router();
        RouteMatch<String> match = router.newMatch();
        byte[][] paths = new byte[MIX.length][];
        int[] methods = new int[MIX.length];
        for (int i = 0; i < MIX.length; i++) {
            methods[i] = Method.of(MIX[i][0].getBytes(StandardCharsets.US_ASCII), 0, MIX[i][0].length());
            paths[i] = MIX[i][1].getBytes(StandardCharsets.US_ASCII);
        }
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        // Warm up in many calls, not one long loop, so run() itself is compiled, not only its OSR form. With
        // 200k warm-up lookups the first measured window saw 104-216 bytes once under C2 (0 with -Xint or C1
        // only, 0 in every later window): a one-off JIT transition, not the router. 500k settles it.
        long sink = 0;
        for (int r = 0; r < 50; r++) {
            sink += run(router, match, methods, paths, 10_000);
        }
        long calibration = threads.getCurrentThreadAllocatedBytes();
        long overhead = threads.getCurrentThreadAllocatedBytes() - calibration;
        long start = threads.getCurrentThreadAllocatedBytes();
        for (int r = 0; r < 10; r++) {
            sink += run(router, match, methods, paths, 10_000);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - start - overhead;

        System.out.println("router: " + allocated + " bytes allocated over 100000 warm lookups (sink " + sink + ")");
        assertThat(sink).isPositive();
        assertThat(allocated).isZero();
    }

    private static long run(Router<String> router, RouteMatch<String> match, int[] methods, byte[][] paths, int n) {
        long sink = 0;
        for (int i = 0; i < n; i++) {
            int k = i % paths.length;
            sink += router.lookup(methods[k], paths[k], 0, paths[k].length, match).ordinal() + match.paramCount();
        }
        return sink;
    }
}
