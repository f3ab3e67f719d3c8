package dev.zapline.codec.http1;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The hand-written responses of {@code http1/corpus/responses.txt}: name, expected first response, bytes. */
final class ResponseCorpus {

    /** {@code expected} is "status keep|close body-length", "none" or "error". */
    record Case(String name, String expected, byte[] bytes) {

        boolean valid() {
            return !expected.equals("error");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Case> ALL = load();

    private ResponseCorpus() {}

    static List<Case> all() {
        return ALL;
    }

    static List<Case> valid() {
        return ALL.stream().filter(Case::valid).toList();
    }

    private static List<Case> load() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = ResponseCorpus.class.getResourceAsStream("/http1/corpus/responses.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split(" \\| ", 3);
                byte[] bytes = parts.length < 3 ? new byte[0] : Corpus.unescape(parts[2]);
                cases.add(new Case(parts[0].trim(), parts[1].trim().replace(" |", ""), bytes));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(cases);
    }
}
