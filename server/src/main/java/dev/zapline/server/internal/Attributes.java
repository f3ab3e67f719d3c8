package dev.zapline.server.internal;

import dev.zapline.server.Attribute;
import java.util.Arrays;

/**
 * {@link Attribute} values in a lazily grown array indexed by the keys' slots: a {@link Ctx} holds the per-request
 * ones, a connection the per-connection ones.
 */
public final class Attributes {

    private static final ServerAccess A = ServerAccess.get();

    private static final Object[] NONE = new Object[0];

    private Object[] values = NONE;
    private boolean set;

    public Object get(Attribute<?> key) {
        Object[] a = values;
        return A.index(key) < a.length ? a[A.index(key)] : null;
    }

    public void set(Attribute<?> key, Object value) {
        values = fit(values, A.index(key));
        values[A.index(key)] = value;
        set = true;
    }

    /** Clears the values (only when some were set, so requests that use none pay nothing). */
    public void clear() {
        if (set) {
            Arrays.fill(values, null);
            set = false;
        }
    }

    private static Object[] fit(Object[] a, int index) {
        return index < a.length ? a : Arrays.copyOf(a, Math.max(index + 1, a.length * 2));
    }
}
