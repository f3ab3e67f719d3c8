package dev.zapline.gen;

import java.util.Set;

/** How schema names become Java names: {@code NetworkID} is the accessor {@code networkID()} and the constant
 * {@code NETWORK_ID}; a name that is a Java keyword gets a trailing underscore. */
final class JavaNames {

    private static final Set<String> KEYWORDS = Set.of(
            "abstract",
            "assert",
            "boolean",
            "break",
            "byte",
            "case",
            "catch",
            "char",
            "class",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extends",
            "final",
            "finally",
            "float",
            "for",
            "goto",
            "if",
            "implements",
            "import",
            "instanceof",
            "int",
            "interface",
            "long",
            "native",
            "new",
            "package",
            "private",
            "protected",
            "public",
            "return",
            "short",
            "static",
            "strictfp",
            "super",
            "switch",
            "synchronized",
            "this",
            "throw",
            "throws",
            "transient",
            "try",
            "void",
            "volatile",
            "while",
            "true",
            "false",
            "null",
            "var",
            "yield",
            "record",
            "sealed",
            "permits",
            "_");

    private JavaNames() {}

    /** {@code NetworkID} → {@code networkID}, {@code ID} → {@code id}, {@code HTTPCode} → {@code httpCode}. */
    static String member(String name) {
        int upper = 0;
        while (upper < name.length() && Character.isUpperCase(name.charAt(upper))) {
            upper++;
        }
        String m;
        if (upper <= 1 || upper == name.length() || !Character.isLowerCase(name.charAt(upper))) {
            m = name.substring(0, upper).toLowerCase(java.util.Locale.ROOT) + name.substring(upper);
        } else {
            m = name.substring(0, upper - 1).toLowerCase(java.util.Locale.ROOT) + name.substring(upper - 1);
        }
        return KEYWORDS.contains(m) ? m + "_" : m;
    }

    /** {@code NetworkID} → {@code NETWORK_ID}, {@code getBalance} → {@code GET_BALANCE}. */
    static String constant(String name) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i > 0 && Character.isUpperCase(c)) {
                char prev = name.charAt(i - 1);
                boolean nextLower = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
                if (Character.isLowerCase(prev)
                        || Character.isDigit(prev)
                        || (Character.isUpperCase(prev) && nextLower)) {
                    s.append('_');
                }
            }
            s.append(Character.toUpperCase(c));
        }
        return s.toString();
    }

    /** {@code networkID} → {@code NetworkID} (for {@code copyNetworkID}). */
    static String capital(String member) {
        return Character.toUpperCase(member.charAt(0)) + member.substring(1);
    }

    /** A type name from a schema name: as written, with a trailing underscore if it is a keyword. */
    static String type(String name) {
        return KEYWORDS.contains(name) ? name + "_" : name;
    }
}
