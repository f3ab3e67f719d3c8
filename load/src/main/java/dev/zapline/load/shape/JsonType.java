package dev.zapline.load.shape;

import java.util.ArrayList;
import java.util.List;

/**
 * The six JSON types a path can hold, as bits of a set: a path's types over several samples are the union of their
 * bits. {@link #names} lists a set in this fixed order, so the same set always reads the same.
 */
public final class JsonType {

    public static final int OBJECT = 1;
    public static final int ARRAY = 2;
    public static final int STRING = 4;
    public static final int NUMBER = 8;
    public static final int BOOLEAN = 16;
    public static final int NULL = 32;

    private static final String[] NAMES = {"object", "array", "string", "number", "boolean", "null"};

    private JsonType() {}

    /** The names of the types in {@code set}, in the order object, array, string, number, boolean, null. */
    public static List<String> names(int set) {
        List<String> out = new ArrayList<>(2);
        for (int k = 0; k < NAMES.length; k++) {
            if ((set & (1 << k)) != 0) {
                out.add(NAMES[k]);
            }
        }
        return out;
    }

    /** The bit of type {@code name}, or 0 for a name that is none of the six. */
    public static int of(String name) {
        for (int k = 0; k < NAMES.length; k++) {
            if (NAMES[k].equals(name)) {
                return 1 << k;
            }
        }
        return 0;
    }

    /** {@code set} as text: the names joined by {@code |}, {@code -} for the empty set. */
    public static String text(int set) {
        return set == 0 ? "-" : String.join("|", names(set));
    }
}
