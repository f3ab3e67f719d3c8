package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up cache of {@code zapline load} (zapline-java.sh's {@code zapline_aot_*}), run by bash against a fake
 * JDK in a temporary folder: the flags are given with ZAPLINE_AOT=1 and on JDK 25 only, for the cache made for this
 * JDK and this jar only (a stale one is never used, and is made again), never when the caller chose class sharing
 * itself; making it starts a server, records the cache from a load run against it and stops the server, printing
 * nothing.
 */
class LauncherAotTest {

    @TempDir
    Path dir;

    /** ZAPLINE_AOT for the scripts run; null: unset. */
    private String optIn = "1";

    private Path java;
    private Path jar;
    private Path cache;

    @BeforeEach
    void fakeJdkAndJar() throws IOException {
        java = fakeJava(dir.resolve("jdk25"), "25.0.3+9-LTS");
        Path target = Files.createDirectories(dir.resolve("cli/target"));
        jar = target.resolve("zapline.jar");
        Files.writeString(jar, "jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        cache = target.resolve("zapline-load.aot");
    }

    @Test
    void theCacheLivesBesideTheJar() throws Exception {
        assertThat(bash("zapline_aot_cache \"$1\"", jar.toString()).out().strip())
                .isEqualTo(cache.toString());
    }

    @Test
    void aFreshCacheGivesItsFlagsOnJdk25AndNothingBefore() throws Exception {
        made();
        assertThat(stale(25)).isFalse();
        assertThat(aotFlags(25)).containsExactly("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off");
        for (int major : List.of(21, 22, 23, 24)) {
            assertThat(aotFlags(major)).as("JDK %d", major).isEmpty();
            assertThat(stale(major)).as("JDK %d", major).isFalse();
        }
    }

    @Test
    void withoutTheOptInThereIsNoCacheToMakeOrUse() throws Exception {
        made();
        for (String value : new String[] {null, "", "0", "yes"}) {
            optIn = value;
            assertThat(aotFlags(25)).as("ZAPLINE_AOT=%s", value).isEmpty();
            assertThat(stale(25)).as("ZAPLINE_AOT=%s", value).isFalse();
        }
        optIn = "1";
        Files.delete(Path.of(cache + ".id"));
        assertThat(stale(25)).isTrue();
        optIn = null;
        assertThat(stale(25)).isFalse();
    }

    @Test
    void aCallerWhoChoosesSharingGetsNoCache() throws Exception {
        made();
        for (String own : List.of(
                "-Xshare:off",
                "-XX:AOTCache=/x.aot",
                "-XX:AOTMode=off",
                "-XX:SharedArchiveFile=/x.jsa",
                "-XX:+AutoCreateSharedArchive",
                "-XX:ArchiveClassesAtExit=/x.jsa")) {
            assertThat(aotFlags(25, own)).as(own).isEmpty();
            assertThat(stale(25, own)).as(own).isFalse();
        }
        assertThat(aotFlags(25, "-Xmx1g", "-Xlog:gc")).hasSize(3);
    }

    @Test
    void aCacheForAnotherJarOrJdkIsStaleAndNotUsed() throws Exception {
        made();
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now()));
        assertThat(stale(25)).as("jar rebuilt").isTrue();
        assertThat(aotFlags(25)).as("jar rebuilt").isEmpty();

        made();
        Files.writeString(jar, "jar, rebuilt in the same instant but larger");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        assertThat(stale(25)).as("jar of another size").isTrue();

        made();
        java = fakeJava(dir.resolve("jdk25-other"), "25.0.4+7-LTS");
        assertThat(stale(25)).as("another JDK").isTrue();
        assertThat(aotFlags(25)).as("another JDK").isEmpty();
    }

    @Test
    void aFailureIsRememberedUntilTheJarChangesAndNeverUsed() throws Exception {
        made();
        Files.delete(cache);
        assertThat(stale(25)).isFalse();
        assertThat(aotFlags(25)).isEmpty();
        Files.delete(Path.of(cache + ".id"));
        assertThat(stale(25)).as("no .id").isTrue();
    }

    @Test
    void makingStartsAServerRecordsTheCacheFromALoadRunAndStopsTheServer() throws Exception {
        Path log = dir.resolve("aot.log");
        Result r = bash(
                "zapline_opts=(kept); zapline_aot_make 25 \"$1\" \"$2\" \"$3\"; echo \"status $? ${zapline_opts[*]}\"",
                java.toString(),
                jar.toString(),
                log.toString());
        assertThat(r.out().strip()).isEqualTo("status 0 kept");
        assertThat(Files.readString(cache)).isEqualTo("cache\n");
        assertThat(stale(25)).isFalse();
        assertThat(aotFlags(25)).hasSize(3);
        List<String> calls = Files.readAllLines(dir.resolve("jdk25/calls"));
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0)).contains("-XX:+UseSerialGC", " -jar " + jar + " serve --http 127.0.0.1:0");
        assertThat(calls.get(1))
                .contains("-XX:+UseSerialGC", "-XX:AOTCacheOutput=" + cache + ".", "-Xlog:aot=off -Xlog:cds=off")
                .endsWith(" -jar " + jar + " load http://127.0.0.1:41234/ --rate 10000 -c 16 -d 2s --warmup 0s"
                        + " --quiet");
        assertThat(Files.readString(log)).contains("trained", "listening on http://127.0.0.1:41234");
        assertThat(Files.readString(dir.resolve("jdk25/stopped"))).isEqualTo("TERM\n");
        try (var left = Files.list(jar.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("zapline.jar", "zapline-load.aot", "zapline-load.aot.id");
        }
    }

    @Test
    void aFailedMakingLeavesNoCacheAndIsNotRetried() throws Exception {
        Files.writeString(dir.resolve("jdk25/fail-load"), "");
        Path log = dir.resolve("aot.log");
        Result r = bash("zapline_aot_make 25 \"$1\" \"$2\" \"$3\"", java.toString(), jar.toString(), log.toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.out()).as("nothing printed").isEmpty();
        assertThat(cache).doesNotExist();
        assertThat(Path.of(cache + ".id")).exists();
        assertThat(stale(25)).isFalse();
        assertThat(aotFlags(25)).isEmpty();
    }

    @Test
    void theLauncherAndTheBenchScriptsUseTheCacheForLoad() throws IOException {
        Path repo = ModuleLayeringTest.repo();
        String launcher = Files.readString(repo.resolve("zapline"), StandardCharsets.UTF_8);
        assertThat(launcher)
                .contains(
                        "if zapline_aot_stale \"$major\" \"$java\" \"$jar\" \"${extra[@]}\"; then",
                        "zapline_aot_opts \"$major\" \"$java\" \"$jar\" \"${extra[@]}\"",
                        "zapline_load_jvm_opts \"$major\" \"${zapline_aot[@]}\" \"${extra[@]}\"");
        String lib = Files.readString(repo.resolve("bench").resolve("lib.sh"), StandardCharsets.UTF_8);
        assertThat(lib)
                .contains("zapline_aot_opts \"$java_major\" \"$java_bin\" \"$ZAPLINE_JAR\" \"${extra[@]}\"")
                .contains("zapline_load_jvm_opts \"$java_major\" \"${zapline_aot[@]}\" \"${extra[@]}\"");
    }

    /** Writes a cache and its .id for the current fake JDK and jar, as a successful making leaves them. */
    private void made() throws Exception {
        Files.writeString(cache, "cache\n");
        Result id = bash("zapline_aot_id \"$1\" \"$2\"", java.toString(), jar.toString());
        assertThat(id.status()).as(id.out()).isZero();
        assertThat(id.out()).startsWith(java.toRealPath() + " 25.");
        Files.writeString(Path.of(cache + ".id"), id.out());
    }

    private boolean stale(int major, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(Integer.toString(major), java.toString(), jar.toString()));
        args.addAll(List.of(extra));
        Result r = bash("zapline_aot_stale \"$@\"", args.toArray(String[]::new));
        assertThat(r.status()).as(r.out()).isIn(0, 1);
        return r.status() == 0;
    }

    private List<String> aotFlags(int major, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(Integer.toString(major), java.toString(), jar.toString()));
        args.addAll(List.of(extra));
        Result r = bash(
                "zapline_aot_opts \"$@\"; [ ${#zapline_aot[@]} -eq 0 ] || printf '%s\\n' \"${zapline_aot[@]}\"",
                args.toArray(String[]::new));
        assertThat(r.status()).as(r.out()).isZero();
        return r.out().lines().toList();
    }

    /**
     * A JDK home with a release file and a bin/java script: {@code serve} prints the line the real server prints and
     * waits to be stopped (writing the signal to {@code stopped}); {@code load} writes "cache" to the file of its
     * {@code -XX:AOTCacheOutput} unless a file {@code fail-load} exists. Every call is appended to {@code calls}.
     */
    private static Path fakeJava(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(
                home.resolve("release"), "JAVA_VERSION=\"25.0.3\"\nJAVA_RUNTIME_VERSION=\"" + version + "\"\n");
        Path java = home.resolve("bin/java");
        Files.writeString(java, """
                #!/bin/bash
                home="$(cd "$(dirname "$0")/.." && pwd)"
                echo "$*" >>"$home/calls"
                for a in "$@"; do
                  case "$a" in
                    -XX:AOTCacheOutput=*) out="${a#*=}" ;;
                    serve)
                      trap 'echo TERM >"$home/stopped"; exit 0' TERM
                      echo "listening on http://127.0.0.1:41234 (epoll, 1 event loops)"
                      for i in $(seq 100); do sleep 0.1; done
                      exit 3 ;;
                    load)
                      [ -f "$home/fail-load" ] && exit 1
                      echo "trained"
                      echo cache >"$out"
                      exit 0 ;;
                  esac
                done
                exit 2
                """);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    private record Result(int status, String out) {}

    /** Runs SCRIPT with zapline-java.sh sourced, ARGS as $1... and ZAPLINE_AOT set to {@link #optIn}. */
    private Result bash(String script, String... args) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        Path functions = ModuleLayeringTest.repo().resolve("zapline-java.sh");
        List<String> cmd = new ArrayList<>(List.of("/bin/bash", "-c", ". \"$0\"; " + script, functions.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("ZAPLINE_AOT");
        if (optIn != null) {
            pb.environment().put("ZAPLINE_AOT", optIn);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }
}
