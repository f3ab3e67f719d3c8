package dev.zapline.cli.tune;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The file that keeps the value every setting had before {@code tune apply} first changed it. One line per
 * setting: its key, a tab, and the exact previous content with backslash, newline, carriage return and tab
 * escaped. Lines starting with {@code #} are comments. Written to a temporary file and moved into place.
 */
final class TuneState {

    static final String HEADER = "# zapline tune state v1: previous values, restored by 'zapline tune revert'";

    private final Path file;

    TuneState(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    boolean exists() {
        return Files.exists(file);
    }

    /** The saved values in the order they were saved; empty when there is no state file. */
    Map<String, String> load() {
        Map<String, String> saved = new LinkedHashMap<>();
        if (!exists()) {
            return saved;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TuneException("cannot read state file " + file + ": " + e.getMessage());
        }
        int lineNo = 0;
        for (String line : text.split("\n")) {
            lineNo++;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            if (tab <= 0) {
                throw new TuneException("state file " + file + " line " + lineNo + " has no tab: '" + line + "'");
            }
            saved.put(line.substring(0, tab), unescape(line.substring(tab + 1)));
        }
        return saved;
    }

    /** Replaces the state file with these values, creating its directory when needed. */
    void save(Map<String, String> saved) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        saved.forEach((key, value) ->
                sb.append(key).append('\t').append(escape(value)).append('\n'));
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".tune-state", ".tmp");
            Files.writeString(tmp, sb, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new TuneException("cannot write state file " + file + ": " + e);
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new TuneException("cannot remove state file " + file + ": " + e);
        }
    }

    static String escape(String raw) {
        StringBuilder sb = new StringBuilder(raw.length() + 4);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static String unescape(String escaped) {
        StringBuilder sb = new StringBuilder(escaped.length());
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if (c != '\\' || i + 1 == escaped.length()) {
                sb.append(c);
                continue;
            }
            char next = escaped.charAt(++i);
            sb.append(
                    switch (next) {
                        case 'n' -> '\n';
                        case 'r' -> '\r';
                        case 't' -> '\t';
                        default -> next;
                    });
        }
        return sb.toString();
    }
}
