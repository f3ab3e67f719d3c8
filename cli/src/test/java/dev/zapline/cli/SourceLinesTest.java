package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every line of the Java sources, main and test, of every module the root {@code pom.xml} lists is at most 120
 * characters. The formatter breaks code at that width but cannot break a long string literal or comment; this holds
 * those. Reads the sources from the repository the test runs in ({@link ModuleLayeringTest#repo()}).
 */
class SourceLinesTest {

    static final int MAX = 120;

    @Test
    void noJavaLineIsLongerThan120Characters() {
        Path repo = ModuleLayeringTest.repo();
        List<String> offenders = new ArrayList<>();
        int files = 0;
        for (String module : modules(repo)) {
            for (String tree : List.of("src/main/java", "src/test/java")) {
                for (Path file :
                        ModuleLayeringTest.javaFiles(repo.resolve(module).resolve(tree))) {
                    files++;
                    List<String> lines = lines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        int length = lines.get(i).length();
                        if (length > MAX) {
                            offenders.add(repo.relativize(file) + ":" + (i + 1) + " (" + length + ")");
                        }
                    }
                }
            }
        }
        assertThat(files).as("Java sources read").isGreaterThan(400);
        assertThat(offenders).as("lines longer than %d characters", MAX).isEmpty();
    }

    /** The {@code <module>} elements of the root pom, in order. */
    private static List<String> modules(Path repo) {
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(read(repo.resolve("pom.xml")));
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1).strip());
        }
        assertThat(modules).as("modules of the root pom").isNotEmpty();
        return modules;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
