package dev.zapline.load.journey;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a {@code {{...}}} in one journey file stands for, compiled into template parts. Lookup order: a file variable
 * ({@code @name = value}, visible from its line to the end of the file; its value is expanded where it is used),
 * the environment ({@link EnvFiles}), a {@code # @gg-export} name of an earlier request, a column of the data file.
 * Then {@code $uuid}-style dynamic values and REST Client's {@code name.response.body.$.path} and
 * {@code name.response.headers.Name} references to earlier requests, which become exports of those requests.
 */
final class Variables {

    private static final String DYNAMICS = "$uuid, $guid, $randomInt, $randomInt MIN MAX, $timestamp, $isoTimestamp";

    private record FileVar(Path file, int line, String text, int start) {}

    private record GgExport(int slot, StepDraft owner) {}

    private final Map<String, FileVar> fileVars = new LinkedHashMap<>();
    private final Map<String, String> env;
    private final DataSet data;
    private final Map<String, GgExport> ggExports = new LinkedHashMap<>();
    private final Map<String, StepDraft> steps = new HashMap<>();
    private final Map<String, Integer> referenceSlots = new HashMap<>();
    private int slots;

    Variables(Map<String, String> env, DataSet data) {
        this.env = env;
        this.data = data;
    }

    int slots() {
        return slots;
    }

    /** Defines {@code @name = value}, the value being {@code text} from {@code start}. */
    void define(String name, Path file, int line, String text, int start, Location at) {
        if (ggExports.containsKey(name)) {
            throw new JourneyException(at, "variable '" + name + "' is already a # @gg-export name");
        }
        fileVars.put(name, new FileVar(file, line, text, start));
    }

    /** Defines a {@code # @gg-export} of {@code owner}; returns its slot. */
    int export(String name, StepDraft owner, Location at) {
        String clash = fileVars.containsKey(name)
                ? "a file variable"
                : env.containsKey(name)
                        ? "an environment variable"
                        : ggExports.containsKey(name)
                                ? "exported by an earlier request"
                                : data != null && data.column(name) >= 0 ? "a data column" : null;
        if (clash != null) {
            throw new JourneyException(at, "'" + name + "' is already " + clash + "; choose another export name");
        }
        int slot = slots++;
        ggExports.put(name, new GgExport(slot, owner));
        return slot;
    }

    /** Makes a finished request available to later {@code {{name.response...}}} references. */
    void finished(StepDraft step) {
        steps.put(step.name, step);
    }

    /**
     * Compiles {@code text[from, to)}, part of line {@code line} of {@code file}, into {@code out}, for the request
     * {@code current}.
     */
    void compile(Path file, int line, String text, int from, int to, TemplateBuilder out, StepDraft current) {
        compile(file, line, text, from, to, out, current, new ArrayDeque<>());
    }

    private void compile(
            Path file,
            int line,
            String text,
            int from,
            int to,
            TemplateBuilder out,
            StepDraft cur,
            Deque<String> stack) {
        int i = from;
        while (i < to) {
            int open = text.indexOf("{{", i);
            if (open < 0 || open >= to) {
                out.text(text.substring(i, to));
                return;
            }
            out.text(text.substring(i, open));
            int close = text.indexOf("}}", open + 2);
            if (close < 0 || close + 2 > to) {
                throw new JourneyException(new Location(file, line, open + 1), "expected '}}' to close this '{{'");
            }
            int start = open + 2;
            while (start < close && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            int end = close;
            while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            Location at = new Location(file, line, start + 1);
            if (start == end) {
                throw new JourneyException(new Location(file, line, open + 1), "expected a variable name inside {{}}");
            }
            resolve(file, line, text, start, end, at, out, cur, stack);
            i = close + 2;
        }
    }

    private void resolve(
            Path file,
            int line,
            String text,
            int start,
            int end,
            Location at,
            TemplateBuilder out,
            StepDraft cur,
            Deque<String> stack) {
        String name = text.substring(start, end);
        FileVar v = fileVars.get(name);
        if (v != null) {
            if (stack.contains(name)) {
                List<String> cycle = new ArrayList<>(stack.reversed());
                cycle.add(name);
                throw new JourneyException(at, "variable cycle: " + String.join(" -> ", cycle));
            }
            stack.push(name);
            compile(v.file(), v.line(), v.text(), v.start(), v.text().length(), out, cur, stack);
            stack.pop();
        } else if (env.containsKey(name)) {
            out.text(env.get(name));
        } else if (ggExports.containsKey(name)) {
            GgExport e = ggExports.get(name);
            if (e.owner() == cur) {
                throw new JourneyException(
                        at, "'" + name + "' is exported by this request; it can be used from the next request on");
            }
            out.slot(new Part.Extracted(e.slot(), name), at);
        } else if (data != null && data.column(name) >= 0) {
            out.slot(new Part.DataColumn(data.column(name), name), at);
        } else if (name.startsWith("$")) {
            out.slot(dynamic(name, at), at);
        } else if (name.contains(".response.") || name.contains(".request.")) {
            out.slot(reference(file, line, text, start, end, at), at);
        } else {
            throw new JourneyException(at, undefined(name));
        }
    }

    private static Part dynamic(String text, Location at) {
        String[] words = text.split("\\s+");
        switch (words[0]) {
            case "$uuid", "$guid" -> {
                if (words.length == 1) {
                    return new Part.Dynamic(Part.DynamicKind.UUID, 0, 0);
                }
            }
            case "$timestamp" -> {
                if (words.length == 1) {
                    return new Part.Dynamic(Part.DynamicKind.TIMESTAMP, 0, 0);
                }
            }
            case "$isoTimestamp" -> {
                if (words.length == 1) {
                    return new Part.Dynamic(Part.DynamicKind.ISO_TIMESTAMP, 0, 0);
                }
            }
            case "$randomInt" -> {
                if (words.length == 1) {
                    return new Part.Dynamic(Part.DynamicKind.RANDOM_INT, 0, 1000);
                }
                if (words.length == 3) {
                    return randomInt(words, at);
                }
                throw new JourneyException(at, "expected $randomInt or $randomInt MIN MAX, found '" + text + "'");
            }
            default ->
                throw new JourneyException(at, "unknown dynamic variable " + words[0] + "; supported: " + DYNAMICS);
        }
        throw new JourneyException(at, words[0] + " takes no arguments; found '" + text + "'");
    }

    private static Part randomInt(String[] words, Location at) {
        long min;
        long max;
        try {
            min = Long.parseLong(words[1]);
            max = Long.parseLong(words[2]);
        } catch (NumberFormatException e) {
            throw new JourneyException(
                    at, "expected $randomInt MIN MAX with integers, found '" + String.join(" ", words) + "'");
        }
        if (min >= max) {
            throw new JourneyException(at, "expected MIN < MAX in $randomInt MIN MAX, found " + min + " and " + max);
        }
        return new Part.Dynamic(Part.DynamicKind.RANDOM_INT, min, max);
    }

    private Part reference(Path file, int line, String text, int start, int end, Location at) {
        String ref = text.substring(start, end);
        int dot = ref.indexOf(".response.");
        if (dot < 0) {
            throw new JourneyException(
                    at,
                    "only responses can be referenced: {{name.response.body.$.path}} or "
                            + "{{name.response.headers.Name}}");
        }
        String stepName = ref.substring(0, dot);
        StepDraft step = steps.get(stepName);
        if (step == null) {
            throw new JourneyException(at, "request '" + stepName + "' is not defined before line " + line);
        }
        int restAt = start + dot + ".response.".length();
        String rest = text.substring(restAt, end);
        Export.Source source;
        String key;
        if (rest.equals("body") || rest.equals("body.*")) {
            throw new JourneyException(
                    at,
                    "the whole body (*) cannot be referenced; name a JSONPath such as " + stepName
                            + ".response.body.$.token");
        } else if (rest.startsWith("body.")) {
            int pathAt = restAt + 5;
            if (text.charAt(pathAt) != '$') {
                throw new JourneyException(
                        new Location(file, line, pathAt + 1),
                        "expected a JSONPath starting with '$' after 'body.' (XPath is not supported)");
            }
            JsonPathParser.Parsed p = JsonPathParser.parse(file, line, text, pathAt);
            if (p.end() != end) {
                int bad = p.end();
                while (Character.isWhitespace(text.charAt(bad))) {
                    bad++;
                }
                throw new JourneyException(
                        new Location(file, line, bad + 1),
                        "unexpected '" + text.substring(bad, end) + "' after the JSONPath");
            }
            source = new Export.Body(p.path());
            key = stepName + " body " + p.path().text();
        } else if (rest.startsWith("headers.") && rest.length() > 8) {
            String header = rest.substring(8);
            source = new Export.Header(header);
            key = stepName + " header " + header.toLowerCase(Locale.ROOT);
        } else {
            throw new JourneyException(
                    new Location(file, line, restAt + 1),
                    "expected body.$PATH or headers.NAME after 'response.', found '" + rest + "'");
        }
        Integer slot = referenceSlots.get(key);
        if (slot == null) {
            slot = slots++;
            referenceSlots.put(key, slot);
            step.exports.add(new Export(slot, ref, source, at));
        }
        return new Part.Extracted(slot, ref);
    }

    private String undefined(String name) {
        List<String> known = new ArrayList<>(fileVars.keySet());
        known.addAll(env.keySet());
        known.addAll(ggExports.keySet());
        if (data != null) {
            known.addAll(data.columns());
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(name, k);
            int shorter = Math.min(name.length(), k.length());
            if (d < bestDistance && d < shorter && d <= Math.max(1, shorter / 3)) {
                best = k;
                bestDistance = d;
            }
        }
        String message = "undefined variable '" + name + "'";
        if (best != null) {
            return message + "; did you mean '" + best + "'?";
        }
        if (data == null) {
            return message + " (a data column needs --data FILE.csv or FILE.json)";
        }
        return message;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
