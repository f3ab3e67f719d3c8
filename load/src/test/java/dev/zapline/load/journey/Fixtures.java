package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** Builds journey models for the runtime's tests straight from the records, as the .http parser would. */
final class Fixtures {

    static final Location AT = new Location(Path.of("t.http"), 1, 1);
    static final String ORIGIN = "http://api.test:8080";

    private Fixtures() {}

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] b, int off, int len) {
        return new String(b, off, len, StandardCharsets.UTF_8);
    }

    static Part lit(String s) {
        return new Part.Literal(utf8(s));
    }

    static Part data(int column) {
        return new Part.DataColumn(column, "c" + column);
    }

    static Part extracted(int slot) {
        return new Part.Extracted(slot, "s" + slot);
    }

    static Part dynamic(Part.DynamicKind kind, long min, long max) {
        return new Part.Dynamic(kind, min, max);
    }

    static Template template(Part... parts) {
        return new Template(Arrays.asList(parts));
    }

    static Step.Header header(String name, Part... value) {
        return new Step.Header(name, template(value));
    }

    /** A JSONPath of names (Strings) and indexes (Integers). */
    static JsonPath path(Object... segments) {
        List<JsonPath.Segment> list = new ArrayList<>();
        StringBuilder text = new StringBuilder("$");
        for (Object s : segments) {
            if (s instanceof Integer i) {
                list.add(new JsonPath.Index(i));
                text.append('[').append(i).append(']');
            } else {
                list.add(new JsonPath.Name(utf8((String) s), (String) s));
                text.append("['").append(s).append("']");
            }
        }
        return new JsonPath(text.toString(), list);
    }

    static Export jsonExport(int slot, JsonPath path) {
        return new Export(slot, "s" + slot, new Export.Body(path), AT);
    }

    static Export regexExport(int slot, String regex) {
        return new Export(slot, "s" + slot, new Export.Regex(Pattern.compile(regex)), AT);
    }

    static Export headerExport(int slot, String name) {
        return new Export(slot, "s" + slot, new Export.Header(name), AT);
    }

    static Check.Value number(double n) {
        return new Check.Value(utf8(Double.toString(n)), true, n, 0);
    }

    static Check.Value word(String s) {
        return new Check.Value(utf8(s), false, Double.NaN, 0);
    }

    static Check check(Check.Subject subject, String name, JsonPath path, Check.Op op, Check.Value value) {
        return new Check(subject + " " + op, AT, subject, name, path, op, value);
    }

    /** A step builder with GET / and defaults: expect 2xx, no headers, body, checks or exports. */
    static final class StepBuilder {
        String name = "s";
        int index;
        String method = "GET";
        String origin = ORIGIN;
        Template target = template(lit("/"));
        List<Step.Header> headers = new ArrayList<>();
        Template body = template();
        String expect = "2xx";
        List<Check> checks = new ArrayList<>();
        List<Export> exports = new ArrayList<>();
        List<String> capture = new ArrayList<>();

        StepBuilder method(String m) {
            method = m;
            return this;
        }

        StepBuilder index(int i) {
            index = i;
            name = "s" + i;
            return this;
        }

        StepBuilder origin(String o) {
            origin = o;
            return this;
        }

        StepBuilder target(Part... parts) {
            target = template(parts);
            return this;
        }

        StepBuilder header(String n, Part... value) {
            headers.add(Fixtures.header(n, value));
            return this;
        }

        StepBuilder body(Part... parts) {
            body = template(parts);
            return this;
        }

        StepBuilder expect(String e) {
            expect = e;
            return this;
        }

        StepBuilder check(Check c) {
            checks.add(c);
            return this;
        }

        StepBuilder export(Export e) {
            exports.add(e);
            return this;
        }

        StepBuilder capture(String h) {
            capture.add(h);
            return this;
        }

        Step build() {
            return new Step(
                    name, index, AT, method, origin, target, headers, body, expect, checks, exports, true, capture, 0);
        }
    }

    static StepBuilder step() {
        return new StepBuilder();
    }

    static Journey journey(int slots, Step... steps) {
        return new Journey("j", Path.of("j.http"), 1, List.of(steps), slots);
    }

    static JourneyPlan plan(Journey... journeys) {
        return new JourneyPlan(List.of(journeys), null, DataMode.SEQUENTIAL, 1);
    }

    /** A response with fixed parts; header {@code k} of the runner's captured list, null when absent. */
    static final class FakeResponse implements Response {
        int status = 200;
        long serviceNanos = 1_000_000;
        byte[][] headers = new byte[8][];
        byte[] body = new byte[0];
        int bodyLength;

        FakeResponse body(String s) {
            body = utf8(s);
            bodyLength = body.length;
            return this;
        }

        FakeResponse header(int k, String value) {
            headers[k] = value == null ? null : utf8(value);
            return this;
        }

        @Override
        public int status() {
            return status;
        }

        @Override
        public long serviceNanos() {
            return serviceNanos;
        }

        @Override
        public int headerLength(int k) {
            return headers[k] == null ? -1 : headers[k].length;
        }

        @Override
        public byte[] headerBytes(int k) {
            return headers[k];
        }

        @Override
        public byte[] body() {
            return body;
        }

        @Override
        public int bodyLength() {
            return bodyLength;
        }
    }
}
