package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline k8s job}'s manifests against the Kubernetes API's schemas: each document parsed by the {@code yaml}
 * package and validated by its {@code kubernetes-models} class, at pinned versions npm installs into {@code
 * target/k8s-models}; a manifest made invalid on purpose proves the validator rejects what it should. Skipped only
 * where node or npm is missing (CI has both).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class K8sManifestSchemaTest {

    /** Exact versions: kubernetes-models and the packages it depends on, and the YAML parser. */
    static final List<String> PACKAGES = List.of(
            "kubernetes-models@5.1.0",
            "@kubernetes-models/base@6.0.1",
            "@kubernetes-models/validate@5.0.2",
            "@kubernetes-models/apimachinery@3.0.2",
            "yaml@2.9.1");

    static Path prefix;

    @TempDir
    Path dir;

    @BeforeAll
    static void install() throws IOException {
        prefix = NodeModules.install("k8s-models", PACKAGES);
    }

    @Test
    void everyDocumentOfTheManifestsIsValid() throws IOException, URISyntaxException {
        String golden = CliRun.of(K8sJobCommandTest.GOLDEN).out();
        JsonNode docs = validate(golden);
        assertThat(kinds(docs))
                .containsExactly(
                        "PersistentVolumeClaim zapline-golden-run-results",
                        "Job zapline-golden-run",
                        "Job zapline-golden-run-merge");
        assertThat(errors(docs)).containsExactly("null", "null", "null");
        JsonNode container = docs.get(1).at("/object/spec/template/spec/containers/0");
        List<String> args = new ArrayList<>();
        container.get("args").forEach(a -> args.add(a.asText()));
        // what YAML makes of the args is what the pods' command line test reads from the text
        assertThat(args).isEqualTo(K8sJobCommandTest.loaderArgs(golden));
        assertThat(docs.get(1).at("/object/spec/completionMode").asText()).isEqualTo("Indexed");
        assertThat(docs.get(0).at("/object/metadata/labels/zapline.dev~1run").asText())
                .isEqualTo("golden-run");

        CliRun created = CliRun.of(
                "k8s",
                "job",
                "--segments",
                "4",
                "--spread",
                "preferred",
                "--storage-class",
                "nfs",
                "--results-size",
                "5Gi",
                "--cpu",
                "1500m",
                "--memory",
                "768Mi",
                "--",
                "http://t:80/",
                "--concurrency",
                "8");
        assertThat(created.exit()).as(created.err()).isZero();
        JsonNode three = validate(created.out());
        assertThat(errors(three)).containsExactly("null", "null", "null");
        assertThat(three.get(0).at("/object/spec/storageClassName").asText()).isEqualTo("nfs");
        assertThat(three.get(1).at("/object/spec/parallelism").asInt()).isEqualTo(4);

        CliRun existing = CliRun.of(
                "k8s", "job", "--segments", "2", "--existing-claim", "shared", "--", "http://t:80/", "--rate", "10");
        assertThat(existing.exit()).as(existing.err()).isZero();
        JsonNode two = validate(existing.out());
        assertThat(kinds(two)).hasSize(2).allMatch(k -> k.startsWith("Job "));
        assertThat(errors(two)).containsExactly("null", "null");
    }

    @Test
    void theValidatorRejectsABrokenManifest() throws IOException, URISyntaxException {
        String golden = CliRun.of(K8sJobCommandTest.GOLDEN).out();
        JsonNode wrongType = validate(golden.replace("completionMode: Indexed", "completionMode: 7"));
        assertThat(wrongType.get(1).get("error").asText()).contains("completionMode must be string");
        assertThat(wrongType.get(2).get("error").isNull()).isTrue();
        String unnamed = golden.replace("- name: \"merge\"\n          image:", "- image:");
        assertThat(unnamed).isNotEqualTo(golden);
        assertThat(validate(unnamed).get(2).get("error").asText())
                .contains("containers/0 must have required property name");
    }

    private JsonNode validate(String manifest) throws IOException, URISyntaxException {
        Path file = Files.writeString(dir.resolve("manifest-" + System.nanoTime() + ".yaml"), manifest);
        Path script =
                Path.of(getClass().getResource("/k8s/validate-manifest.mjs").toURI());
        return new ObjectMapper().readTree(NodeModules.node(script, List.of(prefix.toString(), file.toString())));
    }

    private static List<String> kinds(JsonNode docs) {
        List<String> out = new ArrayList<>();
        docs.forEach(d -> out.add(d.get("kind").asText() + " " + d.get("name").asText()));
        return out;
    }

    private static List<String> errors(JsonNode docs) {
        List<String> out = new ArrayList<>();
        docs.forEach(
                d -> out.add(d.get("error").isNull() ? "null" : d.get("error").asText()));
        return out;
    }
}
