package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The Java runtime cli/image/base-from-host.sh links for the container image holds every module the shaded jar
 * needs, as jdeps finds them: a module missing there would fail only at run time, inside the container.
 */
class ImageModulesIT {

    private static final Path JAR = Path.of("target", "zapline.jar");

    @Test
    void theBaseImageRuntimeHasEveryModuleTheJarNeeds() throws Exception {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = jdeps.run(
                new PrintWriter(out),
                new PrintWriter(err),
                "--ignore-missing-deps",
                "-q",
                "--multi-release",
                "base",
                "--print-module-deps",
                JAR.toString());
        assertThat(status).as(err.toString()).isZero();
        List<String> needed = Arrays.asList(out.toString().strip().split(","));
        assertThat(needed).contains("java.base", "jdk.unsupported");
        assertThat(baseModules()).containsAll(needed);
    }

    private static List<String> baseModules() throws Exception {
        Path script = ModuleLayeringTest.repo().resolve("cli").resolve("image").resolve("base-from-host.sh");
        Matcher m =
                Pattern.compile("(?m)^modules=\\(([^)]*)\\)").matcher(Files.readString(script, StandardCharsets.UTF_8));
        assertThat(m.find()).as("modules=(...) in %s", script).isTrue();
        return Arrays.asList(m.group(1).strip().split("\\s+"));
    }
}
