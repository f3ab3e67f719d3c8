package dev.zapline.server;

import java.util.Arrays;

/** The {@link Attribute} values of one {@link Ctx}: two lazily grown arrays indexed by the keys' slots. */
final class Attributes {

    private static final Object[] NONE = new Object[0];

    private Object[] request = NONE;
    private Object[] connection = NONE;
    private boolean requestSet;

    Object get(Attribute<?> key) {
        Object[] a = key.perRequest ? request : connection;
        return key.index < a.length ? a[key.index] : null;
    }

    void set(Attribute<?> key, Object value) {
        if (key.perRequest) {
            request = fit(request, key.index);
            request[key.index] = value;
            requestSet = true;
        } else {
            connection = fit(connection, key.index);
            connection[key.index] = value;
        }
    }

    /** Clears the per-request values (only when some were set, so requests that use none pay nothing). */
    void clearRequest() {
        if (requestSet) {
            Arrays.fill(request, null);
            requestSet = false;
        }
    }

    private static Object[] fit(Object[] a, int index) {
        return index < a.length ? a : Arrays.copyOf(a, Math.max(index + 1, a.length * 2));
    }
}
