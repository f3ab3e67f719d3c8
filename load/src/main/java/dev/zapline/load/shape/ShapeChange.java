package dev.zapline.load.shape;

/**
 * One difference between the response shapes of two runs.
 *
 * @param key the request (URL request, {@code --targets} entry or journey step)
 * @param kind what changed
 * @param path the field's path, or null for a change of the whole key
 * @param before the base run's types at the path ({@link JsonType} bits; 0 when absent or for a key change)
 * @param after the new run's types at the path (0 when absent or for a key change)
 */
public record ShapeChange(String key, Kind kind, String path, int before, int after) {

    /** The kinds of change; {@link #breaking} says which can break a client. */
    public enum Kind {
        /** A field present in the base run's samples is absent from every JSON sample of the new run. */
        REMOVED(true),
        /** A field's set of types differs. */
        TYPE_CHANGED(true),
        /** The base run had JSON samples of the key, the new run has none (all not JSON or too large, or none). */
        NO_JSON(true),
        /** A field the base run never saw (informational). */
        ADDED(false),
        /** The key was sampled in the base run only (informational: the runs sent different requests). */
        KEY_ONLY_IN_BASE(false),
        /** The key was sampled in the new run only (informational). */
        KEY_ONLY_IN_NEW(false);

        private final boolean breaking;

        Kind(boolean breaking) {
            this.breaking = breaking;
        }

        /** Whether a client reading the base run's responses may break on the new run's. */
        public boolean breaking() {
            return breaking;
        }
    }

    /** One line of text: {@code KEY  $.path  removed (was string)}. */
    public String text() {
        return switch (kind) {
            case REMOVED -> path + ": removed (was " + JsonType.text(before) + ")";
            case TYPE_CHANGED -> path + ": type " + JsonType.text(before) + " -> " + JsonType.text(after);
            case ADDED -> path + ": added (" + JsonType.text(after) + ")";
            case NO_JSON -> "no JSON response sampled in the new run";
            case KEY_ONLY_IN_BASE -> "sampled in the base run only";
            case KEY_ONLY_IN_NEW -> "sampled in the new run only";
        };
    }
}
