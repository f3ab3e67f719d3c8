package dev.zapline.server;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the Javadoc usage examples of one source file that the build does not compile. The rules, on purpose
 * simple enough to read in one go:
 *
 * <ul>
 *   <li>a {@code <pre>} block (with or without {@code {@code ...}}) is a Java example when one of its lines ends
 *       with {@code ;}, <code>{</code> or <code>}</code>; command lines, formulas, formats and output do not, and
 *       may stay {@code <pre>};
 *   <li>an inline {@code {@snippet : ...}} is uncompiled unless it names another language ({@code lang=shell},
 *       {@code lang=text}, ...);
 *   <li>an external {@code {@snippet class=... region=...}} (or {@code file=...}) must resolve: the file under the
 *       module's {@code src/test/java} (where {@code test-compile} compiles it, and where the javadoc
 *       {@code --snippet-path} points), holding that region's {@code @start} exactly once.
 * </ul>
 */
final class UncompiledExamples {

    /** One example to fix: the 1-based line of the source where it starts, and why. */
    record Problem(int line, String what) {
        @Override
        public String toString() {
            return line + ": " + what;
        }
    }

    private static final Pattern PRE = Pattern.compile("<pre>(\\{@code)?(.*?)</pre>", Pattern.DOTALL);
    private static final Pattern SNIPPET = Pattern.compile("\\{@snippet([^:}]*)(:?)");
    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+)\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s}]+)");

    private UncompiledExamples() {}

    /**
     * The problems of {@code source}; {@code testSource} maps a path relative to the module's {@code src/test/java}
     * (such as {@code dev/zapline/server/snippets/AppSnippets.java}) to that file's text, or null when it is absent.
     */
    static List<Problem> find(String source, Function<String, String> testSource) {
        List<Problem> problems = new ArrayList<>();
        Matcher pre = PRE.matcher(source);
        while (pre.find()) {
            String block = pre.group(2);
            if (pre.group(1) != null && block.lastIndexOf('}') >= 0) {
                block = block.substring(0, block.lastIndexOf('}')); // the brace that closes {@code
            }
            if (looksLikeJava(block)) {
                problems.add(new Problem(
                        line(source, pre.start()),
                        (pre.group(1) != null ? "<pre>{@code" : "<pre>")
                                + " Java example: make it a {@snippet class=... region=...} of a class under "
                                + "src/test/java"));
            }
        }
        Matcher s = SNIPPET.matcher(source);
        while (s.find()) {
            String lang = attribute(s.group(1), "lang");
            if (!s.group(2).isEmpty()) {
                if (lang == null || lang.equals("java")) {
                    problems.add(new Problem(
                            line(source, s.start()),
                            "inline {@snippet :} is not compiled: use class=... region=... under src/test/java"));
                }
                continue;
            }
            String problem = unresolved(s.group(1), testSource);
            if (problem != null) {
                problems.add(new Problem(line(source, s.start()), problem));
            }
        }
        return problems;
    }

    private static boolean looksLikeJava(String block) {
        for (String l : block.split("\n")) {
            String t = l.strip();
            t = t.startsWith("*") ? t.substring(1).strip() : t;
            if (t.endsWith(";") || t.endsWith("{") || t.endsWith("}")) {
                return true;
            }
        }
        return false;
    }

    private static String unresolved(String attributes, Function<String, String> testSource) {
        String cls = attribute(attributes, "class");
        String file = attribute(attributes, "file");
        String region = attribute(attributes, "region");
        if (cls == null && file == null) {
            return "{@snippet" + attributes + "} names neither class= nor file=";
        }
        String path = cls != null ? cls.replace('.', '/') + ".java" : file;
        String text = testSource.apply(path);
        if (text == null) {
            return "{@snippet} source " + path + " is not under this module's src/test/java";
        }
        if (region != null) {
            Matcher m = Pattern.compile("@start\\s+region\\s*=\\s*[\"']?" + Pattern.quote(region) + "[\"']?(?![\\w-])")
                    .matcher(text);
            int n = 0;
            while (m.find()) {
                n++;
            }
            if (n != 1) {
                return "{@snippet} region '" + region + "' starts " + n + " times in " + path + " (want once)";
            }
        }
        return null;
    }

    private static String attribute(String attributes, String name) {
        Matcher m = ATTRIBUTE.matcher(attributes);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                String v = m.group(2);
                return v.startsWith("\"") || v.startsWith("'") ? v.substring(1, v.length() - 1) : v;
            }
        }
        return null;
    }

    private static int line(String text, int index) {
        int n = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }
}
