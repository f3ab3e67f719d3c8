package dev.zapline.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code zapline:generate}: the project's {@code .zap} schemas ({@code src/main/zap}) to Java readers, writers and
 * interfaces under {@code target/generated-sources/zap}, added to the main compile (docs/gen.md). A schema that does
 * not compile fails the build with {@code FILE:LINE:COLUMN: problem}.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractGenerateMojo {

    /** Folder of the schemas; every {@code *.zap} below it is compiled. */
    @Parameter(defaultValue = "${project.basedir}/src/main/zap", property = "zapline.sourceDirectory")
    File sourceDirectory;

    /** Folder the Java sources go into; the goal owns it (stale {@code .java} files in it are deleted). */
    @Parameter(defaultValue = "${project.build.directory}/generated-sources/zap", property = "zapline.outputDirectory")
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
        project.addCompileSourceRoot(dir);
    }
}
