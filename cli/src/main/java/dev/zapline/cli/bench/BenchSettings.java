package dev.zapline.cli.bench;

import java.util.List;

/**
 * How {@code zapline bench} runs: which arms, for how long, with how many connections, and the optional extra
 * runs.
 *
 * @param rounds how many times every arm runs, in rotating order; each row reports the median round
 * @param latencyAt fraction of each arm's measured rate for an open-model latency run, or 0 for none
 * @param command the command line, as the report prints it
 * @param pipelines the pipeline depths, one set of every arm each: 1 is the plain set, more a pipelined one
 */
public record BenchSettings(
        List<String> arms,
        int rounds,
        long warmupNanos,
        long durationNanos,
        int connections,
        double latencyAt,
        boolean crossCheck,
        boolean pin,
        String command,
        List<Integer> pipelines) {

    /** The depths of the default run: the plain set and the pipelined set at the TechEmpower plaintext depth. */
    public static final List<Integer> DEFAULT_PIPELINES = List.of(1, 16);

    /** The plain set only, as before the sets existed. */
    public BenchSettings(
            List<String> arms,
            int rounds,
            long warmupNanos,
            long durationNanos,
            int connections,
            double latencyAt,
            boolean crossCheck,
            boolean pin,
            String command) {
        this(arms, rounds, warmupNanos, durationNanos, connections, latencyAt, crossCheck, pin, command, List.of(1));
    }

    public BenchSettings {
        arms = List.copyOf(arms);
        pipelines = List.copyOf(pipelines);
        if (pipelines.isEmpty()) {
            throw new IllegalArgumentException("--pipeline names no depth");
        }
        for (int p : pipelines) {
            if (p < 1 || p > 1024) {
                throw new IllegalArgumentException("--pipeline depths are 1 to 1024, not " + p);
            }
        }
        if (pipelines.stream().distinct().count() != pipelines.size()) {
            throw new IllegalArgumentException("--pipeline lists a depth twice: " + pipelines);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1");
        }
        if (durationNanos <= 0) {
            throw new IllegalArgumentException("--duration must be positive");
        }
        if (warmupNanos < 0) {
            throw new IllegalArgumentException("--warmup must not be negative");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("--connections must be at least 1");
        }
        if (latencyAt < 0 || latencyAt >= 1.5) {
            throw new IllegalArgumentException("--latency-at is a fraction of the measured rate, e.g. 0.7");
        }
    }

    /**
     * The depths a comma-separated list names ({@code 1,16}), or the sets it names ({@code plain,pipelined}:
     * {@code pipelined} is depth 16).
     *
     * @throws IllegalArgumentException naming what it cannot read
     */
    public static List<Integer> parsePipelines(String list) {
        List<Integer> out = new java.util.ArrayList<>();
        for (String s : list.split(",")) {
            String w = s.strip().toLowerCase(java.util.Locale.ROOT);
            if (w.isEmpty()) {
                continue;
            }
            switch (w) {
                case "plain" -> out.add(1);
                case "pipelined" -> out.add(DEFAULT_PIPELINES.get(1));
                default -> {
                    try {
                        out.add(Integer.parseInt(w));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(
                                "--pipeline takes depths or set names (plain, pipelined), not '" + s.strip() + "'");
                    }
                }
            }
        }
        return out;
    }
}
