package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The container image (the cli pom's {@code image} and {@code image-push} profiles) starts the JVM as the launcher
 * starts {@code zapline load} on JDK 24+ (zapline-java.sh), after {@code -XX:+IgnoreUnrecognizedVMOptions} (so that a
 * base with an older JDK skips the options it lacks) and without the heap pair, which a container leaves to its
 * memory limit and the user; and it has the name, tarball and working directory the docs and the Kubernetes
 * manifest use.
 */
class ImageFlagsTest {

    private static final String IGNORE_UNRECOGNIZED = "-XX:+IgnoreUnrecognizedVMOptions";

    @Test
    void theImageStartsTheJvmAsTheLauncherStartsLoadWithoutTheHeapPair() throws Exception {
        List<String> launcher = new ArrayList<>(loadFlags(25));
        assertThat(launcher.removeAll(List.of("-Xms8m", "-Xmx256m"))).isTrue();
        List<String> image = imageJvmFlags();
        assertThat(image).first().isEqualTo(IGNORE_UNRECOGNIZED);
        assertThat(image.subList(1, image.size()))
                .containsExactlyElementsOf(launcher)
                .noneMatch(f -> f.startsWith("-Xm"));
    }

    /**
     * The image's java is whatever JDK the base holds (the host's, with base-from-host.sh): every JDK installed here
     * starts with the image's flags, including one older than the JDK 23 and 22 options among them (Debian's 17,
     * where installed), which skips those options.
     */
    @Test
    void everyJdkOnThisMachineStartsWithTheImageFlags() throws Exception {
        List<String> flags = imageJvmFlags();
        Set<Path> homes = new TreeSet<>();
        Path jvm = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvm)) {
            try (DirectoryStream<Path> jvms = Files.newDirectoryStream(jvm)) {
                for (Path p : jvms) {
                    if (Files.isExecutable(p.resolve("bin/java"))) {
                        homes.add(p.toRealPath());
                    }
                }
            }
        }
        homes.add(Path.of(System.getProperty("java.home")).toRealPath());
        for (Path home : homes) {
            List<String> command =
                    new ArrayList<>(List.of(home.resolve("bin/java").toString()));
            command.addAll(flags);
            command.add("-version");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue())
                    .as("%s with the image's flags:%n%s", home, out)
                    .isZero();
        }
    }

    @Test
    void theImageIsNamedForTheKubernetesManifestAndWritesToResults() throws Exception {
        Element jib = jibConfiguration();
        assertThat(text(jib, "to", "image")).isEqualTo("zapline:${project.version}");
        assertThat(text(jib, "outputPaths", "tar")).isEqualTo("${project.build.directory}/zapline-image.tar");
        assertThat(text(jib, "container", "workingDirectory")).isEqualTo("/results");
        assertThat(text(jib, "container", "volumes", "volume")).isEqualTo("/results");
        assertThat(text(jib, "from", "image")).isEqualTo("${zapline.image.base}");
    }

    private static List<String> imageJvmFlags() throws Exception {
        NodeList flags = jibConfiguration().getElementsByTagName("jvmFlag");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < flags.getLength(); i++) {
            out.add(flags.item(i).getTextContent().strip());
        }
        return out;
    }

    /** The jib configuration both image profiles share: in the cli pom's plugin management. */
    private static Element jibConfiguration() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(ModuleLayeringTest.repo()
                        .resolve("cli")
                        .resolve("pom.xml")
                        .toFile());
        Element management = child(child(pom.getDocumentElement(), "build"), "pluginManagement");
        NodeList plugins = management.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (text(plugin, "artifactId").equals("jib-maven-plugin")) {
                return child(plugin, "configuration");
            }
        }
        throw new AssertionError("no jib-maven-plugin in the cli pom's plugin management");
    }

    private static String text(Element e, String... path) {
        Element at = e;
        for (String name : path) {
            at = child(at, name);
        }
        return at.getTextContent().strip();
    }

    private static Element child(Element e, String name) {
        for (org.w3c.dom.Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no <" + name + "> in <" + e.getTagName() + ">");
    }

    /** The flags zapline_load_jvm_opts MAJOR leaves in zapline_opts. */
    private static List<String> loadFlags(int major) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        Path script = ModuleLayeringTest.repo().resolve("zapline-java.sh");
        Process p = new ProcessBuilder(
                        "/bin/bash",
                        "-c",
                        ". \"$0\"; zapline_load_jvm_opts \"$1\"; printf '%s\\n' \"${zapline_opts[@]}\"",
                        script.toString(),
                        Integer.toString(major))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }
}
