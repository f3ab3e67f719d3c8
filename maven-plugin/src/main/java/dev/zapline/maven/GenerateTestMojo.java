package dev.zapline.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code zapline:generate-test}: as {@code generate}, for schemas only the tests use: {@code src/test/zap} to
 * {@code target/generated-test-sources/zap}, added to the test compile.
 */
@Mojo(name = "generate-test", defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public class GenerateTestMojo extends AbstractGenerateMojo {

    /** Folder of the test schemas; every {@code *.zap} below it is compiled. */
    @Parameter(defaultValue = "${project.basedir}/src/test/zap", property = "zapline.testSourceDirectory")
    File sourceDirectory;

    /** Folder the Java sources go into; the goal owns it (stale {@code .java} files in it are deleted). */
    @Parameter(
            defaultValue = "${project.build.directory}/generated-test-sources/zap",
            property = "zapline.testOutputDirectory")
    File outputDirectory;

    @Override
    File sourceDirectory() {
        return sourceDirectory;
    }

    @Override
    File outputDirectory() {
        return outputDirectory;
    }

    @Override
    void addSourceRoot(String dir) {
        project.addTestCompileSourceRoot(dir);
    }
}
