package dev.zapline.load.shape;

import dev.zapline.load.report.JsonReport;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shape of one request's sampled responses: how many were JSON ({@link #samples}), how many were not, how many
 * were too large to read, and per path the union of its types and in how many JSON samples it was present. Holds at
 * most {@code maxPaths} paths; a sample whose new paths did not fit marks the shape {@link #truncated}. Not
 * thread-safe: {@link ResponseShapes} guards it.
 */
public final class KeyShape {

    /**
     * One path's figures.
     *
     * @param types the set of {@link JsonType}s seen at the path
     * @param present in how many JSON samples the path occurred
     */
    public record Field(int types, long present) {}

    private final int maxPaths;
    private final Map<String, Field> fields = new LinkedHashMap<>();
    private long samples;
    private long notJson;
    private long tooLarge;
    private boolean truncated;

    public KeyShape(int maxPaths) {
        this.maxPaths = maxPaths;
    }

    /** Adds one JSON body's shape. */
    public void add(ShapeInference.Sample s) {
        samples++;
        truncated |= s.truncated();
        for (Map.Entry<String, Integer> e : s.types().entrySet()) {
            Field f = fields.get(e.getKey());
            if (f == null && fields.size() >= maxPaths) {
                truncated = true;
            } else if (f == null) {
                fields.put(e.getKey(), new Field(e.getValue(), 1));
            } else {
                fields.put(e.getKey(), new Field(f.types() | e.getValue(), f.present() + 1));
            }
        }
    }

    /** Counts a body that was not JSON. */
    public void notJson() {
        notJson++;
    }

    /** Counts a body larger than the sampling buffer: not read. */
    public void tooLarge() {
        tooLarge++;
    }

    /** Responses counted so far, of every kind: what the per-request limit is checked against. */
    public long taken() {
        return samples + notJson + tooLarge;
    }

    public long samples() {
        return samples;
    }

    public long notJsonCount() {
        return notJson;
    }

    public long tooLargeCount() {
        return tooLarge;
    }

    public boolean truncated() {
        return truncated;
    }

    /** The paths in the order first seen. */
    public Map<String, Field> fields() {
        return fields;
    }

    /**
     * Appends {@code {"samples":N,"not_json":M,"too_large":L,"truncated":B,"fields":{"$.a":{"types":[…],
     * "present":N},…}}}.
     */
    void appendJson(StringBuilder b) {
        b.append("{\"samples\":").append(samples);
        b.append(",\"not_json\":").append(notJson);
        b.append(",\"too_large\":").append(tooLarge);
        b.append(",\"truncated\":").append(truncated);
        b.append(",\"fields\":{");
        boolean first = true;
        for (Map.Entry<String, Field> e : fields.entrySet()) {
            JsonReport.quote(b.append(first ? "\n      " : ",\n      "), e.getKey())
                    .append(":{\"types\":[");
            boolean one = true;
            for (String t : JsonType.names(e.getValue().types())) {
                b.append(one ? "\"" : ",\"").append(t).append('"');
                one = false;
            }
            b.append("],\"present\":").append(e.getValue().present()).append('}');
            first = false;
        }
        b.append(first ? "}}" : "\n    }}");
    }
}
