package dev.zapline.load.journey;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A request while its file is read: directives before it, its request line and headers, then its body. Exports
 * keep being added after it is finished (a later request's {@code {{name.response...}}} reference), so the
 * {@link Step} is built only when the whole file has been read.
 */
final class StepDraft {

    String separatorName;
    String directiveName;
    String name;
    Location firstDirective;
    Location location;
    String method;
    String origin;
    Template target;
    final List<Step.Header> headers = new ArrayList<>();
    Template body;
    String expect;
    final List<Check> checks = new ArrayList<>();
    final List<Export> exports = new ArrayList<>();
    long thinkNanos = -1;

    boolean hasRequest() {
        return method != null;
    }

    /** The step, numbered {@code index}; what to keep of the response follows from its exports and checks. */
    Step build(int index) {
        boolean keepBody = false;
        List<String> capture = new ArrayList<>();
        for (Export e : exports) {
            switch (e.source()) {
                case Export.Header h -> addOnce(capture, h.name().toLowerCase(Locale.ROOT));
                case Export.Body b -> keepBody = true;
                case Export.Regex r -> keepBody = true;
            }
        }
        for (Check c : checks) {
            switch (c.subject()) {
                case HEADER -> addOnce(capture, c.name().toLowerCase(Locale.ROOT));
                case BODY, JSON -> keepBody = true;
                default -> {}
            }
        }
        return new Step(
                name,
                index,
                location,
                method,
                origin,
                target,
                headers,
                body,
                expect == null ? "2xx" : expect,
                checks,
                exports,
                keepBody,
                capture,
                Math.max(0, thinkNanos));
    }

    private static void addOnce(List<String> names, String name) {
        if (!names.contains(name)) {
            names.add(name);
        }
    }
}
