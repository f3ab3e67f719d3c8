package dev.zapline.transport;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Key-exchange groups by name. The preference on both sides is {@link #DEFAULT}: the hybrid post-quantum
 * {@code X25519MLKEM768} first, then {@code X25519} so classical peers still connect.
 *
 * {@snippet class=dev.zapline.transport.snippets.TlsSnippets region=groups}
 *
 * <p>Stateless and thread-safe.
 */
public final class TlsGroups {

    /** The hybrid group: X25519 combined with ML-KEM-768 (IANA 0x11EC). */
    public static final String X25519MLKEM768 = "X25519MLKEM768";

    /** The default preference. */
    public static final List<String> DEFAULT = List.of(X25519MLKEM768, "X25519");

    /** Every name {@link #parse} accepts, in canonical form. */
    public static final List<String> KNOWN = List.of(X25519MLKEM768, "X25519", "P-256", "P-384", "P-521");

    private TlsGroups() {}

    /**
     * Parses a colon- or comma-separated list, e.g. {@code X25519MLKEM768:X25519}, into canonical names (matched
     * without regard to case; {@code secp256r1}, {@code secp384r1} and {@code secp521r1} are accepted for the P
     * curves). Order is kept, repeats are dropped.
     *
     * @throws IllegalArgumentException for an empty list or an unknown name, listing the known ones
     */
    public static List<String> parse(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String part : text.split("[:,]", -1)) {
            String name = part.strip();
            if (name.isEmpty()) {
                continue;
            }
            out.add(canonical(name));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no key-exchange group in '" + text + "'; known: " + known());
        }
        return List.copyOf(out);
    }

    /**
     * The groups to configure for {@code provider}: the canonical names for OpenSSL; under the JDK's JSSE (or an
     * OpenSSL without it) {@code X25519MLKEM768} is dropped (see {@link TlsProvider#describe()}) and JSSE's names
     * are used ({@code x25519}, {@code secp256r1}, ...).
     *
     * @throws IllegalArgumentException when no group remains, or a name is unknown
     */
    public static List<String> effective(List<String> groups, TlsProvider provider) {
        List<String> out = new ArrayList<>(groups.size());
        for (String g : groups) {
            String c = canonical(g);
            if (c.equals(X25519MLKEM768) && !provider.hasHybridGroup()) {
                continue;
            }
            String name = provider == TlsProvider.JDK ? jsse(c) : c;
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(
                    "key-exchange groups " + groups + ": none is available with " + provider.describe());
        }
        return List.copyOf(out);
    }

    private static String canonical(String name) {
        String n = name.strip().toUpperCase(Locale.ROOT);
        return switch (n) {
            case "X25519MLKEM768" -> X25519MLKEM768;
            case "X25519" -> "X25519";
            case "P-256", "SECP256R1", "PRIME256V1" -> "P-256";
            case "P-384", "SECP384R1" -> "P-384";
            case "P-521", "SECP521R1" -> "P-521";
            default ->
                throw new IllegalArgumentException(
                        "unknown key-exchange group '" + name.strip() + "'; known: " + known());
        };
    }

    private static String jsse(String canonical) {
        return switch (canonical) {
            case "X25519" -> "x25519";
            case "P-256" -> "secp256r1";
            case "P-384" -> "secp384r1";
            case "P-521" -> "secp521r1";
            default -> canonical;
        };
    }

    private static String known() {
        return String.join(", ", KNOWN) + " (secp256r1, secp384r1, secp521r1 as aliases)";
    }
}
