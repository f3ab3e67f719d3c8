package dev.zapline.cli.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished bench run: where it ran, how, and each arm's figures, plus the ratios computed from them.
 *
 * @param pinning one line on core placement
 * @param serverFlags the server children's JVM flags
 */
public record BenchResult(Machine machine, BenchSettings settings, String pinning, List<String> serverFlags,
        List<ArmResult> arms) {

    /** A ratio of two arms' req/s and the target it answers to (0: none). */
    record Ratio(String key, String label, String numerator, String denominator, double value, double target) {}

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
            add(out, "zap_rpc_vs_" + codec, "typed ZAP /rpc vs " + codec + " over HTTP", "zap-rpc-zap",
                    "http-rpc-" + codec, 0);
        }
        ArmResult fastest = null;
        for (ArmResult a : arms) {
            if (a.ok() && a.name().startsWith("http-rpc-") && !a.name().equals("http-rpc-zap")
                    && (fastest == null || a.rps() > fastest.rps())) {
                fastest = a;
            }
        }
        if (fastest != null) {
            add(out, "zap_rpc_vs_fastest_json", "typed ZAP /rpc vs the fastest JSON (" + fastest.name() + ")",
                    "zap-rpc-zap", fastest.name(), 1.2);
        }
        return out;
    }

    private void add(List<Ratio> out, String key, String label, String num, String den, double target) {
        ArmResult n = arm(num);
        ArmResult d = arm(den);
        if (n != null && d != null && d.rps() > 0) {
            out.add(new Ratio(key, label, num, den, n.rps() / d.rps(), target));
        }
    }

    Map<String, Double> ratioMap() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Ratio r : ratios()) {
            m.put(r.key(), r.value());
        }
        return m;
    }
}
