package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test views of the model as plain strings, so that assertions compare exact values (byte arrays do not). */
final class Render {

    private Render() {}

    /** Literals as text; slots as {@code <col 0 name>}, {@code <slot 1 name>}, {@code <UUID 0 0>}. */
    static String template(Template t) {
        StringBuilder s = new StringBuilder();
        for (Part p : t.parts()) {
            switch (p) {
                case Part.Literal l -> s.append(new String(l.bytes(), StandardCharsets.UTF_8));
                case Part.DataColumn c ->
                    s.append("<col ")
                            .append(c.column())
                            .append(' ')
                            .append(c.name())
                            .append('>');
                case Part.Extracted e ->
                    s.append("<slot ")
                            .append(e.slot())
                            .append(' ')
                            .append(e.name())
                            .append('>');
                case Part.Dynamic d ->
                    s.append('<')
                            .append(d.kind())
                            .append(' ')
                            .append(d.min())
                            .append(' ')
                            .append(d.max())
                            .append('>');
            }
        }
        return s.toString();
    }

    static List<String> headers(Step step) {
        List<String> out = new ArrayList<>();
        for (Step.Header h : step.headers()) {
            out.add(h.name() + ": " + template(h.value()));
        }
        return out;
    }

    static String export(Export e) {
        String source = switch (e.source()) {
            case Export.Body b -> "body " + b.path().text() + " " + path(b.path());
            case Export.Header h -> "header " + h.name();
            case Export.Regex r -> "regex " + r.pattern().pattern();
        };
        return e.slot() + " " + e.name() + " = " + source + " @" + e.location().line() + ":"
                + e.location().column();
    }

    static String path(JsonPath p) {
        StringBuilder s = new StringBuilder();
        for (JsonPath.Segment seg : p.segments()) {
            switch (seg) {
                case JsonPath.Name n ->
                    s.append("/")
                            .append(new String(n.utf8(), StandardCharsets.UTF_8))
                            .append(n.text().equals(new String(n.utf8(), StandardCharsets.UTF_8)) ? "" : "!");
                case JsonPath.Index i -> s.append("/#").append(i.index());
            }
        }
        return s.toString();
    }

    static String check(Check c) {
        StringBuilder s = new StringBuilder();
        s.append(c.subject()).append(' ');
        if (c.name() != null) {
            s.append(c.name()).append(' ');
        }
        if (c.path() != null) {
            s.append(c.path().text()).append(path(c.path())).append(' ');
        }
        s.append(c.op());
        if (c.value() != null) {
            Check.Value v = c.value();
            s.append(" '").append(new String(v.text(), StandardCharsets.UTF_8)).append("' ");
            s.append(v.isNumber() ? "number " + v.number() + (c.op() == Check.Op.IN ? ".." + v.upper() : "") : "text");
        }
        return s.append(" @")
                .append(c.location().line())
                .append(':')
                .append(c.location().column())
                .toString();
    }
}
