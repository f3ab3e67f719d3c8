package dev.zapline.load.journey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one {@code .http} file (JetBrains HTTP Client and VS Code REST Client syntax) into a {@link Journey}.
 *
 * <p>{@code ###} separates requests (text after it names the next one, as does {@code # @name NAME}). Before a
 * request line come blank lines, comments ({@code #} or {@code //}), directives ({@link Directives}) and file
 * variables ({@code @name = value}); after it, headers up to a blank line, then the body up to the next {@code ###}
 * with trailing blank lines dropped and lines joined by LF (a "body" of only comments and blank lines is comments,
 * and its directives apply to the request above). A body line {@code < ./path} puts that file's bytes
 * there as they are; {@code <@ ./path} substitutes variables in it first. A {@code Host} header is kept;
 * {@code Content-Length} and {@code Transfer-Encoding} are refused (the writer frames the body). Pre-request and
 * response handler scripts and response redirects are refused: values come from variables, environments and data;
 * responses are read with {@code # @gg-export} and {@code # @check}.
 */
final class HttpFileParser {

    private enum State {
        PREAMBLE,
        HEADERS,
        BODY
    }

    private static final Pattern VARIABLE = Pattern.compile("@([A-Za-z_][A-Za-z0-9_.-]*)\\s*=\\s*");

    private final Path file;
    private final Variables vars;
    private final Directives directives;
    private final List<StepDraft> steps = new ArrayList<>();
    private final Map<String, Integer> nameLines = new HashMap<>();

    private HttpFileParser(Path file, Map<String, String> env, DataSet data) {
        this.file = file;
        this.vars = new Variables(env, data);
        this.directives = new Directives(file, vars);
    }

    /**
     * Reads {@code file} as journey {@code name}, with the environment {@code env} and the data columns of
     * {@code data} (null for none).
     *
     * @throws JourneyException at the offending line:column for anything that cannot be run, or a file without
     *     requests
     */
    static Journey parse(Path file, String name, int weight, Map<String, String> env, DataSet data) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new JourneyException(new Location(file, 1, 1), "cannot read the file: " + e);
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        HttpFileParser p = new HttpFileParser(file, env, data);
        p.read(Arrays.asList(text.split("\r?\n", -1)));
        if (p.steps.isEmpty()) {
            throw new JourneyException(
                    new Location(file, 1, 1), "no requests: expected a request line such as GET https://host/path");
        }
        List<Step> built = new ArrayList<>();
        for (StepDraft d : p.steps) {
            built.add(d.build(built.size()));
        }
        return new Journey(name, file, weight, built, p.vars.slots());
    }

    private void read(List<String> lines) {
        State state = State.PREAMBLE;
        StepDraft step = new StepDraft();
        List<Integer> body = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            String t = line.strip();
            if (line.startsWith("###")) {
                finish(step, body, lines);
                step = new StepDraft();
                body = new ArrayList<>();
                step.separatorName =
                        t.substring(3).strip().isEmpty() ? null : t.substring(3).strip();
                state = State.PREAMBLE;
                i++;
                continue;
            }
            if (state != State.BODY || t.startsWith(">") || t.startsWith("<")) {
                refuseHandler(t, i + 1, line.length() - line.stripLeading().length());
            }
            if (state == State.BODY) {
                body.add(i);
            } else if (t.isEmpty()) {
                state = state == State.HEADERS ? State.BODY : state;
            } else if (t.startsWith("#") || t.startsWith("//")) {
                int at = Directives.directiveAt(line);
                if (at >= 0) {
                    directives.apply(line, i + 1, at, step);
                }
            } else if (state == State.PREAMBLE && t.startsWith("@")) {
                variable(line, i + 1);
            } else if (state == State.PREAMBLE) {
                i = RequestLine.read(file, lines, i, step, vars);
                state = State.HEADERS;
                continue;
            } else {
                header(line, i + 1, step);
            }
            i++;
        }
        finish(step, body, lines);
    }

    private void refuseHandler(String t, int line, int col) {
        Location at = new Location(file, line, col + 1);
        if (t.startsWith(">>")) {
            throw new JourneyException(
                    at, "response redirects (>> FILE) are not supported: journeys do not save " + "responses");
        }
        if (t.startsWith("< {%") || t.startsWith("<{%")) {
            throw new JourneyException(
                    at,
                    "pre-request scripts are not run; use file variables, environment files, "
                            + "data columns or {{$uuid}}-style values");
        }
        if (t.startsWith("> {%") || t.startsWith(">{%") || (t.startsWith("> ") && t.endsWith(".js"))) {
            throw new JourneyException(
                    at,
                    "response handler scripts are not run; extract values with "
                            + "'# @gg-export NAME = jsonpath: $.path' and test responses with '# @check ...' before "
                            + "the "
                            + "request line");
        }
    }

    private void variable(String line, int lineNo) {
        int at = line.indexOf('@');
        Matcher m = VARIABLE.matcher(line);
        if (!m.region(at, line.length()).lookingAt()) {
            throw new JourneyException(
                    new Location(file, lineNo, at + 1),
                    "expected a file variable '@name = value', found '" + line.strip() + "'");
        }
        String trimmed = line.stripTrailing();
        vars.define(m.group(1), file, lineNo, trimmed, m.end(), new Location(file, lineNo, at + 1));
    }

    private void header(String line, int lineNo, StepDraft step) {
        int start = line.length() - line.stripLeading().length();
        int colon = line.indexOf(':');
        String name = colon < 0 ? "" : line.substring(start, colon).strip();
        if (name.isEmpty() || !name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
            throw new JourneyException(
                    new Location(file, lineNo, start + 1),
                    "expected a header 'Name: value' or " + "a blank line before the body, found '" + line.strip()
                            + "'");
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("content-length") || lower.equals("transfer-encoding")) {
            throw new JourneyException(
                    new Location(file, lineNo, start + 1),
                    name + " is set by the load generator, which frames the body; remove this header");
        }
        int valueAt = colon + 1;
        while (valueAt < line.length() && Character.isWhitespace(line.charAt(valueAt))) {
            valueAt++;
        }
        TemplateBuilder value = new TemplateBuilder();
        vars.compile(
                file,
                lineNo,
                line,
                valueAt,
                Math.max(valueAt, line.stripTrailing().length()),
                value,
                step);
        step.headers.add(new Step.Header(name, value.build()));
    }

    private void finish(StepDraft step, List<Integer> body, List<String> lines) {
        if (!step.hasRequest()) {
            if (step.firstDirective != null) {
                throw new JourneyException(step.firstDirective, "this directive is not followed by a request line");
            }
            return;
        }
        if (onlyComments(body, lines)) {
            for (int i : body) {
                int at = Directives.directiveAt(lines.get(i));
                if (at >= 0) {
                    directives.apply(lines.get(i), i + 1, at, step);
                }
            }
            body.clear();
        }
        int last = body.size();
        while (last > 0 && lines.get(body.get(last - 1)).isBlank()) {
            last--;
        }
        TemplateBuilder out = new TemplateBuilder();
        for (int k = 0; k < last; k++) {
            if (k > 0) {
                out.text("\n");
            }
            bodyLine(lines.get(body.get(k)), body.get(k) + 1, out, step);
        }
        step.body = out.build();
        step.name = step.directiveName != null
                ? step.directiveName
                : step.separatorName != null ? step.separatorName : step.method + " " + path(step.target);
        Integer first = nameLines.putIfAbsent(step.name, step.location.line());
        if (first != null) {
            throw new JourneyException(
                    step.location, "duplicate request name '" + step.name + "' (first at line " + first + ")");
        }
        steps.add(step);
        vars.finished(step);
    }

    /** Whether the body is only comments and blank lines: then they are comments, not a body. */
    private static boolean onlyComments(List<Integer> body, List<String> lines) {
        for (int i : body) {
            String t = lines.get(i).strip();
            if (!t.isEmpty() && !t.startsWith("#") && !t.startsWith("//")) {
                return false;
            }
        }
        return true;
    }

    private void bodyLine(String line, int lineNo, TemplateBuilder out, StepDraft step) {
        boolean substitute = line.startsWith("<@");
        if (!substitute && !line.startsWith("< ")) {
            vars.compile(file, lineNo, line, 0, line.length(), out, step);
            return;
        }
        int at = substitute ? 2 : 1;
        while (at < line.length() && Character.isWhitespace(line.charAt(at))) {
            at++;
        }
        Path included = file.resolveSibling(line.substring(at).strip());
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(included);
        } catch (IOException e) {
            throw new JourneyException(new Location(file, lineNo, at + 1), "cannot read the body file: " + e);
        }
        if (!substitute) {
            out.bytes(bytes);
            return;
        }
        String[] text = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int k = 0; k < text.length; k++) {
            if (k > 0) {
                out.text("\n");
            }
            vars.compile(included, k + 1, text[k], 0, text[k].length(), out, step);
        }
    }

    private static String path(Template target) {
        StringBuilder s = new StringBuilder();
        for (Part p : target.parts()) {
            switch (p) {
                case Part.Literal l -> s.append(new String(l.bytes(), StandardCharsets.UTF_8));
                case Part.DataColumn c -> s.append("{{").append(c.name()).append("}}");
                case Part.Extracted e -> s.append("{{").append(e.name()).append("}}");
                case Part.Dynamic d ->
                    s.append("{{$")
                            .append(d.kind().name().toLowerCase(Locale.ROOT))
                            .append("}}");
            }
        }
        int q = s.indexOf("?");
        return q < 0 ? s.toString() : s.substring(0, q);
    }
}
