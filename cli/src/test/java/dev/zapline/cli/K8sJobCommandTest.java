package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.engine.Segment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code zapline k8s job}: the manifest byte for byte against {@code k8s/job-golden.yaml}, what its loaders run
 * (parsed by zapline load's parser once Kubernetes has expanded the index), and the options it refuses.
 *
 * <p>After a deliberate change of the manifest, regenerate the golden file with {@code ./mvnw -B -ntp -pl cli -am
 * test -Dtest=K8sJobCommandTest -Dsurefire.failIfNoSpecifiedTests=false -Dzapline.k8s.regenerate=true} and review
 * its diff.
 */
class K8sJobCommandTest {

    /** The golden manifest's command line: everything fixed, a {@code $} and quotes among the load arguments. */
    static final String[] GOLDEN = {
        "k8s",
        "job",
        "--segments",
        "3",
        "--run-id",
        "golden-run",
        "--start-at",
        "2099-01-01T00:00:00Z",
        "--image",
        "registry.example/zapline:1.2.3",
        "--namespace",
        "load",
        "--node-selector",
        "pool=loaders",
        "--ttl",
        "1h",
        "--merge-wait",
        "20m",
        "--",
        "http://target.example:8080/health",
        "--rate",
        "60000",
        "-d",
        "60s",
        "-c",
        "300",
        "--threshold",
        "p99<5ms",
        "-H",
        "X-Note: $(HOME) stays \"as typed\""
    };

    static final Path GOLDEN_FILE = Path.of("src/test/resources/k8s/job-golden.yaml");

    @TempDir
    Path dir;

    @Test
    void manifestIsTheGoldenFileByteForByte() throws IOException {
        CliRun r = CliRun.of(GOLDEN);
        assertThat(r.exit()).as(r.err()).isZero();
        if (Boolean.getBoolean("zapline.k8s.regenerate")) {
            Files.writeString(GOLDEN_FILE, r.out(), StandardCharsets.UTF_8);
        }
        assertThat(r.out()).isEqualTo(Files.readString(GOLDEN_FILE, StandardCharsets.UTF_8));
    }

    @Test
    void eachPodRunsACommandLineZaplineLoadAccepts() {
        String manifest = CliRun.of(GOLDEN).out();
        List<String> args = loaderArgs(manifest);
        for (int k = 0; k < 3; k++) {
            List<String> pod = expand(args, k);
            LoadCommand load = LoadArgsCheck.parse(pod);
            assertThat(load.segment()).isEqualTo(Segment.parse(k + "/3"));
            assertThat(load.split.startAt(Instant.parse("2098-01-01T00:00:00Z")).instant())
                    .isEqualTo(Instant.parse("2099-01-01T00:00:00Z"));
            assertThat(load.split.runId(pod, null)).isEqualTo("golden-run");
            assertThat(load.json).isEqualTo(Path.of("/results/golden-run/seg-" + k + ".json"));
            assertThat(load.hdrLog).isEqualTo(Path.of("/results/golden-run/seg-" + k + ".hdr"));
            assertThat(load.url).isEqualTo("http://target.example:8080/health");
            assertThat(load.request.headers).containsExactly("X-Note: $(HOME) stays \"as typed\"");
            assertThat(load.plan().isOpen()).isTrue();
            assertThat(load.plan().measuredNanos()).isEqualTo(60_000_000_000L);
            // the threshold is judged once, by the merge, on the whole run: not by each segment on its share
            assertThat(load.thresholds).isEmpty();
        }
        assertThat(manifest).contains("""
                            - "--hdr-log"
                            - "/results/golden-run/merged.hlog"
                            - "--threshold"
                            - "p99<5ms"
                """);
    }

    @Test
    void withAbortOnFailEachSegmentAlsoJudgesItsShare() {
        String manifest = CliRun.of(
                        "k8s",
                        "job",
                        "--segments",
                        "2",
                        "--",
                        "http://t:80/",
                        "--rate",
                        "10",
                        "--threshold=p99<5ms",
                        "--abort-on-fail")
                .out();
        LoadCommand load = LoadArgsCheck.parse(expand(loaderArgs(manifest), 1));
        assertThat(load.thresholds).containsExactly("p99<5ms");
        // "--threshold=p99<5ms" in the loaders' args, "p99<5ms" after the merge's "--threshold"
        assertThat(manifest.split("p99<5ms\"", -1)).hasSize(3);
    }

    @Test
    void existingClaimAndPreferredSpreadChangeOnlyTheirParts() {
        CliRun r = CliRun.of(
                "k8s",
                "job",
                "--segments",
                "2",
                "--existing-claim",
                "shared",
                "--spread",
                "preferred",
                "--",
                "http://t:80/",
                "--rate",
                "10");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .doesNotContain("kind: PersistentVolumeClaim", "requiredDuringScheduling")
                .contains("claimName: \"shared\"", "this one is yours and stays")
                .containsPattern("one that starts later runs without\n# warm-up");
        // the loaders' preferred term and the merge's
        assertThat(r.out().split("preferredDuringSchedulingIgnoredDuringExecution", -1))
                .hasSize(3);
        assertThat(r.out()).contains("image: \"zapline:" + VersionCommand.version() + "\"");
    }

    @Test
    void outputOptionWritesTheFileAndNamesItInTheCommands() throws IOException {
        Path file = dir.resolve("run.yaml");
        List<String> args = new ArrayList<>(List.of(GOLDEN));
        args.addAll(2, List.of("-o", file.toString()));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("zapline k8s job: wrote " + file + " (run golden-run, 3 segments");
        assertThat(Files.readString(file)).contains("kubectl apply -n load -f " + file);
    }

    @Test
    void startInAndTheDefaultMergeWaitFollowTheClock() {
        Instant before = Instant.now();
        CliRun r = CliRun.of("k8s", "job", "--segments", "1", "--start-in", "90s", "--", "http://t:80/", "-d", "30s");
        assertThat(r.exit()).as(r.err()).isZero();
        String at = r.out().replaceFirst("(?s).*\"--start-at\"\\n *- \"([^\"]+)\".*", "$1");
        Instant start = Instant.parse(at);
        assertThat(start.getNano()).isZero();
        assertThat(start).isBetween(before.plusSeconds(90), Instant.now().plusSeconds(91));
        // 90 s lead (and up to 1 s more) + 30 s measured + 10 s timeout + 5 min: 7 min 10 s, so 8 whole minutes
        assertThat(r.out()).contains("- \"--wait\"\n            - \"8m\"");
        Instant now = Instant.parse("2026-12-01T00:00:00Z");
        assertThat(K8sJobCommand.defaultWait(now, now.plusSeconds(120), 60_000_000_000L))
                .isEqualTo("8m");
        assertThat(K8sJobCommand.defaultWait(now, now.plusSeconds(121), 60_000_000_000L))
                .isEqualTo("9m");
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of(List.of("--segments", "0", "--", "http://t/"), "--segments 0: give 1 to 100000"),
                Arguments.of(List.of("--segments", "100001", "--", "http://t/"), "--segments 100001"),
                Arguments.of(List.of("--segments", "2", "--", "http://t/", "--segment", "0/2"), "drop --segment"),
                Arguments.of(List.of("--segments", "2", "--", "http://t/", "--json=x.json"), "drop --json"),
                Arguments.of(List.of("--segments", "2", "--", "http://t/", "--start-at", "+5s"), "drop --start-at"),
                Arguments.of(List.of("--segments", "2", "--", "http://t/", "--run-id", "x"), "drop --run-id"),
                Arguments.of(List.of("--segments", "2", "--", "http://t/", "--hdr-log", "h"), "drop --hdr-log"),
                Arguments.of(List.of("--segments", "2", "--start-at", "soon", "--", "http://t/"), "RFC 3339"),
                Arguments.of(
                        List.of("--segments", "2", "--start-at", "2020-01-01T00:00:00Z", "--", "http://t/"),
                        "not in the future"),
                Arguments.of(
                        List.of("--segments", "2", "--start-at", "+1m", "--start-in", "1m", "--", "http://t/"),
                        "pick one"),
                Arguments.of(List.of("--segments", "2", "--start-in", "0s", "--", "http://t/"), "more than 0s"),
                Arguments.of(
                        List.of("--segments", "2", "--cpu", "two", "--", "http://t/"), "not a Kubernetes quantity"),
                Arguments.of(List.of("--segments", "2", "--name", "Big_Run", "--", "http://t/"), "--name 'Big_Run'"),
                Arguments.of(List.of("--segments", "2", "--run-id", "a/b", "--", "http://t/"), "--run-id 'a/b'"),
                Arguments.of(
                        List.of("--segments", "2", "--spread", "some", "--", "http://t/"), "required or preferred"),
                Arguments.of(List.of("--segments", "2", "--image", "a b", "--", "http://t/"), "has no spaces"),
                Arguments.of(List.of("--segments", "2", "--node-selector", "pool", "--", "http://t/"), "KEY=VALUE"),
                Arguments.of(
                        List.of("--segments", "2", "--existing-claim", "c", "--results-size", "2Gi", "--", "http://t/"),
                        "drop --results-claim"),
                Arguments.of(List.of("--segments", "2", "http://t/"), "after --"),
                Arguments.of(List.of("--segments", "2", "--", "http://t/", "--rate", "fast"), "would refuse"),
                Arguments.of(List.of("--segments", "2", "--", "--rate", "9"), "give zapline load a URL"),
                Arguments.of(
                        List.of("--segments", "3", "--", "http://t/", "--concurrency", "2"),
                        "--segment 2/3 of --concurrency 2 has no users"),
                Arguments.of(
                        List.of("--segments", "2", "--", "http://t/", "--concurrency", "2", "--threshold", "rate>=99%"),
                        "would refuse"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesBadOptionsWithExitStatus2(List<String> options, String message) {
        List<String> args = new ArrayList<>(List.of("k8s", "job"));
        args.addAll(options);
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.exit()).as(r.out()).isEqualTo(2);
        assertThat(r.err()).contains(message);
        assertThat(r.out()).doesNotContain("kind: Job");
    }

    /** The load container's {@code args} as the manifest writes them (one double-quoted item per line). */
    static List<String> loaderArgs(String manifest) {
        String block = manifest.substring(manifest.indexOf("          args:\n"));
        block = block.substring(0, block.indexOf("          resources:\n"));
        List<String> args = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : block.lines().skip(1).toList()) {
            String item = line.strip();
            if (!item.startsWith("#")) {
                assertThat(item).startsWith("- \"");
                try {
                    // the renderer's double-quoted scalars use JSON's escapes only
                    args.add(json.readValue(item.substring(2), String.class));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return args;
    }

    /**
     * {@code args} as Kubernetes expands them for pod {@code index}: {@code $(JOB_COMPLETION_INDEX)} becomes the
     * index, {@code $$} one {@code $}, and any other {@code $} stays.
     */
    static List<String> expand(List<String> args, int index) {
        String ref = "$(JOB_COMPLETION_INDEX)";
        List<String> out = new ArrayList<>();
        for (String a : args) {
            StringBuilder b = new StringBuilder();
            int i = 0;
            while (i < a.length()) {
                if (a.startsWith("$$", i)) {
                    b.append('$');
                    i += 2;
                } else if (a.startsWith(ref, i)) {
                    b.append(index);
                    i += ref.length();
                } else {
                    b.append(a.charAt(i++));
                }
            }
            out.add(b.toString());
        }
        return out;
    }
}
