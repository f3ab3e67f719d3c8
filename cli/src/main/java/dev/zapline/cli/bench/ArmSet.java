package dev.zapline.cli.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The arms run at one pipeline depth, and the ratios and allocation checks taken among them. Depth 1 is the plain
 * set (one request in flight per connection: what most users' traffic looks like, every request paying its own
 * syscalls on both sides); a deeper one is a pipelined set (the TechEmpower plaintext method: the syscalls are
 * amortised over the window, so the server's own cost shows). The targets are judged on pipelined sets only, and
 * never on a ratio one of whose arms was {@linkplain ArmResult#loaderBound() loader-bound} or
 * {@linkplain ArmResult#starved() starved} (neither side saturated: the machine was busy with other work).
 */
record ArmSet(int pipeline, List<ArmResult> arms) {

    /** Server bytes allocated per request at or below which an arm counts as allocating nothing. */
    static final double ALLOC_LIMIT = 1.0;
    /**
     * The arms whose server should allocate nothing per request; over TLS that is Java heap outside the native
     * engine's own buffers (which are off the heap and not counted).
     */
    static final List<String> ZERO_ALLOC_ARMS = List.of(
            "http-health",
            "zap-health",
            "http-rpc-zap",
            "zap-rpc-zap",
            "rpc-native",
            "https-health-x25519",
            "https-health-mlkem",
            "zaps-health-x25519",
            "zaps-health-mlkem");

    /** A server allocation check: bytes per request against {@link #ALLOC_LIMIT}. */
    record AllocCheck(String arm, double bytesPerRequest) {
        boolean met() {
            return bytesPerRequest <= ALLOC_LIMIT;
        }
    }

    ArmSet {
        if (pipeline < 1) {
            throw new IllegalArgumentException("pipeline depth must be at least 1, not " + pipeline);
        }
        arms = List.copyOf(arms);
    }

    boolean pipelined() {
        return pipeline > 1;
    }

    /** {@code plain} or {@code pipelined}. */
    String name() {
        return pipelined() ? "pipelined" : "plain";
    }

    String title() {
        return pipelined()
                ? String.format(Locale.ROOT, "Pipelined set: %d requests in flight per connection", pipeline)
                : "Plain set: 1 request in flight per connection";
    }

    /** The measured arm of that name, or null. */
    ArmResult arm(String name) {
        for (ArmResult a : arms) {
            if (a.name().equals(name) && a.ok()) {
                return a;
            }
        }
        return null;
    }

    /** The ratios that matter, for the arms that were measured; targets on a pipelined set only. */
    List<Ratio> ratios() {
        List<Ratio> out = new ArrayList<>();
        add(out, "zapline_vs_raw_netty", "zapline HTTP /health vs raw Netty", "http-health", "raw-netty", target(0.99));
        add(out, "zapline_vs_nginx", "zapline HTTP /health vs nginx", "http-health", "nginx", 0);
        add(out, "zap_vs_http_health", "ZAP vs HTTP, /health", "zap-health", "http-health", target(1.25));
        add(out, "zap_vs_http_rpc", "ZAP vs HTTP, typed /rpc", "zap-rpc-zap", "http-rpc-zap", 0);
        add(
                out,
                "rpc_native_vs_zap_rpc",
                "native ZAP RPC vs zaphttp, the typed eth call",
                "rpc-native",
                "zap-rpc-zap",
                0);
        List<ArmResult> json = new ArrayList<>();
        for (String codec : new String[] {"jackson", "dsljson", "fastjson2"}) {
            String den = "http-rpc-" + codec;
            add(out, "zap_rpc_vs_" + codec, "typed ZAP /rpc vs " + codec + " over HTTP", "zap-rpc-zap", den, 0);
            if (arm(den) != null) {
                json.add(arm(den));
            }
        }
        ArmResult fastest = null;
        for (ArmResult a : json) {
            if (fastest == null || a.rps() > fastest.rps()) {
                fastest = a;
            }
        }
        if (fastest != null) {
            // a loader-bound JSON arm may be faster than it shows, so it makes "the fastest" unknown
            List<ArmResult> involved = new ArrayList<>(json);
            add(
                    out,
                    "zap_rpc_vs_fastest_json",
                    "typed ZAP /rpc vs the fastest JSON (" + fastest.name() + ")",
                    "zap-rpc-zap",
                    fastest.name(),
                    target(1.2),
                    involved);
            add(
                    out,
                    "rpc_native_vs_fastest_json",
                    "native ZAP RPC vs the fastest JSON (" + fastest.name() + ")",
                    "rpc-native",
                    fastest.name(),
                    0,
                    involved);
        }
        h2Ratios(out);
        tlsRatios(out);
        return out;
    }

    /**
     * The HTTP/2 arms' ratios: h2c against HTTP/1.1 and ZAP on the same server and handler, and the zapline server's
     * h2c against nghttpd (nghttp2's own server, independent of Netty's codec; target on the multiplexed set).
     */
    private void h2Ratios(List<Ratio> out) {
        add(out, "h2c_vs_http_health", "HTTP/2 (h2c) vs HTTP/1.1, /health", "h2c-health", "http-health", 0);
        add(out, "zap_vs_h2c_health", "ZAP vs HTTP/2 (h2c), /health", "zap-health", "h2c-health", 0);
        add(out, "zap_vs_h2c_rpc", "ZAP vs HTTP/2 (h2c), typed /rpc", "zap-rpc-zap", "h2c-rpc-zap", 0);
        add(out, "zapline_h2c_vs_nghttpd", "zapline h2c /health vs nghttpd", "h2c-health", "nghttpd", target(1.0));
    }

    /**
     * The TLS set's ratios. Steady state: the group once connected (expected about 1.0), TLS against plaintext, and
     * zapline against nginx over HTTPS (judged, like every steady target, on the pipelined set). Handshakes (the
     * handshake arms run in the plain set only, so their targets are judged there): the hybrid group's cost against
     * X25519, and zapline against nginx for full X25519 handshakes, by rate (not judged where the loader was the
     * bottleneck) and by the server's CPU per handshake, which is its capacity on one core whichever side saturated.
     */
    private void tlsRatios(List<Ratio> out) {
        add(
                out,
                "tls_group_https",
                "HTTPS /health, X25519MLKEM768 vs X25519",
                "https-health-mlkem",
                "https-health-x25519",
                0);
        add(
                out,
                "tls_group_zaps",
                "ZAPS /health, X25519MLKEM768 vs X25519",
                "zaps-health-mlkem",
                "zaps-health-x25519",
                0);
        add(
                out,
                "https_vs_http_health",
                "HTTPS (X25519) vs plaintext HTTP, /health",
                "https-health-x25519",
                "http-health",
                0);
        add(
                out,
                "zaps_vs_zap_health",
                "ZAPS (X25519) vs plaintext ZAP, /health",
                "zaps-health-x25519",
                "zap-health",
                0);
        add(
                out,
                "zapline_https_vs_nginx_https",
                "zapline HTTPS /health vs nginx HTTPS (X25519)",
                "https-health-x25519",
                "nginx-https",
                target(1.0));
        add(
                out,
                "handshakes_mlkem_vs_x25519",
                "full handshakes/s, X25519MLKEM768 vs X25519",
                "handshake-mlkem",
                "handshake-x25519",
                0);
        add(
                out,
                "resumed_mlkem_vs_x25519",
                "resumed handshakes/s, X25519MLKEM768 vs X25519",
                "resumed-mlkem",
                "resumed-x25519",
                0);
        add(
                out,
                "zapline_vs_nginx_handshakes",
                "full X25519 handshakes/s, zapline vs nginx",
                "handshake-x25519",
                "nginx-handshake-x25519",
                1.0);
        cpuRatio(
                out,
                "handshake_cpu_mlkem_vs_x25519",
                "server CPU per full handshake, X25519MLKEM768 / X25519 (cost)",
                "handshake-mlkem",
                "handshake-x25519",
                0);
        cpuRatio(
                out,
                "zapline_vs_nginx_handshake_capacity",
                "full X25519 handshakes per server CPU second, zapline vs nginx",
                "nginx-handshake-x25519",
                "handshake-x25519",
                1.0);
    }

    /**
     * A ratio of server CPU per request, {@code num}'s over {@code den}'s: with {@code den} the cheaper side's
     * usual place, a capacity ratio (above 1.0, {@code den} does more per CPU second), or a cost ratio read the other
     * way. CPU per request is the server's own work, so it is judged whichever side saturated; it is not judged when
     * either arm had errors (a failed handshake costs less than a completed one).
     */
    private void cpuRatio(List<Ratio> out, String key, String label, String num, String den, double target) {
        ArmResult n = arm(num);
        ArmResult d = arm(den);
        if (n == null || d == null || n.cpuNanosPerRequest() <= 0 || d.cpuNanosPerRequest() <= 0) {
            return;
        }
        List<String> failing = new ArrayList<>();
        for (ArmResult a : List.of(n, d)) {
            if (a.errors() > 0) {
                failing.add(a.name());
            }
        }
        String notJudged =
                target > 0 && !failing.isEmpty() ? "requests failed (" + String.join(", ", failing) + ")" : null;
        out.add(new Ratio(
                pipelined() ? key + "_p" + pipeline : key,
                label,
                num,
                den,
                n.cpuNanosPerRequest() / d.cpuNanosPerRequest(),
                target,
                Double.NaN,
                Double.NaN,
                notJudged));
    }

    /** A target holds on a pipelined set; the plain set's ratios are shown without one. */
    private double target(double t) {
        return pipelined() ? t : 0;
    }

    /** The allocation checks of a pipelined set's health and typed arms; empty for the plain set. */
    List<AllocCheck> allocChecks() {
        List<AllocCheck> out = new ArrayList<>();
        if (pipelined()) {
            for (String name : ZERO_ALLOC_ARMS) {
                ArmResult a = arm(name);
                if (a != null && Double.isFinite(a.allocBytesPerRequest())) {
                    out.add(new AllocCheck(name, a.allocBytesPerRequest()));
                }
            }
        }
        return out;
    }

    private void add(List<Ratio> out, String key, String label, String num, String den, double target) {
        add(out, key, label, num, den, target, List.of());
    }

    private void add(
            List<Ratio> out, String key, String label, String num, String den, double target, List<ArmResult> also) {
        ArmResult n = arm(num);
        ArmResult d = arm(den);
        if (n == null || d == null || d.rps() <= 0) {
            return;
        }
        double[] r = byRound(n, d);
        double q1 = r.length >= 3 ? quantile(r, 0.25) : Double.NaN;
        double q3 = r.length >= 3 ? quantile(r, 0.75) : Double.NaN;
        List<String> bound = new ArrayList<>();
        List<String> starved = new ArrayList<>();
        for (ArmResult a : concat(n, d, also)) {
            if (a.loaderBound() && !bound.contains(a.name())) {
                bound.add(a.name());
            }
            if (a.starved() && !starved.contains(a.name())) {
                starved.add(a.name());
            }
        }
        List<String> why = new ArrayList<>();
        if (!bound.isEmpty()) {
            why.add("loader-bound (" + String.join(", ", bound) + ")");
        }
        if (!starved.isEmpty()) {
            why.add("neither side saturated (" + String.join(", ", starved) + ")");
        }
        String notJudged = target > 0 && !why.isEmpty() ? String.join("; ", why) : null;
        String fullKey = pipelined() ? key + "_p" + pipeline : key;
        out.add(new Ratio(fullKey, label, num, den, ratio(n, d), target, q1, q3, notJudged));
    }

    private static List<ArmResult> concat(ArmResult n, ArmResult d, List<ArmResult> also) {
        List<ArmResult> all = new ArrayList<>(List.of(n, d));
        all.addAll(also);
        return all;
    }

    /** The round-by-round ratios, sorted; empty unless both arms ran the same rounds (two or more). */
    private static double[] byRound(ArmResult n, ArmResult d) {
        List<Double> a = n.roundsRps();
        List<Double> b = d.roundsRps();
        if (a.size() < 2 || a.size() != b.size()) {
            return new double[0];
        }
        double[] r = new double[a.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = b.get(i) > 0 ? a.get(i) / b.get(i) : 0;
        }
        Arrays.sort(r);
        return r;
    }

    /** Linear interpolation between the closest ranks of sorted {@code v}. */
    static double quantile(double[] v, double f) {
        double x = (v.length - 1) * f;
        int i = (int) Math.floor(x);
        return i + 1 < v.length ? v[i] + (x - i) * (v[i + 1] - v[i]) : v[i];
    }

    /**
     * {@code n}'s req/s over {@code d}'s: with several rounds, the median of the round-by-round ratios (each taken
     * within seconds, so the machine's drift mostly cancels; the lower middle one for an even count), else the
     * plain ratio.
     */
    static double ratio(ArmResult n, ArmResult d) {
        double[] r = byRound(n, d);
        return r.length == 0 ? n.rps() / d.rps() : r[(r.length - 1) / 2];
    }
}
