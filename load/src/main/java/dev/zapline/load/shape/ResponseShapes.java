package dev.zapline.load.shape;

import dev.zapline.load.report.JsonReport;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.SummaryWatch;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The shapes of up to {@code perKey} responses of each request of a run ({@code --sample-responses N}), a request
 * being a key: the URL's request, each {@code --targets} entry, or each journey step. The event loops ask
 * {@link #wants} before they keep a response's body (one volatile read: once a key is full, that is all its
 * responses cost) and hand the kept body to {@link #offer}, which infers its shape off the counter check, under a lock
 * (sampled responses may allocate; there are at most {@code perKey} of them per key). Thread-safe.
 */
public final class ResponseShapes {

    /** Most responses sampled per key. */
    public static final int MAX_PER_KEY = 10_000;

    /** Most distinct paths kept per key (and per body). */
    public static final int MAX_PATHS = 1_000;

    /** Largest body read for its shape; a larger one counts as {@code too_large}. */
    public static final int MAX_BODY = 1 << 20;

    private final List<String> keys;
    private final int perKey;
    private final KeyShape[] shapes;
    /** Per key, responses counted so far: what {@link #wants} reads without the lock. */
    private final AtomicIntegerArray taken;

    /**
     * Samples up to {@code perKey} responses of each of {@code keys} (their names in the JSON file).
     *
     * @throws IllegalArgumentException for {@code perKey} outside 1..{@link #MAX_PER_KEY}
     */
    public ResponseShapes(List<String> keys, int perKey) {
        if (perKey < 1 || perKey > MAX_PER_KEY) {
            throw new IllegalArgumentException(
                    "responses sampled per request: " + perKey + ", expected 1 to " + MAX_PER_KEY);
        }
        this.keys = List.copyOf(keys);
        this.perKey = perKey;
        this.shapes = new KeyShape[keys.size()];
        for (int k = 0; k < shapes.length; k++) {
            shapes[k] = new KeyShape(MAX_PATHS);
        }
        this.taken = new AtomicIntegerArray(keys.size());
    }

    /** The keys, in the order of their numbers. */
    public List<String> keys() {
        return keys;
    }

    /** Whether key {@code key} still takes a response: the event loops' only cost once it is full. */
    public boolean wants(int key) {
        return taken.get(key) < perKey;
    }

    /**
     * A response of key {@code key} whose body is {@code body[0, len)}, or that was larger than {@link #MAX_BODY}
     * ({@code tooLarge}, body ignored): counted, its shape added, unless the key is full by now.
     */
    public void offer(int key, byte[] body, int len, boolean tooLarge) {
        KeyShape s = shapes[key];
        synchronized (s) {
            if (s.taken() >= perKey) {
                return;
            }
            if (tooLarge) {
                s.tooLarge();
            } else {
                ShapeInference.Sample one = ShapeInference.infer(body, 0, len, MAX_PATHS);
                if (one == null) {
                    s.notJson();
                } else {
                    s.add(one);
                }
            }
            taken.set(key, (int) s.taken());
        }
    }

    /** Key {@code key}'s shape so far: read it once the run has ended. */
    public KeyShape shape(int key) {
        return shapes[key];
    }

    /** The {@code "shapes": {"KEY": {…}, …}} member of the JSON file (KeyShape's form per key). */
    public String jsonMember() {
        StringBuilder b = new StringBuilder(256).append("\"shapes\": {");
        for (int k = 0; k < shapes.length; k++) {
            JsonReport.quote(b.append(k == 0 ? "\n    " : ",\n    "), keys.get(k))
                    .append(": ");
            synchronized (shapes[k]) {
                shapes[k].appendJson(b);
            }
        }
        return b.append(shapes.length == 0 ? "}" : "\n  }").toString();
    }

    /**
     * A watch that is {@code inner} (may be null) and also adds {@link #jsonMember} to the final JSON file: how
     * the reporter, which takes one watch, writes the shapes with the thresholds' verdicts.
     */
    public SummaryWatch watch(SummaryWatch inner) {
        return new SummaryWatch() {
            @Override
            public boolean interim(Summary s) {
                return inner != null && inner.interim(s);
            }

            @Override
            public String complete(Summary s) {
                String before = inner == null ? "" : inner.complete(s);
                return before.isEmpty() ? jsonMember() : before + ",\n  " + jsonMember();
            }
        };
    }
}
