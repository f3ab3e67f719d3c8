package dev.zapline.server.internal;

/** Writes a JSON string for the server's own error bodies (problem details, RPC errors). */
public final class JsonStrings {

    private JsonStrings() {}

    /** Appends {@code s} to {@code sb} as a quoted JSON string: quote, backslash and control characters escaped. */
    public static StringBuilder quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"');
    }
}
