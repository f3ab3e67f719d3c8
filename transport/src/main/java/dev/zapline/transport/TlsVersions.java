package dev.zapline.transport;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * TLS protocol versions by name: {@link #DEFAULT} is TLS 1.3 only; TLS 1.2 is there when asked for. Stateless and
 * thread-safe.
 */
public final class TlsVersions {

    public static final String TLS13 = "TLSv1.3";
    public static final String TLS12 = "TLSv1.2";

    /** TLS 1.3 only. */
    public static final List<String> DEFAULT = List.of(TLS13);

    private TlsVersions() {}

    /**
     * Parses a colon- or comma-separated list of {@code TLSv1.3}, {@code TLSv1.2} (or {@code 1.3}, {@code 1.2}).
     *
     * @throws IllegalArgumentException for an empty list or another version
     */
    public static List<String> parse(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String part : text.split("[:,]", -1)) {
            String v = part.strip();
            if (!v.isEmpty()) {
                out.add(canonical(v));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no TLS version in '" + text + "'; known: TLSv1.3, TLSv1.2");
        }
        return List.copyOf(out);
    }

    /** Checks every entry of {@code versions} and returns them canonical. */
    static List<String> check(List<String> versions) {
        return parse(String.join(",", versions));
    }

    private static String canonical(String v) {
        return switch (v.toUpperCase(java.util.Locale.ROOT)) {
            case "TLSV1.3", "1.3" -> TLS13;
            case "TLSV1.2", "1.2" -> TLS12;
            default ->
                throw new IllegalArgumentException("TLS version '" + v + "' is not supported; known: TLSv1.3, TLSv1.2");
        };
    }
}
