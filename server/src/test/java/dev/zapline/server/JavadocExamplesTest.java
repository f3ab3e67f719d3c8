package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every Javadoc usage example in every main source tree of the repository is compiled: it is a {@code {@snippet}}
 * region of a class under the same module's {@code src/test/java} (the rules are {@link UncompiledExamples}'s).
 * The trees are found by walking the repository (every {@code src/main/java} outside {@code target} and hidden
 * directories), so a new or nested module is checked without being listed here; that the walk found at least every
 * module of the root {@code pom.xml} is checked too.
 */
class JavadocExamplesTest {

    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    /** What a scan found: the main source trees walked ('/'-separated, relative to the root) and the problems. */
    record Scan(List<String> trees, int files, Map<String, List<UncompiledExamples.Problem>> problems) {

        /** Each problem as {@code file:line: what}. */
        List<String> lines() {
            List<String> out = new ArrayList<>();
            problems.forEach((file, p) -> p.forEach(x -> out.add(file + ":" + x)));
            return out;
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String rel(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
    }

    /** Every {@code src/main/java} under {@code root}, skipping build output and hidden directories. */
    private static List<Path> mainTrees(Path root) throws IOException {
        List<Path> trees = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                if (!dir.equals(root) && (name.equals("target") || name.startsWith("."))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                if (dir.endsWith(Path.of("src", "main", "java"))) {
                    trees.add(dir);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }
        });
        trees.sort(null);
        return trees;
    }

    /** Checks every main source file under {@code root}, resolving snippets in its own module's test tree. */
    static Scan scan(Path root) throws IOException {
        List<String> trees = new ArrayList<>();
        int files = 0;
        Map<String, List<UncompiledExamples.Problem>> found = new TreeMap<>();
        for (Path main : mainTrees(root)) {
            trees.add(rel(root, main));
            Path tests = main.getParent().getParent().resolve("test/java");
            List<Path> sources;
            try (Stream<Path> walk = Files.walk(main)) {
                sources = walk.filter(p -> p.toString().endsWith(".java"))
                        .sorted()
                        .toList();
            }
            for (Path f : sources) {
                files++;
                List<UncompiledExamples.Problem> p = UncompiledExamples.find(read(f), r -> {
                    Path t = tests.resolve(r);
                    return Files.isRegularFile(t) ? read(t) : null;
                });
                if (!p.isEmpty()) {
                    found.put(rel(root, f), p);
                }
            }
        }
        return new Scan(trees, files, found);
    }

    /** The {@code <module>} entries of {@code root}'s pom.xml. */
    private static List<String> modules(Path root) {
        List<String> out = new ArrayList<>();
        Matcher m = MODULE.matcher(read(root.resolve("pom.xml")));
        while (m.find()) {
            out.add(m.group(1).strip());
        }
        return out;
    }

    @Test
    void everyMainSourceExampleIsACompiledSnippet() throws IOException {
        Path root = ReadmeExampleTest.repositoryRoot();
        Scan s = scan(root);
        assertThat(s.lines()).as("Javadoc examples the build does not compile").isEmpty();
        List<String> modules = modules(root);
        assertThat(modules).as("modules of the root pom.xml").isNotEmpty();
        assertThat(s.trees())
                .as("main source trees checked (%d files)", s.files())
                .containsAll(modules.stream().map(m -> m + "/src/main/java").toList());
    }

    /**
     * The scan itself, on a repository made for it: a bad example in any module's main sources is reported with
     * its file and line, in a nested module and in one the root pom does not list too; a snippet resolves only in
     * its own module's test tree; build output and test sources are not checked.
     */
    @Test
    void reportsEveryBadExampleOfEveryMainSourceTreeWithItsFileAndLine(@TempDir Path root) throws IOException {
        write(root, "pom.xml", "<modules><module>a</module><module>b</module></modules>");
        write(root, "a/src/test/java/p/S.java", SNIPPETS);
        write(
                root,
                "a/src/main/java/p/Good.java",
                "package p;\n/** {@snippet class=p.S region=main} */\nclass Good {}");
        write(root, "a/src/main/java/p/Pre.java", "package p;\n\n/** <pre>{@code x();}</pre> */\nclass Pre {}");
        write(root, "a/src/test/java/p/InTests.java", "/** <pre>{@code x();}</pre> */ class InTests {}");
        write(root, "a/target/generated-sources/p/Gen.java", "/** <pre>{@code x();}</pre> */ class Gen {}");
        write(root, "b/src/main/java/q/Inline.java", "/**\n * {@snippet :\n * run();\n * }\n */\nclass Inline {}");
        write(root, "b/src/main/java/q/Elsewhere.java", "/** {@snippet class=p.S region=main} */ class Elsewhere {}");
        write(root, "b/inner/src/main/java/r/Nested.java", "/** {@snippet class=p.S region=gone} */ class Nested {}");
        write(root, "b/inner/src/test/java/p/S.java", SNIPPETS);
        write(root, "unlisted/src/main/java/Plain.java", "/** <pre>\n * if (x) {\n * }\n * </pre> */ class Plain {}");

        Scan s = scan(root);

        assertThat(s.trees())
                .containsExactly(
                        "a/src/main/java", "b/inner/src/main/java", "b/src/main/java", "unlisted/src/main/java");
        assertThat(s.files()).isEqualTo(6);
        assertThat(s.lines())
                .containsExactly(
                        "a/src/main/java/p/Pre.java:3: <pre>{@code Java example: make it a {@snippet class=... "
                                + "region=...} of a class under src/test/java",
                        "b/inner/src/main/java/r/Nested.java:1: {@snippet} region 'gone' starts 0 times in p/S.java "
                                + "(want once)",
                        "b/src/main/java/q/Elsewhere.java:1: {@snippet} source p/S.java is not under this module's "
                                + "src/test/java",
                        "b/src/main/java/q/Inline.java:2: inline {@snippet :} is not compiled: use class=... "
                                + "region=... under src/test/java",
                        "unlisted/src/main/java/Plain.java:1: <pre> Java example: make it a {@snippet class=... "
                                + "region=...} of a class under src/test/java");
    }

    private static void write(Path root, String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private static final String SNIPPETS = """
            class S {
                void a() {
                    // @start region="main"
                    run();
                    // @end
                }
            }
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            java in pre code                   | /** <pre>{@code\\n * App.create().start();\\n * }</pre> */        | 1
            one-line call in pre code          | /** <pre>{@code out.writeBytes(x);}</pre> */                      | 1
            java in plain pre                  | /** <pre>\\n * if (x) {\\n *   y();\\n * }\\n * </pre> */          | 1
            command line in pre code           | /** <pre>{@code\\n * java -cp b.jar Main 8080\\n * }</pre> */      | 0
            output in plain pre                | /** <pre>\\n * GET /users/7 200 42 153us\\n * </pre> */            | 0
            inline snippet                     | /** {@snippet :\\n * run();\\n * } */                              | 1
            inline java snippet                | /** {@snippet lang=java :\\n * run();\\n * } */                    | 1
            inline shell snippet               | /** {@snippet lang=shell :\\n * zapline tune check\\n * } */       | 0
            resolved class region              | /** {@snippet class=p.S region=main} */                           | 0
            quoted region                      | /** {@snippet class=p.S region="main"} */                         | 0
            resolved file                      | /** {@snippet file=p/S.java region=main} */                       | 0
            missing region                     | /** {@snippet class=p.S region=other} */                          | 1
            region that only prefixes another  | /** {@snippet class=p.S region=mai} */                            | 1
            missing class                      | /** {@snippet class=p.T region=main} */                           | 1
            neither class nor file             | /** {@snippet region=main} */                                     | 1
            """)
    void findsExamplesTheBuildDoesNotCompile(String what, String source, int problems) {
        List<UncompiledExamples.Problem> found =
                UncompiledExamples.find(source.replace("\\n", "\n"), rel -> rel.equals("p/S.java") ? SNIPPETS : null);
        assertThat(found).as(what).hasSize(problems);
    }

    @Test
    void aRegionStartedTwiceIsRefused() {
        String twice = SNIPPETS + "// @start region=\"main\"\n// @end\n";
        assertThat(UncompiledExamples.find("/** {@snippet class=p.S region=main} */", rel -> twice))
                .singleElement()
                .asString()
                .contains("starts 2 times");
    }
}
