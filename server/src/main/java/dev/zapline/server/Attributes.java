package dev.zapline.server;

import java.util.Arrays;

/**
 * {@link Attribute} values in a lazily grown array indexed by the keys' slots: a {@link Ctx} holds the per-request
 * ones, a connection the per-connection ones.
 */
final class Attributes {

    private static final Object[] NONE = new Object[0];

    private Object[] values = NONE;
    private boolean set;

    Object get(Attribute<?> key) {
        Object[] a = values;
        return key.index < a.length ? a[key.index] : null;
    }

    void set(Attribute<?> key, Object value) {
        values = fit(values, key.index);
        values[key.index] = value;
        set = true;
    }

    /** Clears the values (only when some were set, so requests that use none pay nothing). */
    void clear() {
        if (set) {
            Arrays.fill(values, null);
            set = false;
        }
    }

    private static Object[] fit(Object[] a, int index) {
        return index < a.length ? a : Arrays.copyOf(a, Math.max(index + 1, a.length * 2));
    }
}
