package dev.zapline.load.shape;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The response shapes of two runs compared ({@code zapline diff}): per key, the fields the new run lost
 * ({@link ShapeChange.Kind#REMOVED}: present in at least one base sample, in no JSON sample of the new run), the
 * fields whose set of types differs, the fields it gained, and the keys only one run sampled. {@link #breaking} is
 * true when a field was removed or changed type, or a key had JSON samples in the base run and none in the new one.
 * Reads the {@code shapes} member of each run's {@code --json} file; a run without one was not sampled, and then
 * nothing is compared ({@link #compared}).
 */
public final class ShapeDiff {

    private final List<ShapeChange> changes;
    private final String missing;

    private ShapeDiff(List<ShapeChange> changes, String missing) {
        this.changes = List.copyOf(changes);
        this.missing = missing;
    }

    /**
     * Compares the shapes of {@code base} and {@code next}, the roots of two {@code --json} files: keys in the base
     * run's order, then the new run's own; fields in each run's order.
     *
     * @throws IllegalArgumentException when a {@code shapes} member is not of the form {@code zapline load} writes
     */
    public static ShapeDiff compare(JsonNode base, JsonNode next) {
        JsonNode a = base.get("shapes");
        JsonNode b = next.get("shapes");
        if (a == null || b == null || a.isNull() || b.isNull()) {
            String which =
                    a == null || a.isNull() ? b == null || b.isNull() ? "either run" : "the base run" : "the new run";
            return new ShapeDiff(List.of(), which);
        }
        require(a.isObject(), "shapes", "an object");
        require(b.isObject(), "shapes", "an object");
        List<ShapeChange> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode other = b.get(e.getKey());
            if (other == null) {
                out.add(new ShapeChange(e.getKey(), ShapeChange.Kind.KEY_ONLY_IN_BASE, null, 0, 0));
            } else {
                key(e.getKey(), e.getValue(), other, out);
            }
        }
        for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (a.get(k) == null) {
                out.add(new ShapeChange(k, ShapeChange.Kind.KEY_ONLY_IN_NEW, null, 0, 0));
            }
        }
        return new ShapeDiff(out, null);
    }

    private static void key(String key, JsonNode a, JsonNode b, List<ShapeChange> out) {
        JsonNode fa = fields(key, a);
        JsonNode fb = fields(key, b);
        if (samples(key, a) > 0 && samples(key, b) == 0) {
            out.add(new ShapeChange(key, ShapeChange.Kind.NO_JSON, null, 0, 0));
            return;
        }
        if (samples(key, a) == 0) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = fa.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int before = types(key, e.getKey(), e.getValue());
            JsonNode there = fb.get(e.getKey());
            if (present(key, e.getKey(), e.getValue()) == 0) {
                continue;
            }
            if (there == null || present(key, e.getKey(), there) == 0) {
                out.add(new ShapeChange(key, ShapeChange.Kind.REMOVED, e.getKey(), before, 0));
            } else if (types(key, e.getKey(), there) != before) {
                out.add(new ShapeChange(
                        key, ShapeChange.Kind.TYPE_CHANGED, e.getKey(), before, types(key, e.getKey(), there)));
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = fb.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode was = fa.get(e.getKey());
            if ((was == null || present(key, e.getKey(), was) == 0) && present(key, e.getKey(), e.getValue()) > 0) {
                out.add(new ShapeChange(
                        key, ShapeChange.Kind.ADDED, e.getKey(), 0, types(key, e.getKey(), e.getValue())));
            }
        }
    }

    private static JsonNode fields(String key, JsonNode k) {
        require(k.isObject(), "shapes." + key, "an object");
        JsonNode f = k.get("fields");
        require(f != null && f.isObject(), "shapes." + key + ".fields", "an object");
        return f;
    }

    private static long samples(String key, JsonNode k) {
        JsonNode n = k.get("samples");
        require(n != null && n.canConvertToLong() && n.asLong() >= 0, "shapes." + key + ".samples", "a count");
        return n.asLong();
    }

    private static long present(String key, String path, JsonNode f) {
        JsonNode n = f.get("present");
        require(n != null && n.canConvertToLong() && n.asLong() >= 0, where(key, path) + ".present", "a count");
        return n.asLong();
    }

    private static int types(String key, String path, JsonNode f) {
        JsonNode t = f.get("types");
        require(t != null && t.isArray(), where(key, path) + ".types", "an array of type names");
        int set = 0;
        for (JsonNode one : t) {
            int bit = one.isTextual() ? JsonType.of(one.asText()) : 0;
            require(bit != 0, where(key, path) + ".types", "object, array, string, number, boolean or null");
            set |= bit;
        }
        return set;
    }

    private static String where(String key, String path) {
        return "shapes." + key + ".fields." + path;
    }

    private static void require(boolean ok, String where, String what) {
        if (!ok) {
            throw new IllegalArgumentException(where + ": expected " + what);
        }
    }

    /** Every change, in order. */
    public List<ShapeChange> changes() {
        return changes;
    }

    /** Whether both runs were sampled ({@code --sample-responses}), so that anything was compared. */
    public boolean compared() {
        return missing == null;
    }

    /** Whether any change is breaking: a field removed or retyped, or a key left without JSON. */
    public boolean breaking() {
        for (ShapeChange c : changes) {
            if (c.kind().breaking()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Plain text: a header line, then one line per change under its key, breaking ones marked {@code !}; or one line
     * saying the shapes are the same, or that a run was not sampled.
     */
    public String text() {
        if (!compared()) {
            return "response shapes: not sampled in " + missing + " (zapline load --sample-responses N)\n";
        }
        if (changes.isEmpty()) {
            return "response shapes: no change\n";
        }
        StringBuilder b = new StringBuilder(256)
                .append("response shapes: ")
                .append(breaking() ? "BREAKING" : "no breaking change")
                .append('\n');
        String key = null;
        for (ShapeChange c : changes) {
            if (!c.key().equals(key)) {
                key = c.key();
                b.append("  ").append(key).append('\n');
            }
            b.append(c.kind().breaking() ? "  ! " : "    ").append(c.text()).append('\n');
        }
        return b.toString();
    }

    /** Markdown for a pull-request comment: a heading and a table of the changes (or one sentence). */
    public String markdown() {
        if (!compared()) {
            return "### Response shapes\n\nNot sampled in " + missing + " (`zapline load --sample-responses N`).\n";
        }
        if (changes.isEmpty()) {
            return "### Response shapes\n\nNo change.\n";
        }
        StringBuilder b = new StringBuilder(256)
                .append("### Response shapes: ")
                .append(breaking() ? "breaking" : "no breaking change")
                .append("\n\n| request | field | change | breaking |\n|---|---|---|---|\n");
        for (ShapeChange c : changes) {
            b.append("| ").append(cell(c.key()));
            b.append(" | ").append(c.path() == null ? "" : "`" + cell(c.path()) + "`");
            b.append(" | ").append(cell(change(c)));
            b.append(" | ").append(c.kind().breaking() ? "yes" : "no").append(" |\n");
        }
        return b.toString();
    }

    private static String change(ShapeChange c) {
        String t = c.text();
        return c.path() == null ? t : t.substring(c.path().length() + 2);
    }

    /** Text made safe inside a Markdown table cell: pipes escaped, line breaks as spaces. */
    private static String cell(String s) {
        return s.replace("\\", "\\\\")
                .replace("|", "\\|")
                .replace('\n', ' ')
                .replace('\r', ' ')
                .replace("`", "'");
    }
}
