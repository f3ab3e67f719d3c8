package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every Javadoc usage example in the main sources of every module is compiled: it is a {@code {@snippet}} region
 * of a class under that module's {@code src/test/java} (the rules are {@link UncompiledExamples}'s).
 */
class JavadocExamplesTest {

    /**
     * Packages being moved into modules of their own; their examples are converted there. A package that has no
     * uncompiled example left (or is gone) must leave this list.
     */
    /** Packages whose examples are not converted yet; each must still have one, so the list only shrinks. */
    private static final List<String> PENDING = List.of();

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Problems per main source file (relative to the repository root, '/'-separated), pending packages included. */
    private static Map<String, List<UncompiledExamples.Problem>> scan() throws IOException {
        Path root = ReadmeExampleTest.repositoryRoot();
        Map<String, List<UncompiledExamples.Problem>> found = new TreeMap<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java")))
                    .toList()) {
                Path tests = module.resolve("src/test/java");
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f :
                            files.filter(p -> p.toString().endsWith(".java")).toList()) {
                        List<UncompiledExamples.Problem> p = UncompiledExamples.find(read(f), rel -> {
                            Path t = tests.resolve(rel);
                            return Files.isRegularFile(t) ? read(t) : null;
                        });
                        if (!p.isEmpty()) {
                            found.put(root.relativize(f).toString().replace('\\', '/'), p);
                        }
                    }
                }
            }
        }
        return found;
    }

    private static boolean pending(String file) {
        return PENDING.stream().anyMatch(file::contains);
    }

    @Test
    void everyMainSourceExampleIsACompiledSnippet() throws IOException {
        List<String> problems = new ArrayList<>();
        scan().forEach((file, p) -> {
            if (!pending(file)) {
                p.forEach(x -> problems.add(file + ":" + x));
            }
        });
        assertThat(problems).as("Javadoc examples the build does not compile").isEmpty();
    }

    @Test
    void pendingPackagesStillHaveExamplesToConvert() throws IOException {
        Map<String, List<UncompiledExamples.Problem>> found = scan();
        for (String pkg : PENDING) {
            assertThat(found.keySet())
                    .as("%s has uncompiled examples left; else remove it from PENDING", pkg)
                    .anyMatch(f -> f.contains(pkg));
        }
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
