package dev.zapline.maven;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * What both goals do: every {@code *.zap} file under the source folder (sub-folders included, in path order) compiled
 * as one unit, written to the output folder, which becomes a source root of the build.
 *
 * <p>The compiler ({@code zapline-gen}, Java 21 classes) runs in a child JVM of JDK 21 or newer, since Maven's own
 * JVM may be older: the {@code javaExecutable} parameter when set, else the JDK that {@code maven-toolchains-plugin}
 * selected for the project, else Maven's JVM when it is 21+. This module alone is compiled for Java 17, so that Maven
 * on 17 can load it.
 *
 * <p>The output folder belongs to the goal: a {@code .java} file in it that this run did not generate (a struct
 * renamed or removed) is deleted, and a file whose text did not change is not rewritten, so an incremental compile
 * sees only real changes. Schemas are named in errors and in the generated header by their path relative to the
 * project, which keeps the output the same on every machine.
 */
abstract class AbstractGenerateMojo extends AbstractMojo {

    private static final String GEN = "dev.zapline:zapline-gen";
    private static final long TIMEOUT_SECONDS = 300;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    PluginDescriptor plugin;

    @Component
    ToolchainManager toolchains;

    /** Java package of every generated type; by default each schema's own {@code package}. */
    @Parameter(property = "zapline.package")
    String packageName;

    /**
     * Also generate {@code NameRpc} per interface, the binding to zapline's native RPC runtime; the project then
     * needs {@code zapline-server} and {@code zapline-client} besides {@code zapline-wire}.
     */
    @Parameter(property = "zapline.rpc", defaultValue = "false")
    boolean rpc;

    /** The {@code java} of a JDK 21+ to run the compiler with; by default the toolchain's, else Maven's own. */
    @Parameter(property = "zapline.java")
    String javaExecutable;

    /** Skips the goal. */
    @Parameter(property = "zapline.gen.skip", defaultValue = "false")
    boolean skip;

    abstract File sourceDirectory();

    abstract File outputDirectory();

    abstract void addSourceRoot(String dir);

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("zapline: generate skipped");
            return;
        }
        Path src = sourceDirectory().toPath();
        Path out = outputDirectory().toPath();
        List<Path> schemas = schemas(src);
        if (schemas.isEmpty()) {
            getLog().info("zapline: no .zap schemas in " + src);
            return;
        }
        List<String> command = new ArrayList<>(List.of(java(), "-cp", compilerClasspath(), "dev.zapline.gen.GenMain"));
        command.addAll(List.of("--out", out.toString(), "--prune"));
        if (packageName != null && !packageName.isBlank()) {
            command.addAll(List.of("--package", packageName.strip()));
        }
        if (rpc) {
            command.add("--rpc");
        }
        Path base = project.getBasedir().toPath();
        for (Path p : schemas) {
            String name = p.startsWith(base) ? base.relativize(p).toString() : p.toString();
            command.addAll(List.of("--schema", name.replace(File.separatorChar, '/'), p.toString()));
        }
        Result r = run(command);
        if (r.exit == 2) {
            throw new MojoFailureException(r.err.strip());
        }
        if (r.exit != 0) {
            throw new MojoExecutionException("zapline: the compiler exited " + r.exit + ": " + r.err.strip());
        }
        addSourceRoot(out.toString());
        getLog().info("zapline: " + schemas.size() + " schema(s) -> " + out + " (" + r.out.strip() + ")");
    }

    /** The compiler's classes: the plugin's own zapline-gen dependency (a jar, or a reactor module's classes). */
    String compilerClasspath() throws MojoExecutionException {
        Artifact gen = plugin.getArtifactMap().get(GEN);
        if (gen == null || gen.getFile() == null) {
            throw new MojoExecutionException("zapline: the plugin's " + GEN + " dependency is not resolved");
        }
        return gen.getFile().getAbsolutePath();
    }

    String java() throws MojoExecutionException {
        if (javaExecutable != null && !javaExecutable.isBlank()) {
            return javaExecutable;
        }
        Toolchain jdk = toolchains != null ? toolchains.getToolchainFromBuildContext("jdk", session) : null;
        if (jdk != null && jdk.findTool("java") != null) {
            return jdk.findTool("java");
        }
        if (Runtime.version().feature() >= 21) {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
        throw new MojoExecutionException("zapline: the schema compiler needs a JDK 21 or newer; Maven runs on "
                + Runtime.version() + " and the project selects no JDK toolchain. Select one (maven-toolchains-plugin"
                + " goal select-jdk-toolchain, version [21,)), or set -Dzapline.java=/path/to/jdk-21/bin/java.");
    }

    private record Result(int exit, String out, String err) {}

    private Result run(List<String> command) throws MojoExecutionException {
        try {
            Path stdout = Files.createTempFile("zapline-gen", ".out");
            Path stderr = Files.createTempFile("zapline-gen", ".err");
            try {
                Process p = new ProcessBuilder(command)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile())
                        .start();
                if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new MojoExecutionException("zapline: the compiler ran over " + TIMEOUT_SECONDS + " s");
                }
                return new Result(
                        p.exitValue(),
                        Files.readString(stdout, StandardCharsets.UTF_8),
                        Files.readString(stderr, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(stdout);
                Files.deleteIfExists(stderr);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("zapline: cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("zapline: interrupted", e);
        }
    }

    private static List<Path> schemas(Path src) throws MojoExecutionException {
        if (!Files.isDirectory(src)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(src)) {
            return walk.filter(p ->
                            Files.isRegularFile(p) && p.getFileName().toString().endsWith(".zap"))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new MojoExecutionException("zapline: cannot list " + src + ": " + e.getMessage(), e);
        }
    }
}
