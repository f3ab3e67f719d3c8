package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.peer.Peers;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "A server of your own" example, as the reader sees it: the {@code java} block under that heading is
 * compiled against the test class path and run as its own JVM; the {@code curl -s URL  # answer} lines of the
 * {@code sh} block after it are run against it; then it is stopped with SIGTERM and must exit. The only change to
 * the text is the port: the example's fixed {@code 127.0.0.1:8080} becomes a free one, so the test does not depend
 * on what else runs on the machine.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReadmeExampleTest {

    private static final String HEADING = "A server of your own";
    private static final String ADDRESS = "127.0.0.1:8080";
    private static final Pattern CLASS = Pattern.compile("public\\s+(?:final\\s+)?class\\s+(\\w+)");
    private static final Pattern CURL = Pattern.compile("curl -s (\\S+)\\s+# (.+)");

    /** The repository root: the nearest ancestor of the working directory holding README.md and mvnw. */
    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isRegularFile(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException(
                "no README.md and mvnw above " + Path.of("").toAbsolutePath());
    }

    /** The body of the first fenced block of {@code lang} after {@code from} in {@code text}. */
    static String fencedBlock(String text, int from, String lang) {
        String open = "```" + lang + "\n";
        int start = text.indexOf(open, from);
        assertThat(start)
                .as("a ```%s block after offset %d of README.md", lang, from)
                .isNotNegative();
        int end = text.indexOf("\n```", start + open.length());
        assertThat(end).as("the ```%s block at %d is closed", lang, start).isPositive();
        return text.substring(start + open.length(), end + 1);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static boolean answers(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String curl(String url) throws Exception {
        Peers.require("curl");
        Process p = new ProcessBuilder("curl", "-s", "--max-time", "10", url)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("curl %s finished", url).isTrue();
        assertThat(p.exitValue())
                .as("curl %s exit status; output: %s", url, out)
                .isZero();
        return out;
    }

    @Test
    void theReadmeServerRunsAsWrittenAnswersCurlAndStops(@TempDir Path dir) throws Exception {
        String readme = Files.readString(repositoryRoot().resolve("README.md"), StandardCharsets.UTF_8);
        int heading = readme.indexOf(HEADING);
        assertThat(heading).as("README.md has '%s'", HEADING).isNotNegative();
        String example = fencedBlock(readme, heading, "java");
        String commands = fencedBlock(readme, readme.indexOf(example, heading) + example.length(), "sh");
        assertThat(example.split(Pattern.quote(ADDRESS), -1))
                .as("the example listens on %s, once", ADDRESS)
                .hasSize(2);

        int port = freePort();
        String source = example.replace(ADDRESS, "127.0.0.1:" + port);
        Matcher c = CLASS.matcher(source);
        String className = "ReadmeExample";
        if (c.find()) {
            className = c.group(1);
        } else {
            // statements only: wrap them the way a reader would
            source = "import dev.zapline.server.*;\nimport java.util.*;\n\npublic class ReadmeExample {\n"
                    + "    public static void main(String[] args) throws Exception {\n" + source + "    }\n}\n";
        }
        compile(dir, className, source);

        String javaBinary = ProcessHandle.current().info().command().orElseThrow();
        Path log = dir.resolve("out.txt");
        Process server = new ProcessBuilder(
                        javaBinary, "-cp", dir + File.pathSeparator + System.getProperty("java.class.path"), className)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!answers(port)) {
                assertThat(server.isAlive())
                        .as("the example is running; its output:%n%s", Files.readString(log))
                        .isTrue();
                assertThat(System.nanoTime())
                        .as("port %d answers within 30 s", port)
                        .isLessThan(deadline);
                Thread.sleep(50);
            }
            List<String> checked = new ArrayList<>();
            for (String line : commands.split("\n")) {
                Matcher m = CURL.matcher(line.strip());
                if (m.matches()) {
                    String url = m.group(1).replace(ADDRESS, "127.0.0.1:" + port);
                    assertThat(curl(url))
                            .as("curl %s, as README.md says", url)
                            .isEqualTo(m.group(2).strip());
                    checked.add(url);
                }
            }
            assertThat(checked)
                    .as("curl lines in the sh block after the example:%n%s", commands)
                    .isNotEmpty();
            assertThat(server.isAlive())
                    .as("main returned long ago; the server still runs")
                    .isTrue();
            server.destroy(); // SIGTERM, as a service manager would
            assertThat(server.waitFor(20, TimeUnit.SECONDS))
                    .as("the example exits on SIGTERM")
                    .isTrue();
            assertThat(answers(port))
                    .as("nothing listens on %d after the exit", port)
                    .isFalse();
        } finally {
            server.destroyForcibly();
        }
    }

    private static void compile(Path dir, String className, String source) throws IOException {
        Path file = Files.writeString(dir.resolve(className + ".java"), source, StandardCharsets.UTF_8);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(
                            null,
                            files,
                            diagnostics,
                            List.of("-proc:none", "-d", dir.toString(), "-cp", System.getProperty("java.class.path")),
                            null,
                            files.getJavaFileObjects(file))
                    .call();
            assertThat(ok)
                    .as("the README example compiles:%n%s%n%s", source, diagnostics.getDiagnostics())
                    .isTrue();
        }
    }
}
