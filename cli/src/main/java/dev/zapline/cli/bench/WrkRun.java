package dev.zapline.cli.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code wrk -t1} run on the loader's core with the same connections and duration as ours, for the cross-check:
 * a Lua script sets the method, content type and body when there is one.
 */
final class WrkRun {

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

    private final String wrk;
    private final List<String> prefix;
    private final int connections;
    private final long seconds;

    WrkRun(String wrk, List<String> prefix, int connections, long durationNanos) {
        this.wrk = wrk;
        this.prefix = prefix;
        this.connections = connections;
        this.seconds = Math.max(1, (durationNanos + 999_999_999L) / 1_000_000_000L);
    }

    double requestsPerSecond(String url, String method, String contentType, byte[] body) throws IOException {
        Path script = Files.createTempFile("zapline-bench-wrk", ".lua");
        try {
            Files.writeString(script, script(method, contentType, body), StandardCharsets.ISO_8859_1);
            List<String> cmd = new ArrayList<>(prefix);
            cmd.addAll(List.of(wrk, "-t1", "-c" + connections, "-d" + seconds + "s", "-s", script.toString(), url));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(seconds + 30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("wrk did not finish");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            return parse(text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            Files.deleteIfExists(script);
        }
    }

    /** wrk's {@code Requests/sec:} figure. */
    static double parse(String output) {
        Matcher m = RATE.matcher(output);
        if (!m.find()) {
            throw new IllegalArgumentException("no Requests/sec in wrk's output: " + output.strip());
        }
        return Double.parseDouble(m.group(1));
    }

    /** The Lua script: method, and the body as a string of {@code \ddd} escapes where needed. */
    static String script(String method, String contentType, byte[] body) {
        StringBuilder s = new StringBuilder("wrk.method = \"").append(method).append("\"\n");
        if (contentType != null) {
            s.append("wrk.headers[\"Content-Type\"] = \"").append(contentType).append("\"\n");
        }
        if (body.length > 0) {
            s.append("wrk.body = \"");
            for (byte b : body) {
                int c = b & 0xff;
                if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                    s.append((char) c);
                } else {
                    s.append('\\').append(String.format("%03d", c));
                }
            }
            s.append("\"\n");
        }
        return s.toString();
    }
}
