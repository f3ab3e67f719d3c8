package dev.zapline.cli.k8s;

import java.util.List;
import java.util.Map;

/**
 * The manifest of a {@link JobSpec} as multi-document YAML: a comment block with the commands to run it, the
 * results' PersistentVolumeClaim (unless it exists), the loaders' Indexed Job and the merge Job. The same spec
 * gives the same bytes.
 */
public final class Manifest {

    private static final String NAME_LABEL = "app.kubernetes.io/name";
    private static final String COMPONENT_LABEL = "app.kubernetes.io/component";
    private static final String RUN_LABEL = "zapline.dev/run";

    private final JobSpec spec;
    private final Yaml y = new Yaml();

    private Manifest(JobSpec spec) {
        this.spec = spec;
    }

    /** The manifest of {@code spec}; {@code file} is where the user saves it, for the commands in its comments. */
    public static String render(JobSpec spec, String file) {
        Manifest m = new Manifest(spec);
        m.howTo(file);
        if (spec.createsClaim()) {
            m.claim();
        }
        m.loadJob();
        m.mergeJob();
        return m.y.text();
    }

    private void howTo(String file) {
        String ns = spec.namespace() == null ? "" : " -n " + spec.namespace();
        String run = spec.runId();
        String fetch = spec.name() + "-fetch";
        String[] lines = {
            "zapline k8s job: run " + run + " as " + spec.segments() + " segment" + (spec.segments() == 1 ? "" : "s")
                    + ", one pod each, measured phase from " + spec.startAt() + ".",
            "",
            "Start it, watch the loaders and the merge (which prints the merged summary at the end):",
            "  kubectl apply" + ns + " -f " + file,
            "  kubectl get pods" + ns + " -l " + RUN_LABEL + "=" + run + " -w",
            "  kubectl logs" + ns + " -f job/" + spec.mergeName(),
            "",
            "Every pod should be running before " + spec.startAt() + ": one that starts later runs without",
            "warm-up, its requests due meanwhile sent at once and counted late (run.late_ms), and one that starts",
            "after the measured phase fails. Leave room for image pulls and node scale-up (--start-in).",
            "",
            "The files are on the claim " + spec.claim() + ", in " + run
                    + "/: seg-<i>.json and seg-<i>.hdr per segment,",
            "merged.json, merged.html and merged.hlog. To copy them out, mount the claim in a throwaway pod with tar",
            "in it (kubectl cp needs it):",
            "  kubectl run" + ns + " " + fetch + " --image=busybox:1.36 --restart=Never --overrides='",
            "    {\"spec\": {\"volumes\": [{\"name\": \"results\", \"persistentVolumeClaim\": {\"claimName\": \""
                    + spec.claim() + "\"}}],",
            "      \"containers\": [{\"name\": \"" + fetch
                    + "\", \"image\": \"busybox:1.36\", \"command\": [\"sleep\", \"3600\"],",
            "        \"volumeMounts\": [{\"name\": \"results\", \"mountPath\": \"/results\"}]}]}}'",
            "  kubectl wait" + ns + " --for=condition=Ready pod/" + fetch,
            "  kubectl cp" + ns + " " + fetch + ":/results/" + run + " ./" + run,
            "  kubectl delete" + ns + " pod/" + fetch,
            "",
            "Clean up: kubectl delete" + ns + " -f " + file + " (deletes the claim and its files too"
                    + (spec.createsClaim() ? ")" : "; this one is yours and stays)") + "."
        };
        for (String line : lines) {
            y.comment(0, line);
        }
    }

    private void claim() {
        y.document().plain(0, "apiVersion", "v1").plain(0, "kind", "PersistentVolumeClaim");
        metadata(spec.claim(), null);
        y.key(0, "spec");
        y.comment(1, "ReadWriteMany: every loader writes its segment's files and the merge reads them all.");
        y.key(1, "accessModes").item(2, "ReadWriteMany");
        if (spec.storageClass() != null) {
            y.string(1, "storageClassName", spec.storageClass());
        }
        y.key(1, "resources").key(2, "requests").string(3, "storage", spec.claimSize());
    }

    private void loadJob() {
        y.document().plain(0, "apiVersion", "batch/v1").plain(0, "kind", "Job");
        metadata(spec.name(), "load");
        y.key(0, "spec");
        y.comment(1, "One pod per segment; Kubernetes gives each its index in JOB_COMPLETION_INDEX.");
        y.plain(1, "completionMode", "Indexed");
        y.plain(1, "completions", spec.segments()).plain(1, "parallelism", spec.segments());
        y.comment(1, "No retries: a segment run again would start after the shared instant, late, and its");
        y.comment(1, "requests would be counted twice by the merge.");
        y.plain(1, "backoffLimit", 0);
        ttl();
        y.key(1, "template");
        labels(2, "load");
        y.key(2, "spec").plain(3, "restartPolicy", "Never");
        if (!spec.nodeSelector().isEmpty()) {
            y.key(3, "nodeSelector");
            for (Map.Entry<String, String> e : spec.nodeSelector().entrySet()) {
                y.string(4, e.getKey(), e.getValue());
            }
        }
        y.comment(3, "One loader per node, so that loaders do not share cores or a network interface.");
        antiAffinity(spec.spreadRequired());
        y.key(3, "containers").itemString(4, "name", "load").string(5, "image", spec.image());
        y.plain(5, "imagePullPolicy", "IfNotPresent");
        y.comment(5, "Kubernetes expands $(JOB_COMPLETION_INDEX) in args from the container's environment, so no");
        y.comment(5, "shell is needed (and $$ stands for a $ of the zapline load arguments).");
        sequence(5, "args", spec.manifestArgs());
        y.comment(
                5, "Requests equal to limits: the Guaranteed QoS class, so the loader is not throttled unpredictably.");
        resources(5, spec.cpu(), spec.memory());
        results(5);
    }

    private void mergeJob() {
        y.document().plain(0, "apiVersion", "batch/v1").plain(0, "kind", "Job");
        metadata(spec.mergeName(), "merge");
        y.key(0, "spec");
        y.comment(1, "Waits for every segment's final file, then merges them into merged.json and merged.html.");
        y.plain(1, "backoffLimit", 0);
        ttl();
        y.key(1, "template");
        labels(2, "merge");
        y.key(2, "spec").plain(3, "restartPolicy", "Never");
        y.comment(3, "Away from the loaders where it can be: it polls the claim while they run.");
        antiAffinity(false);
        y.key(3, "containers").itemString(4, "name", "merge").string(5, "image", spec.image());
        y.plain(5, "imagePullPolicy", "IfNotPresent");
        sequence(5, "args", spec.mergeArgs());
        resources(5, "1", "512Mi");
        results(5);
    }

    private void metadata(String name, String component) {
        y.key(0, "metadata").string(1, "name", name);
        if (spec.namespace() != null) {
            y.string(1, "namespace", spec.namespace());
        }
        labelMap(1, component);
    }

    private void labels(int depth, String component) {
        y.key(depth, "metadata");
        labelMap(depth + 1, component);
    }

    private void labelMap(int depth, String component) {
        y.key(depth, "labels").string(depth + 1, NAME_LABEL, "zapline");
        if (component != null) {
            y.string(depth + 1, COMPONENT_LABEL, component);
        }
        y.string(depth + 1, RUN_LABEL, spec.runId());
    }

    private void ttl() {
        if (spec.ttlSeconds() != null) {
            y.plain(1, "ttlSecondsAfterFinished", spec.ttlSeconds());
        }
    }

    /** Anti-affinity to this run's loaders on the same node: required, or preferred with the top weight. */
    private void antiAffinity(boolean required) {
        y.key(3, "affinity").key(4, "podAntiAffinity");
        int d;
        if (required) {
            y.key(5, "requiredDuringSchedulingIgnoredDuringExecution").itemKey(6, "labelSelector");
            d = 8;
        } else {
            y.key(5, "preferredDuringSchedulingIgnoredDuringExecution").itemPlain(6, "weight", 100);
            y.key(7, "podAffinityTerm").key(8, "labelSelector");
            d = 9;
        }
        y.key(d, "matchLabels").string(d + 1, COMPONENT_LABEL, "load").string(d + 1, RUN_LABEL, spec.runId());
        y.plain(d - 1, "topologyKey", "kubernetes.io/hostname");
    }

    private void sequence(int depth, String key, List<String> values) {
        y.key(depth, key);
        for (String v : values) {
            y.item(depth + 1, v);
        }
    }

    private void resources(int depth, String cpu, String memory) {
        y.key(depth, "resources");
        for (String kind : new String[] {"requests", "limits"}) {
            y.key(depth + 1, kind).string(depth + 2, "cpu", cpu).string(depth + 2, "memory", memory);
        }
    }

    /** The claim's subdirectory of the run mounted at {@link JobSpec#resultsDir()}; kubelet creates it. */
    private void results(int depth) {
        y.key(depth, "volumeMounts")
                .itemString(depth + 1, "name", "results")
                .string(depth + 2, "mountPath", spec.resultsDir())
                .string(depth + 2, "subPath", spec.runId());
        y.key(3, "volumes")
                .itemString(4, "name", "results")
                .key(5, "persistentVolumeClaim")
                .string(6, "claimName", spec.claim());
    }
}
