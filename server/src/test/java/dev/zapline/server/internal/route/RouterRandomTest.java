package dev.zapline.server.internal.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.internal.Route;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Random route sets and paths, the router checked against a slow matcher that is plainly right. */
class RouterRandomTest {

    private static final String[] STATICS = {"a", "b", "c", "ab", "zz"};
    private static final String[] VALUES = {"a", "b", "c", "ab", "zz", "1", "%41", ""};
    private static final String[] METHODS = {
        "GET", "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "ALL", "ALL"
    };

    record Route(String method, String pattern, String handler) {

        String[] segments() {
            return pattern.substring(1).split("/", -1);
        }

        int[] kinds() {
            return Arrays.stream(segments())
                    .mapToInt(s -> s.startsWith(":") ? 1 : s.startsWith("*") ? 2 : 0)
                    .toArray();
        }
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void agreesWithReferenceMatcher(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RouterBuilder<String> builder = Router.builder();
        List<Route> routes = new ArrayList<>();
        for (int i = 0, n = 5 + rnd.nextInt(40); i < n; i++) {
            Route r = new Route(METHODS[rnd.nextInt(METHODS.length)], randomPattern(rnd), "h" + i);
            Route clash = clash(routes, r);
            try {
                builder.route(RouterTableTest.id(r.method), r.pattern, r.handler);
            } catch (IllegalArgumentException rejected) {
                // a rejected route is left out on both sides, but only one that clashes may be rejected
                assertThat(clash)
                        .as("seed %d: %s rejected (%s) though it clashes with none of %s", seed, r, rejected, routes)
                        .isNotNull();
                continue;
            }
            assertThat(clash)
                    .as("seed %d: %s accepted beside %s", seed, r, routes)
                    .isNull();
            routes.add(r);
        }
        Router<String> router = builder.build();
        RouteMatch<String> match = router.newMatch();
        for (int i = 0; i < 500; i++) {
            String path = rnd.nextInt(2) == 0 && !routes.isEmpty()
                    ? instantiate(routes.get(rnd.nextInt(routes.size())).pattern, rnd)
                    : randomPath(rnd);
            int method = rnd.nextInt(Method.OTHER + 1);
            byte[] buf = ("/" + path).getBytes(StandardCharsets.UTF_8);
            router.lookup(method, buf, 1, buf.length - 1, match);
            String actual = match.pattern() + " | " + RouterTableTest.render(match, buf);
            assertThat(actual)
                    .as("seed %d: %s %s over %s", seed, Method.name(method), path, routes)
                    .isEqualTo(reference(routes, method, path));
        }
    }

    private static String randomPattern(SplittableRandom rnd) {
        int n = rnd.nextInt(5);
        if (n == 0) {
            return "/";
        }
        StringBuilder sb = new StringBuilder();
        for (int depth = 0; depth < n; depth++) {
            int kind = rnd.nextInt(10);
            if (kind < 6) {
                sb.append('/').append(STATICS[rnd.nextInt(STATICS.length)]);
            } else if (kind < 9 || depth < n - 1) {
                sb.append("/:").append(rnd.nextInt(5) == 0 ? "q" : "p").append(depth);
            } else {
                return sb.append("/*")
                        .append(rnd.nextInt(5) == 0 ? "v" : "w")
                        .append(depth)
                        .toString();
            }
        }
        return rnd.nextInt(6) == 0 ? sb.append('/').toString() : sb.toString();
    }

    private static String instantiate(String pattern, SplittableRandom rnd) {
        StringBuilder sb = new StringBuilder();
        for (String seg : pattern.substring(1).split("/", -1)) {
            sb.append('/');
            if (seg.startsWith(":")) {
                sb.append(VALUES[rnd.nextInt(VALUES.length)]);
            } else if (seg.startsWith("*")) {
                sb.append(randomSegments(rnd).substring(1));
            } else {
                sb.append(seg);
            }
        }
        return sb.toString();
    }

    private static String randomPath(SplittableRandom rnd) {
        if (rnd.nextInt(50) == 0) {
            return rnd.nextBoolean() ? "" : "a";
        }
        return randomSegments(rnd);
    }

    private static String randomSegments(SplittableRandom rnd) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0, n = rnd.nextInt(6); i < n || i == 0; i++) {
            sb.append('/').append(i < n ? VALUES[rnd.nextInt(VALUES.length)] : "");
        }
        return sb.toString();
    }

    /**
     * 501 for an extension method unless a route takes ALL (the seven named methods are always known);
     * else tries every pattern in priority order (static, then param, then wildcard, segment by segment).
     */
    static String reference(List<Route> routes, int method, String path) {
        boolean implemented = method != Method.OTHER;
        for (Route r : routes) {
            implemented |= RouterTableTest.id(r.method()) == Method.ALL;
        }
        if (!implemented) {
            return "null | 501";
        }
        if (!path.startsWith("/")) {
            return "null | 404";
        }
        String[] segs = path.substring(1).split("/", -1);
        List<Route> candidates = new ArrayList<>();
        for (Route r : routes) {
            if (params(r.segments(), segs) != null) {
                candidates.add(r);
            }
        }
        candidates.sort(Comparator.comparing(Route::kinds, Arrays::compare));
        boolean[] allowed = new boolean[Method.OPTIONS + 1];
        for (int i = 0; i < candidates.size(); ) {
            String pattern = candidates.get(i).pattern;
            Route explicit = null;
            Route get = null;
            Route all = null;
            for (; i < candidates.size() && candidates.get(i).pattern.equals(pattern); i++) {
                Route r = candidates.get(i);
                int id = RouterTableTest.id(r.method);
                if (id == method) {
                    explicit = r;
                } else if (id == Method.GET) {
                    get = r;
                } else if (id == Method.ALL) {
                    all = r;
                }
                if (id <= Method.OPTIONS) {
                    allowed[id] = true;
                }
            }
            Route chosen = explicit != null ? explicit : method == Method.HEAD && get != null ? get : all;
            if (chosen != null) {
                StringBuilder sb = new StringBuilder(pattern + " | " + chosen.handler);
                List<String> values = params(chosen.segments(), segs);
                String[] patternSegs = chosen.segments();
                for (int s = 0, v = 0; s < patternSegs.length; s++) {
                    if (patternSegs[s].startsWith(":") || patternSegs[s].startsWith("*")) {
                        sb.append(' ')
                                .append(patternSegs[s].substring(1))
                                .append('=')
                                .append(values.get(v++));
                    }
                }
                return sb.append(chosen == get ? " (head)" : "").toString();
            }
        }
        if (candidates.isEmpty()) {
            return "null | 404";
        }
        allowed[Method.HEAD] |= allowed[Method.GET];
        allowed[Method.OPTIONS] = true;
        List<String> allow = new ArrayList<>();
        for (int id = Method.GET; id <= Method.OPTIONS; id++) {
            if (allowed[id]) {
                allow.add(Method.name(id));
            }
        }
        return candidates.get(0).pattern + " | " + (method == Method.OPTIONS ? "204 " : "405 ")
                + String.join(", ", allow);
    }

    /**
     * The accepted route that {@code r} clashes with, or null (docs/server.md: the same pattern twice for a method,
     * or a parameter or wildcard named differently where another route's stands, such as {@code /u/:id} beside
     * {@code /u/:name/x}). Two patterns share a place in the tree while their segments agree: the same static text,
     * or the same kind of parameter or wildcard.
     */
    static Route clash(List<Route> accepted, Route r) {
        String[] mine = r.segments();
        for (Route a : accepted) {
            String[] theirs = a.segments();
            boolean diverged = false;
            for (int i = 0; i < Math.min(mine.length, theirs.length) && !diverged; i++) {
                String m = mine[i];
                String t = theirs[i];
                boolean variable = m.startsWith(":") || m.startsWith("*");
                if (variable && t.startsWith(m.substring(0, 1)) && !m.equals(t)) {
                    return a;
                }
                diverged = !m.equals(t);
            }
            if (!diverged && mine.length == theirs.length && a.method.equals(r.method)) {
                return a;
            }
        }
        return null;
    }

    /** The parameter values if the pattern matches the path, else {@code null}. */
    private static List<String> params(String[] pattern, String[] path) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < pattern.length; i++) {
            if (i >= path.length) {
                return null;
            }
            if (pattern[i].startsWith("*")) {
                values.add(String.join("/", Arrays.copyOfRange(path, i, path.length)));
                return values;
            }
            if (pattern[i].startsWith(":")) {
                if (path[i].isEmpty()) {
                    return null;
                }
                values.add(path[i]);
            } else if (!pattern[i].equals(path[i])) {
                return null;
            }
        }
        return pattern.length == path.length ? values : null;
    }
}
