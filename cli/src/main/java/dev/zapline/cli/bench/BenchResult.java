package dev.zapline.cli.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished bench run: where it ran, how, and each arm's figures, plus the ratios computed from them (round by
 * round when there were several rounds).
 *
 * @param pinning one line on core placement
 * @param serverFlags the server children's JVM flags
 */
public record BenchResult(
        Machine machine, BenchSettings settings, String pinning, List<String> serverFlags, List<ArmResult> arms) {

    /**
     * A ratio of two arms' req/s and the target it answers to (0: none), with the quartiles of the round-by-round
     * ratios ({@code q1}, {@code q3}; NaN with fewer than three rounds).
     */
    record Ratio(
            String key,
            String label,
            String numerator,
            String denominator,
            double value,
            double target,
            double q1,
            double q3) {}

    public BenchResult {
        arms = List.copyOf(arms);
        serverFlags = List.copyOf(serverFlags);
    }

    /** Whether every arm was measured. */
    public boolean complete() {
        return arms.stream().allMatch(ArmResult::ok);
    }

    ArmResult arm(String name) {
        for (ArmResult a : arms) {
            if (a.name().equals(name) && a.ok()) {
                return a;
            }
        }
        return null;
    }

    /** The ratios that matter, for the arms that were measured. */
    List<Ratio> ratios() {
        List<Ratio> out = new java.util.ArrayList<>();
        add(out, "zapline_vs_raw_netty", "zapline HTTP /health vs raw Netty", "http-health", "raw-netty", 0.97);
        add(out, "zap_vs_http_health", "ZAP vs HTTP, /health", "zap-health", "http-health", 1.18);
        add(out, "zap_vs_http_rpc", "ZAP vs HTTP, typed /rpc", "zap-rpc-zap", "http-rpc-zap", 0);
        for (String codec : new String[] {"jackson", "dsljson", "fastjson2"}) {
            add(
                    out,
                    "zap_rpc_vs_" + codec,
                    "typed ZAP /rpc vs " + codec + " over HTTP",
                    "zap-rpc-zap",
                    "http-rpc-" + codec,
                    0);
        }
        ArmResult fastest = null;
        for (ArmResult a : arms) {
            if (a.ok()
                    && a.name().startsWith("http-rpc-")
                    && !a.name().equals("http-rpc-zap")
                    && (fastest == null || a.rps() > fastest.rps())) {
                fastest = a;
            }
        }
        if (fastest != null) {
            add(
                    out,
                    "zap_rpc_vs_fastest_json",
                    "typed ZAP /rpc vs the fastest JSON (" + fastest.name() + ")",
                    "zap-rpc-zap",
                    fastest.name(),
                    1.2);
        }
        return out;
    }

    private void add(List<Ratio> out, String key, String label, String num, String den, double target) {
        ArmResult n = arm(num);
        ArmResult d = arm(den);
        if (n != null && d != null && d.rps() > 0) {
            double[] r = byRound(n, d);
            double q1 = r.length >= 3 ? quantile(r, 0.25) : Double.NaN;
            double q3 = r.length >= 3 ? quantile(r, 0.75) : Double.NaN;
            out.add(new Ratio(key, label, num, den, ratio(n, d), target, q1, q3));
        }
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
        java.util.Arrays.sort(r);
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

    Map<String, Double> ratioMap() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Ratio r : ratios()) {
            m.put(r.key(), r.value());
        }
        return m;
    }
}
