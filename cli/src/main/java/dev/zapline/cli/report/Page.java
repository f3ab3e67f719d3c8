package dev.zapline.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * One self-contained HTML page: uPlot's script and style sheet (from the {@code org.webjars.npm:uplot} jar on the
 * class path), the report's own style sheet and scripts, and the data as a JSON blob, all inlined, so the file opens
 * without any network access and can be mailed or archived as it is.
 *
 * <p>The page's script records into the DOM what it drew ({@code #zapline-status}: charts, series and points per
 * chart, and any script error), which is what the browser test reads.
 */
public final class Page {

    /** The uPlot version of the webjar the cli module depends on (its pom says the same). */
    static final String UPLOT_VERSION = "1.6.30";

    private static final String UPLOT = "META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist/";

    private Page() {}

    /**
     * The page titled {@code title} whose scripts {@code apps} (resources of this package, such as {@code
     * "runs.js"}, run in order) draw {@code dataJson}.
     */
    public static String render(String title, String dataJson, String... apps) {
        StringBuilder b = new StringBuilder(256 * 1024 + dataJson.length());
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"color-scheme\" content=\"light dark\">\n")
                .append("<title>")
                .append(escape(title))
                .append("</title>\n<style>\n")
                .append(resource(UPLOT + "uPlot.min.css"))
                .append('\n')
                .append(resource("dev/zapline/cli/report/report.css"))
                .append("</style>\n</head>\n<body>\n<main id=\"report\"></main>\n")
                .append("<div id=\"zapline-status\" data-state=\"loading\" hidden></div>\n")
                .append("<script type=\"application/json\" id=\"zapline-data\">")
                .append(dataJson.replace("<", "\\u003c"))
                .append("</script>\n");
        // common.js first: it catches errors from the scripts after it
        for (String script : new String[] {"dev/zapline/cli/report/common.js", UPLOT + "uPlot.iife.min.js"}) {
            b.append("<script>\n").append(scriptSafe(resource(script))).append("\n</script>\n");
        }
        for (String app : apps) {
            b.append("<script>\n")
                    .append(scriptSafe(resource("dev/zapline/cli/report/" + app)))
                    .append("\n</script>\n");
        }
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    /** Writes {@code html} to {@code file} atomically (a sibling first, then a rename). */
    public static void write(Path file, String html) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, html, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A class-path resource as text; a missing one is a broken build, not bad input. */
    static String resource(String name) {
        try (InputStream in = Page.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Script text that cannot end the {@code <script>} element it sits in: {@code </} becomes {@code <\/}, which
     * means the same inside a JavaScript string or regular expression, the only places our scripts and uPlot's have
     * it. (The data blob goes further: every {@code <} in it becomes JSON's six-character escape for it, read back
     * as {@code <}, so no {@code <!--} or {@code </script} in a URL or a name can change how the page parses.)
     */
    static String scriptSafe(String s) {
        return s.replace("</", "<\\/");
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
