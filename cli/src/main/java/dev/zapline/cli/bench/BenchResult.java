package dev.zapline.cli.bench;

import dev.zapline.load.report.Machine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished bench run: where it ran, how, and each set's arms, plus the ratios computed from them (round by round
 * when there were several rounds).
 *
 * @param pinning one line on core placement
 * @param serverFlags the server children's JVM flags
 * @param sets one per pipeline depth, in the order of {@link BenchSettings#pipelines()}
 * @param skipped one line for each arm that was asked for but could not run here (nginx not installed)
 */
public record BenchResult(
        Machine machine,
        BenchSettings settings,
        String pinning,
        List<String> serverFlags,
        List<ArmSet> sets,
        List<String> skipped) {

    public BenchResult {
        sets = List.copyOf(sets);
        serverFlags = List.copyOf(serverFlags);
        skipped = List.copyOf(skipped);
    }

    /** Whether every arm of every set was measured. */
    public boolean complete() {
        return arms().stream().allMatch(ArmResult::ok);
    }

    /** Every set's arms, set by set. */
    List<ArmResult> arms() {
        return sets.stream().flatMap(s -> s.arms().stream()).toList();
    }

    /** The measured arm of that name in the first set, or null. */
    ArmResult arm(String name) {
        return sets.isEmpty() ? null : sets.get(0).arm(name);
    }

    /** The set of that depth, or null. */
    ArmSet set(int pipeline) {
        for (ArmSet s : sets) {
            if (s.pipeline() == pipeline) {
                return s;
            }
        }
        return null;
    }

    /** Every set's ratios, set by set. */
    List<Ratio> ratios() {
        List<Ratio> out = new ArrayList<>();
        for (ArmSet s : sets) {
            out.addAll(s.ratios());
        }
        return out;
    }

    Map<String, Double> ratioMap() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Ratio r : ratios()) {
            m.put(r.key(), r.value());
        }
        return m;
    }
}
