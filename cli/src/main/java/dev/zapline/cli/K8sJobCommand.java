package dev.zapline.cli;

import dev.zapline.cli.k8s.JobSpec;
import dev.zapline.cli.k8s.K8sNames;
import dev.zapline.cli.k8s.Manifest;
import dev.zapline.cli.load.Durations;
import dev.zapline.cli.load.RunId;
import dev.zapline.cli.load.StartAt;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zapline k8s job --segments N -- LOAD-ARGS}: the manifest of one segmented run on Kubernetes (an Indexed
 * Job with a pod per segment, a claim for the results and a Job that merges them), printed, never applied.
 */
@Command(
        name = "job",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Print the Kubernetes manifest of one zapline load run split into N segments: an Indexed Job with one"
                    + " pod per segment (one per node), all starting the measured phase on one instant, a"
                    + " ReadWriteMany claim for their files and a Job running zapline merge on them. Apply it with"
                    + " kubectl; the comments at its top say how to watch it and copy the results out.",
            "The zapline load arguments (URL and options) come after --, verbatim; --segment, --start-at, --run-id,"
                    + " --json and --hdr-log are set here. Example: zapline k8s job --segments 3 --"
                    + " http://target:8080/health --rate 60000 -d 60s -c 300"
        })
final class K8sJobCommand implements Callable<Integer> {

    /** Kubernetes' ceiling on an Indexed Job's completions. */
    static final int MAX_SEGMENTS = 100_000;

    /** Room left in a 63-character name for {@code -merge} and the pods' host names {@code NAME-INDEX}. */
    static final int MAX_NAME = 57;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--segments",
            paramLabel = "N",
            required = true,
            description = "Segments, one pod each (1 to 100000).")
    int segments;

    @Option(names = "--name", paramLabel = "NAME", description = "The Job's name (default: zapline-RUN-ID).")
    String name;

    @Option(names = "--namespace", paramLabel = "NS", description = "The objects' namespace (default: kubectl's).")
    String namespace;

    @Option(
            names = "--image",
            paramLabel = "IMAGE",
            description = "Container image whose entry point is zapline (default: zapline:VERSION, this version's).")
    String image;

    @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: zapline load's hash).")
    String runId;

    @Option(
            names = "--start-at",
            paramLabel = "TIME",
            description = "The measured phase's start for every pod, an RFC 3339 instant (or +DURATION from now).")
    String startAt;

    @Option(
            names = "--start-in",
            paramLabel = "DURATION",
            description = "Start the measured phase this long after printing, to the next second (default 2m).")
    String startIn;

    @Option(
            names = "--cpu",
            paramLabel = "QUANTITY",
            description = "Each loader's CPU, requested and the limit " + "(default ${DEFAULT-VALUE}).")
    String cpu = "2";

    @Option(
            names = "--memory",
            paramLabel = "QUANTITY",
            description = "Each loader's memory, requested and the limit " + "(default ${DEFAULT-VALUE}).")
    String memory = "1Gi";

    @Option(
            names = "--spread",
            paramLabel = "required|preferred",
            description = "One loader per node: required (pods wait for a free node) or preferred (default "
                    + "${DEFAULT-VALUE}).")
    String spread = "required";

    @Option(names = "--node-selector", paramLabel = "KEY=VALUE", description = "Loaders' node label (repeatable).")
    List<String> nodeSelector = new ArrayList<>();

    @Option(names = "--results-claim", paramLabel = "NAME", description = "The claim to create (default NAME-results).")
    String resultsClaim;

    @Option(names = "--results-size", paramLabel = "QUANTITY", description = "Its size (default 1Gi).")
    String resultsSize;

    @Option(names = "--storage-class", paramLabel = "CLASS", description = "Its storage class, one with ReadWriteMany.")
    String storageClass;

    @Option(
            names = "--existing-claim",
            paramLabel = "NAME",
            description = "Use this ReadWriteMany claim instead of creating one.")
    String existingClaim;

    @Option(names = "--ttl", paramLabel = "DURATION", description = "Delete the Jobs this long after they finish.")
    String ttl;

    @Option(
            names = "--merge-wait",
            paramLabel = "DURATION",
            description = "How long the merge waits for the segments' final files (default: from printing to the"
                    + " run's end, the measured phase and the request timeout included, plus 5 min, in whole minutes).")
    String mergeWait;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write the manifest here, not to stdout.")
    Path output;

    @Parameters(paramLabel = "LOAD-ARGS", arity = "1..*", description = "zapline load's URL and options, after --.")
    List<String> load;

    @Override
    public Integer call() throws Exception {
        checkPassThrough();
        Instant now = Instant.now();
        StartAt start = start(now);
        String id = runId != null ? K8sNames.labelValue("--run-id", runId) : RunId.of(runLine(), start);
        String job = K8sNames.label(
                name != null ? "--name" : "--name (default zapline-RUN-ID)",
                name != null ? name : "zapline-" + id,
                MAX_NAME);
        JobSpec draft = new JobSpec(
                job,
                namespace == null ? null : K8sNames.label("--namespace", namespace, 63),
                segments(),
                image(),
                id,
                start.instant(),
                load,
                K8sNames.quantity("--cpu", cpu),
                K8sNames.quantity("--memory", memory),
                claim(job),
                existingClaim != null ? null : K8sNames.quantity("--results-size", orElse(resultsSize, "1Gi")),
                storageClass == null ? null : K8sNames.subdomain("--storage-class", storageClass),
                spreadRequired(),
                nodeSelector(),
                ttl == null ? null : (Durations.nanos(check("--ttl", ttl)) + 999_999_999L) / 1_000_000_000L,
                mergeWait == null ? "0s" : check("--merge-wait", mergeWait));
        long end = LoadArgsCheck.check(draft, now);
        JobSpec run = mergeWait != null ? draft : draft.withMergeWait(defaultWait(now, start.instant(), end));
        String text = Manifest.render(run, output != null ? output.toString() : job + ".yaml");
        PrintWriter out = spec.commandLine().getOut();
        if (output == null) {
            out.print(text);
        } else {
            Files.writeString(output, text, StandardCharsets.UTF_8);
            out.println("zapline k8s job: wrote " + output + " (run " + id + ", " + run.segments()
                    + " segments, measured phase from " + run.startAt() + ")");
        }
        out.flush();
        return 0;
    }

    private String image() {
        if (image == null) {
            return "zapline:" + VersionCommand.version();
        }
        if (image.isBlank() || !image.strip().equals(image) || image.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("--image '" + image + "': an image reference has no spaces");
        }
        return image;
    }

    /** Refuses the options the pods' arguments set themselves, and load arguments not after {@code --}. */
    private void checkPassThrough() {
        List<String> typed = this.spec.commandLine().getParseResult().originalArgs();
        int dashes = typed.indexOf("--");
        if (dashes < 0 || !typed.subList(dashes + 1, typed.size()).equals(load)) {
            throw new IllegalArgumentException("put the zapline load arguments after --, e.g. zapline k8s job"
                    + " --segments 3 -- http://target:8080/health --rate 60000");
        }
        for (String a : load) {
            String option = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (JobSpec.SET_HERE.contains(option)) {
                throw new IllegalArgumentException("drop " + option + " from the zapline load arguments: each pod's"
                        + " --segment, --start-at, --run-id, --json and --hdr-log are set by the manifest (use"
                        + " zapline k8s job's --start-at or --start-in, and --run-id)");
            }
        }
    }

    private int segments() {
        if (segments < 1 || segments > MAX_SEGMENTS) {
            throw new IllegalArgumentException("--segments " + segments + ": give 1 to " + MAX_SEGMENTS
                    + " (Kubernetes' limit on an Indexed Job)");
        }
        return segments;
    }

    /** {@code --start-at}, or {@code --start-in} (2m by default) from {@code now} rounded up to a whole second. */
    private StartAt start(Instant now) {
        if (startAt != null && startIn != null) {
            throw new IllegalArgumentException("--start-at and --start-in both say when: pick one");
        }
        if (startAt != null) {
            StartAt at = StartAt.parse(startAt, now);
            if (!at.instant().isAfter(now)) {
                // zapline load runs a segment started after the instant late; a manifest for one already past
                // would start every pod late
                throw new IllegalArgumentException("--start-at " + at.instant() + " is not in the future (now " + now
                        + "): every pod would start late");
            }
            return at;
        }
        long lead = Durations.nanos(check("--start-in", orElse(startIn, "2m")));
        if (lead <= 0) {
            throw new IllegalArgumentException("--start-in " + startIn + " must be more than 0s");
        }
        Instant at = now.plusNanos(lead);
        Instant whole = at.getNano() == 0 ? at : Instant.ofEpochSecond(at.getEpochSecond() + 1);
        return StartAt.parse(whole.toString(), now);
    }

    /** The command line zapline load's default run id would be computed from: {@code load} and the arguments. */
    private List<String> runLine() {
        List<String> line = new ArrayList<>(List.of("load"));
        line.addAll(load);
        return line;
    }

    private String claim(String job) {
        if (existingClaim != null) {
            if (resultsClaim != null || resultsSize != null || storageClass != null) {
                throw new IllegalArgumentException("--existing-claim uses a claim as it is: drop --results-claim,"
                        + " --results-size and --storage-class, which describe the claim to create");
            }
            return K8sNames.subdomain("--existing-claim", existingClaim);
        }
        return K8sNames.subdomain("--results-claim", orElse(resultsClaim, job + "-results"));
    }

    private boolean spreadRequired() {
        return switch (spread) {
            case "required" -> true;
            case "preferred" -> false;
            default -> throw new IllegalArgumentException("--spread " + spread + ": use required or preferred");
        };
    }

    private Map<String, String> nodeSelector() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : nodeSelector) {
            int eq = kv.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("--node-selector " + kv + ": use KEY=VALUE");
            }
            String value = kv.substring(eq + 1);
            out.put(
                    K8sNames.labelKey("--node-selector", kv.substring(0, eq)),
                    value.isEmpty() ? value : K8sNames.labelValue("--node-selector", value));
        }
        return out;
    }

    /** From {@code now} to 5 minutes after {@code end} ns past {@code start}, in whole minutes. */
    static String defaultWait(Instant now, Instant start, long end) {
        long nanos = Duration.between(now, start).toNanos()
                + end
                + Duration.ofMinutes(5).toNanos();
        return (nanos + 59_999_999_999L) / 60_000_000_000L + "m";
    }

    private static String check(String option, String duration) {
        try {
            Durations.nanos(duration);
            return duration;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + e.getMessage(), e);
        }
    }

    private static String orElse(String value, String fallback) {
        return value != null ? value : fallback;
    }
}
