package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JVM flags zapline-java.sh gives the launcher (and bench/lib.sh): `zapline load` starts small, every other
 * subcommand with G1, and the caller's ZAPLINE_JAVA_OPTS come last and displace the defaults they decide.
 */
class LauncherFlagsTest {

    /** The compile command that keeps C2 from inlining the whole pipeline into the read path. */
    private static final String READ_CUT =
            "-XX:CompileCommand=dontinline,io.netty.channel.DefaultChannelPipeline::fireChannelRead";

    private static final List<String> BASE =
            List.of("-XX:-OmitStackTraceInFastThrow", "-Xss1m", "--enable-native-access=ALL-UNNAMED");

    @Test
    void loadStartsWithASmallFootprint() throws Exception {
        assertThat(flags("zapline_load_jvm_opts", 25))
                .startsWith(BASE.toArray(String[]::new))
                .containsSubsequence(
                        "--sun-misc-unsafe-memory-access=allow",
                        "-XX:+UseSerialGC",
                        "-Xms8m",
                        "-Xmx256m",
                        "-XX:CICompilerCount=2",
                        "-XX:TrimNativeHeapInterval=1000",
                        "-XX:CompileCommand=quiet",
                        READ_CUT)
                .doesNotContain("-XX:+UseG1GC");
        // before JDK 22 the trim flag does not exist as a product flag, and before 24 the Unsafe one not at all
        assertThat(flags("zapline_load_jvm_opts", 21))
                .containsExactly(
                        "-XX:-OmitStackTraceInFastThrow",
                        "-Xss1m",
                        "--enable-native-access=ALL-UNNAMED",
                        "-XX:+UseSerialGC",
                        "-Xms8m",
                        "-Xmx256m",
                        "-XX:CICompilerCount=2",
                        "-XX:CompileCommand=quiet",
                        READ_CUT);
    }

    @Test
    void theCallersOptionsComeLastAndDisplaceTheDefaultsTheyDecide() throws Exception {
        assertThat(flags("zapline_load_jvm_opts", 25, "-XX:+UseG1GC", "-Xmx1g"))
                .doesNotContain("-XX:+UseSerialGC", "-Xms8m", "-Xmx256m")
                .contains("-XX:CICompilerCount=2")
                .endsWith("-XX:+UseG1GC", "-Xmx1g");
        for (String heap :
                List.of("-Xms64m", "-Xmn4m", "-XX:MaxHeapSize=1g", "-XX:MaxRAMPercentage=50", "-XX:NewSize=8m")) {
            assertThat(flags("zapline_load_jvm_opts", 25, heap))
                    .as(heap)
                    .contains("-XX:+UseSerialGC")
                    .doesNotContain("-Xms8m", "-Xmx256m")
                    .endsWith(heap);
        }
        assertThat(flags("zapline_load_jvm_opts", 25, "-XX:CICompilerCount=4", "-XX:TrimNativeHeapInterval=0"))
                .doesNotContain("-XX:CICompilerCount=2", "-XX:TrimNativeHeapInterval=1000")
                .endsWith("-XX:CICompilerCount=4", "-XX:TrimNativeHeapInterval=0");
        // any compile command of the caller's displaces the read-path cut (and its quiet), which then come last
        assertThat(flags("zapline_load_jvm_opts", 25, "-XX:CompileCommand=print,*::foo"))
                .doesNotContain("-XX:CompileCommand=quiet", READ_CUT)
                .endsWith("-XX:TrimNativeHeapInterval=1000", "-XX:CompileCommand=print,*::foo");
        // the start-up cache's flags, given first in EXTRA by the launcher, stay before the caller's
        assertThat(flags(
                        "zapline_load_jvm_opts", 25, "-XX:AOTCache=/c.aot", "-Xlog:aot=off", "-Xlog:cds=off", "-Xmx1g"))
                .contains(READ_CUT)
                .endsWith("-XX:AOTCache=/c.aot", "-Xlog:aot=off", "-Xlog:cds=off", "-Xmx1g");
        // a system property is no heap flag
        assertThat(flags("zapline_load_jvm_opts", 25, "-Dio.netty.allocator.maxOrder=9"))
                .contains("-Xms8m", "-Xmx256m")
                .endsWith("-Dio.netty.allocator.maxOrder=9");
    }

    @Test
    void everyOtherSubcommandKeepsG1() throws Exception {
        assertThat(flags("zapline_jvm_opts", 25))
                .containsExactly(
                        "-XX:-OmitStackTraceInFastThrow",
                        "-Xss1m",
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-XX:+UseG1GC");
        assertThat(flags("zapline_jvm_opts", 21, "-XX:+UseZGC", "-Xmx2g"))
                .containsExactly(
                        "-XX:-OmitStackTraceInFastThrow",
                        "-Xss1m",
                        "--enable-native-access=ALL-UNNAMED",
                        "-XX:+UseZGC",
                        "-Xmx2g");
    }

    @Test
    void theLauncherAndTheBenchScriptsPickTheLoadFlagsForLoadOnly() throws IOException {
        Path repo = ModuleLayeringTest.repo();
        String launcher = Files.readString(repo.resolve("zapline"), StandardCharsets.UTF_8);
        assertThat(launcher).contains("if [ \"${1:-}\" = load ]; then", "zapline_load_jvm_opts", "zapline_jvm_opts");
        String lib = Files.readString(repo.resolve("bench").resolve("lib.sh"), StandardCharsets.UTF_8);
        assertThat(lib).contains("zapline_load_jvm_opts \"$java_major\"");
    }

    /** The array FUNCTION MAJOR EXTRA... leaves in zapline_opts, one element a line. */
    private static List<String> flags(String function, int major, String... extra) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        Path script = ModuleLayeringTest.repo().resolve("zapline-java.sh");
        List<String> cmd = new ArrayList<>(List.of(
                "/bin/bash",
                "-c",
                ". \"$0\"; f=\"$1\"; shift; \"$f\" \"$@\"; printf '%s\\n' \"${zapline_opts[@]}\"",
                script.toString(),
                function,
                Integer.toString(major)));
        cmd.addAll(Arrays.asList(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }
}
