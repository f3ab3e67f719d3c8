package dev.zapline.cli.k8s;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a {@code zapline k8s job} manifest says, resolved and checked: the run, its segments' pods and the
 * merge that follows. {@link Manifest} renders it; {@link #podArgs} is what pod {@code k} runs once Kubernetes has
 * expanded its arguments, so that it can be checked against {@code zapline load}'s own parser.
 *
 * @param name the load Job's name; the merge Job is {@code name-merge}
 * @param namespace the objects' namespace, or null for kubectl's current one
 * @param segments n, the number of segments and pods
 * @param image the container image (its entry point is {@code zapline})
 * @param runId the run's id: {@code --run-id}, a label value and the results' directory name
 * @param startAt the measured phase's time 0, the same for every pod
 * @param loadArgs the {@code zapline load} arguments passed through verbatim (URL and options)
 * @param cpu the loader's CPU request and limit (a Kubernetes quantity)
 * @param memory the loader's memory request and limit (a Kubernetes quantity)
 * @param claim the results' PersistentVolumeClaim
 * @param claimSize the size of the claim to create, or null to use an existing claim (no PVC object)
 * @param storageClass the created claim's storage class, or null for the cluster's default
 * @param spreadRequired whether one loader per node is required (else only preferred)
 * @param nodeSelector the loaders' node selector, in the order given
 * @param ttlSeconds {@code ttlSecondsAfterFinished} of both Jobs, or null
 * @param mergeWait {@code zapline merge --wait}: how long the merge waits for the segments' final files
 */
public record JobSpec(
        String name,
        String namespace,
        int segments,
        String image,
        String runId,
        Instant startAt,
        List<String> loadArgs,
        String cpu,
        String memory,
        String claim,
        String claimSize,
        String storageClass,
        boolean spreadRequired,
        Map<String, String> nodeSelector,
        Long ttlSeconds,
        String mergeWait) {

    /** The variable Kubernetes sets to the pod's index in an Indexed Job, and expands in {@code args}. */
    public static final String INDEX_VAR = "JOB_COMPLETION_INDEX";

    /** The options the loader's arguments set themselves, refused among the passed-through ones. */
    public static final List<String> SET_HERE = List.of("--segment", "--start-at", "--run-id", "--json", "--hdr-log");

    private static final String THRESHOLD = "--threshold";

    public JobSpec {
        loadArgs = List.copyOf(loadArgs);
        nodeSelector = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(nodeSelector));
    }

    /** This spec with {@code --wait DURATION} for the merge. */
    public JobSpec withMergeWait(String wait) {
        return new JobSpec(
                name,
                namespace,
                segments,
                image,
                runId,
                startAt,
                loadArgs,
                cpu,
                memory,
                claim,
                claimSize,
                storageClass,
                spreadRequired,
                nodeSelector,
                ttlSeconds,
                wait);
    }

    /** The merge Job's name. */
    public String mergeName() {
        return name + "-merge";
    }

    /** Whether the manifest creates the claim (else it uses one that exists). */
    public boolean createsClaim() {
        return claimSize != null;
    }

    /** The directory of the run's files in the containers: the claim's subdirectory {@link #runId}. */
    public String resultsDir() {
        return "/results/" + runId;
    }

    /** The arguments pod {@code index} runs, as {@code zapline load} receives them. */
    public List<String> podArgs(int index) {
        return loaderArgs(Integer.toString(index), loaderShare(loadArgs));
    }

    /**
     * The loader's {@code args} as the manifest writes them: the index as {@code $(JOB_COMPLETION_INDEX)}, which
     * Kubernetes replaces from the container's environment, and each {@code $} of the passed-through arguments
     * doubled, which Kubernetes turns back into one (so that they reach zapline verbatim).
     */
    public List<String> manifestArgs() {
        List<String> escaped = new ArrayList<>();
        for (String a : loaderShare(loadArgs)) {
            escaped.add(a.replace("$", "$$"));
        }
        return loaderArgs("$(" + INDEX_VAR + ")", escaped);
    }

    /**
     * The merge container's arguments: it writes the merged JSON, the page and the merged interval log, and judges
     * the run's {@code --threshold}s on the merged result (exit status 99, a failed Job, when one fails).
     */
    public List<String> mergeArgs() {
        String dir = resultsDir();
        List<String> args = new ArrayList<>(List.of(
                "merge",
                "--wait",
                mergeWait,
                dir,
                "-o",
                dir + "/merged.json",
                "--html",
                dir + "/merged.html",
                "--hdr-log",
                dir + "/merged.hlog"));
        for (String t : thresholds(loadArgs)) {
            args.addAll(List.of("--threshold", t));
        }
        return args;
    }

    /** The expressions of the {@code --threshold} options among {@code args}. */
    public static List<String> thresholds(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith(THRESHOLD + "=")) {
                out.add(a.substring(THRESHOLD.length() + 1));
            } else if (a.equals(THRESHOLD) && i + 1 < args.size()) {
                out.add(args.get(++i));
            }
        }
        return out;
    }

    /**
     * {@code args} as the loaders get them: without {@code --threshold}, which the merge judges on the whole run (a
     * segment's own verdict would be on its share only), unless {@code --abort-on-fail} asks each segment to stop
     * on its own verdict.
     */
    private static List<String> loaderShare(List<String> args) {
        if (args.stream().anyMatch(a -> a.equals("--abort-on-fail") || a.startsWith("--abort-on-fail="))) {
            return args;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(THRESHOLD)) {
                i++;
            } else if (!a.startsWith(THRESHOLD + "=")) {
                out.add(a);
            }
        }
        return out;
    }

    private List<String> loaderArgs(String index, List<String> passed) {
        String seg = resultsDir() + "/seg-" + index;
        List<String> args = new ArrayList<>(List.of(
                "load",
                "--segment",
                index + "/" + segments,
                "--start-at",
                startAt.toString(),
                "--run-id",
                runId,
                "--json",
                seg + ".json",
                "--hdr-log",
                seg + ".hdr"));
        args.addAll(passed);
        return args;
    }
}
