package dev.zapline.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.internal.PlatformDependent;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The test JVM was started with the flags the build means it to have, whichever JDK 21+ the toolchain picked. The
 * parent pom gives every test JVM {@code -XX:+IgnoreUnrecognizedVMOptions} so that a JDK 21 or 22 skips the JDK 23
 * option {@code --sun-misc-unsafe-memory-access=allow} instead of refusing to start; this checks that a JDK that
 * knows the option did take it (the allocation tests depend on it: without Unsafe, Netty allocates a ByteBuffer view
 * per copy out of a direct buffer).
 */
class TestJvmTest {

    @Test
    void theTestJvmRunsTheLeakDetectorAtParanoidOrDisabledForTheAllocationPass() {
        assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments())
                .containsAnyOf("-Dio.netty.leakDetection.level=PARANOID", "-Dio.netty.leakDetection.level=DISABLED")
                .contains("-XX:+IgnoreUnrecognizedVMOptions");
    }

    @Test
    void aJdkThatKnowsTheUnsafeOptionAllowsItAndNettyUsesUnsafe() {
        int major = Runtime.version().feature();
        if (major >= 23) {
            assertThat(System.getProperty("sun.misc.unsafe.memory.access"))
                    .as("--sun-misc-unsafe-memory-access on JDK %d", major)
                    .isEqualTo("allow");
        }
        assertThat(PlatformDependent.hasUnsafe())
                .as(
                        "Netty uses sun.misc.Unsafe on JDK %d (cause if not: %s)",
                        major, PlatformDependent.getUnsafeUnavailabilityCause())
                .isTrue();
    }
}
