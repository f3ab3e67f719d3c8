package dev.zapline.cli.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * {@code --targets FILE}: several requests for one run, sent round robin. Blocks are separated by blank lines; a
 * block is a {@code METHOD URL} line, then {@code Name: value} header lines, then optionally one {@code @path}
 * line naming the body file (relative to the targets file's directory). Lines starting with {@code #} are
 * comments anywhere. Every URL must have the first one's scheme, host and port: a run has one connection pool.
 *
 * <pre>
 * # health and an RPC
 * GET http://127.0.0.1:8080/health
 *
 * POST http://127.0.0.1:8080/rpc
 * Content-Type: application/json
 * &#64;bodies/rpc.json
 * </pre>
 *
 * <p>Errors name the file and the line.
 */
public final class TargetsFile {

    /** One request: where its {@code METHOD URL} line is, and what it sends. */
    public record Entry(
            int line, String method, LoadTarget target, List<Map.Entry<String, String>> headers, byte[] body) {}

    private TargetsFile() {}

    /** Reads and checks {@code file}. @throws IllegalArgumentException naming the file and the line */
    public static List<Entry> read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("targets file " + file + " does not exist");
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(text, file.toString(), dir);
    }

    /** Parses {@code text}; body files are read from {@code dir}; {@code name} is for messages. */
    static List<Entry> parse(String text, String name, Path dir) throws IOException {
        List<Entry> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        Block block = null;
        for (int i = 0; i < lines.length; i++) {
            int no = i + 1;
            String line = lines[i].strip();
            if (line.startsWith("#")) {
                continue;
            }
            if (line.isEmpty()) {
                if (block != null) {
                    out.add(block.entry());
                    block = null;
                }
                continue;
            }
            if (block == null) {
                block = start(line, name, no, out.isEmpty() ? null : out.get(0));
            } else if (line.startsWith("@")) {
                if (block.body != null) {
                    throw error(name, no, "a second body line; a request has at most one '@bodyfile'");
                }
                block.body = body(line.substring(1).strip(), name, no, dir);
            } else {
                if (block.body != null) {
                    throw error(name, no, "'" + line + "' after the body line; headers come before '@bodyfile'");
                }
                int colon = line.indexOf(':');
                if (colon <= 0) {
                    throw error(
                            name,
                            no,
                            "'" + line + "' is not a header 'Name: value', a '@bodyfile' line or a "
                                    + "blank line ending the request");
                }
                block.headers.add(Map.entry(
                        line.substring(0, colon).strip(),
                        line.substring(colon + 1).strip()));
            }
        }
        if (block != null) {
            out.add(block.entry());
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(
                    name + ": no request (want 'METHOD URL' lines, blocks separated by " + "blank lines)");
        }
        return out;
    }

    private static Block start(String line, String name, int no, Entry first) {
        String[] parts = line.split("\\s+");
        if (parts.length != 2) {
            throw error(name, no, "'" + line + "' is not 'METHOD URL'");
        }
        if (!parts[0].matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
            throw error(name, no, "method '" + parts[0] + "' is not an HTTP token");
        }
        LoadTarget t;
        try {
            t = LoadTarget.parse(parts[1]);
        } catch (IllegalArgumentException e) {
            throw error(name, no, e.getMessage());
        }
        if (first != null && !sameOrigin(first.target(), t)) {
            throw error(
                    name,
                    no,
                    parts[1] + " is not on the origin of line " + first.line() + " ("
                            + first.target().url() + "): one run uses one connection pool, so every URL needs the same "
                            + "scheme, host and port");
        }
        return new Block(no, parts[0], t);
    }

    static boolean sameOrigin(LoadTarget a, LoadTarget b) {
        return a.zap() == b.zap()
                && a.tls() == b.tls()
                && a.h2c() == b.h2c()
                && a.port() == b.port()
                && Objects.equals(a.socket(), b.socket())
                && Objects.equals(lower(a.host()), lower(b.host()));
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    private static byte[] body(String path, String name, int no, Path dir) throws IOException {
        if (path.isEmpty()) {
            throw error(name, no, "'@' without a file name");
        }
        Path p = dir.resolve(path);
        try {
            return Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            throw error(name, no, "body file " + p + " does not exist");
        }
    }

    private static IllegalArgumentException error(String name, int no, String what) {
        return new IllegalArgumentException(name + " line " + no + ": " + what);
    }

    /** A request being read. */
    private static final class Block {
        final int line;
        final String method;
        final LoadTarget target;
        final List<Map.Entry<String, String>> headers = new ArrayList<>();
        byte[] body;

        Block(int line, String method, LoadTarget target) {
            this.line = line;
            this.method = method;
            this.target = target;
        }

        Entry entry() {
            return new Entry(line, method, target, List.copyOf(headers), body == null ? new byte[0] : body);
        }
    }
}
