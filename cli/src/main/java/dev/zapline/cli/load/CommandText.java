package dev.zapline.cli.load;

import java.util.ArrayList;
import java.util.List;

/** {@code zapline load}'s command line as text, for the JSON file and the report. Stateless. */
public final class CommandText {

    private CommandText() {}

    /**
     * The command line as typed, for the JSON and the report: each argument quoted where a shell would need it, and
     * the value of a credential header ({@code -H "Authorization: ..."}, cookies, API keys) replaced by {@code ***}
     * (reports get shared). {@code typed}: the arguments as picocli received them, {@code load} first or not.
     */
    public static String of(List<String> typed) {
        List<String> args = new ArrayList<>(typed);
        if (args.isEmpty() || !args.get(0).equals("load")) {
            args.add(0, "load");
        }
        StringBuilder b = new StringBuilder("zapline");
        for (int i = 0; i < args.size(); i++) {
            String a = i > 0 && args.get(i - 1).equals("-H") ? redacted(args.get(i)) : args.get(i);
            b.append(' ').append(a.matches("[A-Za-z0-9_@%+=:,./-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return b.toString();
    }

    private static String redacted(String header) {
        int colon = header.indexOf(':');
        String name = colon < 0 ? "" : header.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT);
        boolean secret = name.equals("authorization")
                || name.equals("proxy-authorization")
                || name.equals("cookie")
                || name.contains("api-key")
                || name.contains("token");
        return secret ? header.substring(0, colon + 1) + " ***" : header;
    }
}
