package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's "is the jar older than the sources?" check ({@code zapline_stale} in zapline-java.sh), run by bash
 * against a copy of the repository's layout in a temporary folder: the root pom is the real one, so the modules
 * watched are the ones the build has, read from its {@code <modules>}, not a list kept by hand.
 */
class LauncherStaleTest {

    private static final Instant SOURCES = Instant.now().minusSeconds(7200);
    private static final Instant JAR = Instant.now().minusSeconds(3600);
    private static final Instant CHANGED = Instant.now().minusSeconds(60);

    @TempDir
    Path root;

    private Path jar;

    @BeforeEach
    void tree() throws IOException {
        Files.copy(ModuleLayeringTest.repo().resolve("pom.xml"), root.resolve("pom.xml"));
        for (String module : pomModules()) {
            made(root.resolve(module).resolve("pom.xml"));
            made(root.resolve(module).resolve("src/main/java/dev/zapline/Some.java"));
            made(root.resolve(module).resolve("src/test/java/dev/zapline/SomeTest.java"));
        }
        jar = Files.createDirectories(root.resolve("cli/target")).resolve("zapline.jar");
        Files.writeString(jar, "jar");
        // folders too: find's -newer sees a folder whose entries changed, and these were all made just now
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                Files.setLastModifiedTime(p, FileTime.from(SOURCES));
            }
        }
        Files.setLastModifiedTime(jar, FileTime.from(JAR));
    }

    @Test
    void readsTheModulesFromTheRootPom() throws Exception {
        assertThat(bash("zapline_modules \"$1\"", root.toString()).out().lines().toList())
                .containsExactlyElementsOf(pomModules())
                .contains("transport", "gen", "maven-plugin", "cli", "bench");
    }

    @Test
    void aJarNewerThanEverySourceIsNotStale() throws Exception {
        assertThat(stale()).isFalse();
    }

    @Test
    void aChangeInAnyModuleButBenchMakesTheJarStaleTransportAndGenIncluded() throws Exception {
        List<String> watched =
                pomModules().stream().filter(m -> !m.equals("bench")).toList();
        assertThat(watched).contains("transport", "gen", "maven-plugin");
        for (String module : watched) {
            Path source = root.resolve(module).resolve("src/main/java/dev/zapline/Some.java");
            Files.setLastModifiedTime(source, FileTime.from(CHANGED));
            assertThat(stale()).as(module + "/src/main").isTrue();
            Files.setLastModifiedTime(source, FileTime.from(SOURCES));

            Path pom = root.resolve(module).resolve("pom.xml");
            Files.setLastModifiedTime(pom, FileTime.from(CHANGED));
            assertThat(stale()).as(module + "/pom.xml").isTrue();
            Files.setLastModifiedTime(pom, FileTime.from(SOURCES));
        }
        assertThat(stale()).isFalse();
    }

    @Test
    void benchAndTestSourcesDoNotMakeTheRunnableJarStale() throws Exception {
        Files.setLastModifiedTime(root.resolve("bench/src/main/java/dev/zapline/Some.java"), FileTime.from(CHANGED));
        Files.setLastModifiedTime(
                root.resolve("transport/src/test/java/dev/zapline/SomeTest.java"), FileTime.from(CHANGED));
        assertThat(stale()).isFalse();
    }

    @Test
    void aMissingJarAChangedRootPomOrAPomWithoutModulesIsStale() throws Exception {
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.from(CHANGED));
        assertThat(stale()).as("root pom changed").isTrue();

        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.from(SOURCES));
        assertThat(stale()).as("no <modules>").isTrue();

        Files.delete(jar);
        assertThat(stale()).as("no jar").isTrue();
    }

    @Test
    void theLauncherAndTheBenchScriptsLeaveOutOnlyTheModuleTheirJarDoesNotHold() throws IOException {
        Path repo = ModuleLayeringTest.repo();
        assertThat(Files.readString(repo.resolve("zapline"), StandardCharsets.UTF_8))
                .contains("zapline_stale \"$root\" \"$jar\" bench;");
        assertThat(Files.readString(repo.resolve("bench/lib.sh"), StandardCharsets.UTF_8))
                .contains("zapline_stale \"$bench_root\" \"$jar\" \"$other\"")
                .contains("bench) other=cli ;;")
                .contains("*) other=bench ;;");
    }

    /** What the launcher asks: {@code zapline_stale ROOT JAR bench}. */
    private boolean stale() throws Exception {
        Result r = bash("zapline_stale \"$1\" \"$2\" bench", root.toString(), jar.toString());
        assertThat(r.status()).as(r.out()).isIn(0, 1);
        return r.status() == 0;
    }

    private static List<String> pomModules() throws IOException {
        String pom = Files.readString(ModuleLayeringTest.repo().resolve("pom.xml"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1));
        }
        return modules;
    }

    private static void made(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "x");
    }

    private record Result(int status, String out) {}

    /** Runs SCRIPT with zapline-java.sh sourced and ARGS as $1...; its exit status and output. */
    private static Result bash(String script, String... args) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        Path functions = ModuleLayeringTest.repo().resolve("zapline-java.sh");
        List<String> cmd = new ArrayList<>(List.of("/bin/bash", "-c", ". \"$0\"; " + script, functions.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }
}
