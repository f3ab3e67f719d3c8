package dev.zapline.server.internal;

import java.nio.charset.StandardCharsets;

/** Finds a parameter in a query string ({@code a=1&b=2}) without splitting it. */
public final class Query {

    private Query() {}

    /** The decoded value of the first parameter named {@code name}; "" for a bare name; null when absent. */
    public static String find(byte[] b, int start, int length, String name) {
        if (start < 0) {
            return null;
        }
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        int end = start + length;
        int p = start;
        while (p <= end) {
            int amp = p;
            while (amp < end && b[amp] != '&') {
                amp++;
            }
            int eq = p;
            while (eq < amp && b[eq] != '=') {
                eq++;
            }
            if (matchesRaw(b, p, eq, n) || Percent.decode(b, p, eq - p, true).equals(name)) {
                return eq < amp ? Percent.decode(b, eq + 1, amp - eq - 1, true) : "";
            }
            p = amp + 1;
        }
        return null;
    }

    private static boolean matchesRaw(byte[] b, int from, int to, byte[] n) {
        return java.util.Arrays.equals(b, from, to, n, 0, n.length);
    }
}
