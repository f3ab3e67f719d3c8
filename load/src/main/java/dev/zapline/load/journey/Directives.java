package dev.zapline.load.journey;

import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The {@code # @word ...} (or {@code // @word ...}) lines of a request: {@code @name}, {@code @check},
 * {@code @expect}, {@code @think} and {@code @gg-export}. JetBrains' {@code @no-log}, {@code @no-redirect} and
 * {@code @no-cookie-jar} are accepted and change nothing: journeys never follow redirects, keep cookies or log
 * responses. Timeouts are the run's ({@code --timeout}), not a request's.
 */
final class Directives {

    private static final String KNOWN = "@name, @check, @expect, @think, @gg-export";
    private static final Pattern EXPORT_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");
    private static final Pattern STATUSES = Pattern.compile(
            "([1-5][0-9][0-9](-[1-5][0-9][0-9])?|[1-5]xx)(,([1-5][0-9][0-9](-[1-5][0-9][0-9])?|[1-5]xx))*");

    private final Path file;
    private final Variables vars;

    Directives(Path file, Variables vars) {
        this.file = file;
        this.vars = vars;
    }

    /**
     * The index of the {@code @} of a directive in this line, or -1 when it is a plain comment or no comment. The
     * line starts, after blanks, with {@code #} or {@code //}, then {@code @} and a letter.
     */
    static int directiveAt(String line) {
        String t = line.stripLeading();
        int marker = t.startsWith("#") ? 1 : t.startsWith("//") ? 2 : -1;
        if (marker < 0) {
            return -1;
        }
        int i = line.length() - t.length() + marker;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        boolean directive = i + 1 < line.length() && line.charAt(i) == '@' && Character.isLetter(line.charAt(i + 1));
        return directive ? i : -1;
    }

    /** Applies the directive whose {@code @} is at {@code text[at]} (line {@code line}) to {@code step}. */
    void apply(String text, int line, int at, StepDraft step) {
        int end = at + 1;
        while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '-')) {
            end++;
        }
        String word = text.substring(at, end);
        int arg = end;
        while (arg < text.length() && Character.isWhitespace(text.charAt(arg))) {
            arg++;
        }
        if (word.equals("@name") && arg < text.length() && text.charAt(arg) == '=') {
            arg++;
            while (arg < text.length() && Character.isWhitespace(text.charAt(arg))) {
                arg++;
            }
        }
        String value = text.substring(arg).strip();
        Location where = new Location(file, line, at + 1);
        Location argAt = new Location(file, line, arg + 1);
        if (step.firstDirective == null) {
            step.firstDirective = where;
        }
        switch (word) {
            case "@name" -> {
                if (value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
                    throw new JourneyException(argAt, "expected one word after @name, found '" + value + "'");
                }
                once(step.directiveName != null, where, "@name");
                step.directiveName = value;
            }
            case "@check" -> step.checks.add(CheckParser.parse(file, line, text, arg));
            case "@expect" -> {
                once(step.expect != null, where, "@expect");
                step.expect = expect(value, argAt);
            }
            case "@think" -> {
                once(step.thinkNanos >= 0, where, "@think");
                step.thinkNanos = Durations.nanos(value);
                if (step.thinkNanos < 0) {
                    throw new JourneyException(
                            argAt, "expected a duration such as 250us, 500ms or 1.5s, found '" + value + "'");
                }
            }
            case "@gg-export" -> export(text, line, arg, step);
            case "@no-log", "@no-redirect", "@no-cookie-jar" -> {}
            case "@timeout", "@connection-timeout" ->
                throw new JourneyException(where, word + " is not supported per request; use --timeout for the run");
            default -> throw new JourneyException(where, "unknown directive " + word + "; known: " + KNOWN);
        }
    }

    private static void once(boolean given, Location where, String word) {
        if (given) {
            throw new JourneyException(where, word + " is given twice for this request");
        }
    }

    private static String expect(String value, Location at) {
        String v = value.startsWith("status") ? value.substring(6) : value;
        v = v.replaceAll("\\s+", "");
        if (!STATUSES.matcher(v).matches()) {
            throw new JourneyException(
                    at, "expected statuses such as 404, 200,201, 2xx or 200-204, found '" + value + "'");
        }
        for (String item : v.split(",")) {
            if (item.length() == 7 && item.substring(4).compareTo(item.substring(0, 3)) < 0) {
                throw new JourneyException(at, "expected a range's end to be at least its start, found " + item);
            }
        }
        return v;
    }

    private void export(String text, int line, int at, StepDraft step) {
        var m = EXPORT_NAME.matcher(text).region(at, text.length());
        if (!m.lookingAt()) {
            throw new JourneyException(
                    new Location(file, line, at + 1), "expected @gg-export NAME = jsonpath: PATH or NAME = regex: RE");
        }
        String name = m.group();
        int i = skip(text, m.end());
        if (i >= text.length() || text.charAt(i) != '=') {
            throw new JourneyException(new Location(file, line, i + 1), "expected '=' after the export name");
        }
        i = skip(text, i + 1);
        Location exportAt = new Location(file, line, at + 1);
        Export.Source source;
        if (text.startsWith("jsonpath:", i)) {
            int pathAt = skip(text, i + 9);
            JsonPathParser.Parsed p = JsonPathParser.parse(file, line, text, pathAt);
            if (!text.substring(p.end()).isBlank()) {
                throw new JourneyException(
                        new Location(file, line, p.end() + 1),
                        "unexpected '" + text.substring(p.end()).strip() + "' after the JSONPath");
            }
            source = new Export.Body(p.path());
        } else if (text.startsWith("regex:", i)) {
            int reAt = skip(text, i + 6);
            String re = text.substring(reAt).strip();
            try {
                source = new Export.Regex(Pattern.compile(re));
            } catch (PatternSyntaxException e) {
                int col = reAt + Math.max(0, Math.min(e.getIndex(), re.length())) + 1;
                throw new JourneyException(new Location(file, line, col), "bad regex: " + e.getDescription());
            }
        } else {
            throw new JourneyException(new Location(file, line, i + 1), "expected 'jsonpath:' or 'regex:' after '='");
        }
        int slot = vars.export(name, step, exportAt);
        step.exports.add(new Export(slot, name, source, exportAt));
    }

    private static int skip(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
