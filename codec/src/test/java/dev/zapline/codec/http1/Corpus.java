package dev.zapline.codec.http1;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** The hand-written requests of {@code http1/corpus/requests.txt}: name, our expected outcome, bytes. */
final class Corpus {

    /** {@code expected} is "ok" or the status our parser answers with. */
    record Case(String name, String expected, byte[] bytes) {

        boolean valid() {
            return expected.equals("ok");
        }

        int status() {
            return Integer.parseInt(expected);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Case> ALL = load();

    private Corpus() {}

    static List<Case> all() {
        return ALL;
    }

    static List<Case> valid() {
        return ALL.stream().filter(Case::valid).toList();
    }

    static List<Case> invalid() {
        return ALL.stream().filter(c -> !c.valid()).toList();
    }

    private static List<Case> load() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Corpus.class.getResourceAsStream("/http1/corpus/requests.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split(" \\| ", 3);
                cases.add(new Case(parts[0].trim(), parts[1].trim(), unescape(parts[2])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(cases);
    }

    /** Turns \r \n \t \0 \\ and \xNN into bytes; every other character is one ISO-8859-1 byte. */
    static byte[] unescape(String s) {
        byte[] out = new byte[s.length()];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                out[n++] = (byte) c;
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'r' -> out[n++] = '\r';
                case 'n' -> out[n++] = '\n';
                case 't' -> out[n++] = '\t';
                case '0' -> out[n++] = 0;
                case '\\' -> out[n++] = '\\';
                case 'x' -> {
                    out[n++] = (byte) HexFormat.fromHexDigits(s, i + 1, i + 3);
                    i += 2;
                }
                default -> throw new IllegalArgumentException("unknown escape \\" + e + " in " + s);
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
