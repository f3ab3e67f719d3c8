package dev.zapline.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Debian's headless Chromium ({@code /usr/bin/chromium}) for the report pages' tests: opens a page from a
 * {@code file://} URL with the network disabled (a dead proxy, every host name unresolvable), each run in a fresh
 * profile and bounded in time, and reads back the DOM after the scripts ran or a screenshot.
 */
public final class Chromium {

    /** The binary the tests use; they call {@code Peers.require("chromium")} first. */
    public static final Path BINARY = Path.of("/usr/bin/chromium");

    private static final Pattern STATUS =
            Pattern.compile("<div id=\"zapline-status\"([^>]*)>(.*?)</div>", Pattern.DOTALL);
    private static final Pattern CHART =
            Pattern.compile("^chart (\\S+) series=(\\d+) points=(\\d+) drawn=(\\d+) labels=(.*)$", Pattern.MULTILINE);
    private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");

    private final Path work;

    /** A browser whose profiles and outputs go under {@code work}. */
    public Chromium(Path work) {
        this.work = work;
    }

    /**
     * What one chart of a page recorded: its series, the points given to them, how often it was drawn, and the
     * series' legend labels ({@code " | "} between them).
     */
    public record Chart(String id, int series, int points, int drawn, String labels) {}

    /**
     * What the page recorded in {@code #zapline-status} after its scripts ran.
     *
     * @param state "done" once the page's script reached its end
     * @param errors script errors (window.onerror, unhandled rejections, console.error) the page counted
     * @param charts by id, in the page's order
     */
    public record Status(String state, int errors, Map<String, Chart> charts, String dom) {

        /** What the page's script drew into {@code <main id="report">} (the DOM without the scripts' text). */
        public String report() {
            Matcher m = Pattern.compile("<main id=\"report\">(.*?)</main>", Pattern.DOTALL)
                    .matcher(dom);
            assertThat(m.find()).as("<main id=report> in the DOM dump").isTrue();
            return m.group(1);
        }
    }

    /** Opens {@code page} (with {@code query}, such as {@code "?theme=dark"}, or "") and reads its status. */
    public Status dumpDom(Path page, String query) throws IOException, InterruptedException {
        String dom = run(page, query, "--virtual-time-budget=5000", "--dump-dom");
        Matcher m = STATUS.matcher(dom);
        assertThat(m.find()).as("#zapline-status in the DOM dump:\n%s", dom).isTrue();
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Matcher a = ATTRIBUTE.matcher(m.group(1)); a.find(); ) {
            attributes.put(a.group(1), a.group(2));
        }
        Map<String, Chart> charts = new LinkedHashMap<>();
        for (Matcher c = CHART.matcher(m.group(2)); c.find(); ) {
            charts.put(
                    c.group(1),
                    new Chart(
                            c.group(1),
                            Integer.parseInt(c.group(2)),
                            Integer.parseInt(c.group(3)),
                            Integer.parseInt(c.group(4)),
                            c.group(5)));
        }
        return new Status(
                attributes.getOrDefault("data-state", ""),
                Integer.parseInt(attributes.getOrDefault("data-errors", "-1")),
                charts,
                dom);
    }

    /** A screenshot of {@code page} at 1280 × {@code height} pixels, with more Chromium {@code flags}. */
    public BufferedImage screenshot(Path page, String query, int height, String... flags)
            throws IOException, InterruptedException {
        Path png = Files.createTempFile(work, "shot", ".png");
        List<String> args = new ArrayList<>(List.of(
                "--virtual-time-budget=5000",
                "--hide-scrollbars",
                "--window-size=1280," + height,
                "--screenshot=" + png));
        args.addAll(List.of(flags));
        run(page, query, args.toArray(String[]::new));
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("a PNG at %s", png).isNotNull();
        return image;
    }

    /** Distinct colours in {@code image}, sampled on a grid (counting stops at {@code limit}). */
    public static int colours(BufferedImage image, int limit) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight() && seen.size() < limit; y += 2) {
            for (int x = 0; x < image.getWidth() && seen.size() < limit; x += 2) {
                seen.add(image.getRGB(x, y) & 0xffffff);
            }
        }
        return seen.size();
    }

    /** Mean luminance of {@code image}, 0 (black) to 255 (white). */
    public static double luminance(BufferedImage image) {
        double sum = 0;
        long n = 0;
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                int rgb = image.getRGB(x, y);
                sum += 0.2126 * (rgb >> 16 & 0xff) + 0.7152 * (rgb >> 8 & 0xff) + 0.0722 * (rgb & 0xff);
                n++;
            }
        }
        return sum / n;
    }

    private String run(Path page, String query, String... extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "profile");
        List<String> cmd = new ArrayList<>(List.of(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--user-data-dir=" + profile,
                "--proxy-server=127.0.0.1:9",
                "--host-resolver-rules=MAP * ~NOTFOUND"));
        cmd.addAll(List.of(extra));
        cmd.add(page.toAbsolutePath().toUri() + query);
        Path out = Files.createTempFile(work, "stdout", ".txt");
        Path err = Files.createTempFile(work, "stderr", ".txt");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("chromium took over 60 s: " + cmd);
        }
        assertThat(p.exitValue())
                .as("chromium's exit status; its stderr: %s", Files.readString(err, StandardCharsets.UTF_8))
                .isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
