package dev.zapline.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.peer.Peers;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A steered run's page: a table of its events, and a vertical line per event on every chart over time. */
class EventsPageTest {

    /** A ten-second run at 1000/s steered to 2000/s at 3.5 s, marked at 6.25 s. */
    static String run() {
        StringBuilder timeline = new StringBuilder();
        for (int t = 1; t <= 10; t++) {
            double rate = t <= 3 ? 1000 : 2000;
            timeline.append(t == 1 ? "" : ",")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"t\":%d,\"seconds\":1,\"rate_target\":%.1f,\"send_rate\":%.1f,\"rate\":%.1f,"
                                    + "\"p50_us\":%d,\"p90_us\":300,\"p99_us\":900,\"p999_us\":2000,\"max_us\":3000,"
                                    + "\"service\":{\"p50_us\":90,\"p90_us\":200,\"p99_us\":800,\"p999_us\":1500,"
                                    + "\"max_us\":2500},\"outcomes\":{\"success\":%d},\"status\":{\"2xx\":%d},"
                                    + "\"errors\":0,\"dropped\":0,\"inflight\":%d,\"connections\":10,\"ceiling\":0,"
                                    + "\"warmup\":false}",
                            t,
                            rate,
                            rate,
                            rate,
                            100 + t,
                            (long) rate,
                            (long) rate,
                            t));
        }
        return "{\"summary\":{\"target\":\"http://127.0.0.1:1/\",\"model\":\"open\",\"duration_s\":10},"
                + "\"latency\":{\"corrected\":{\"count\":15000,\"p50_us\":105},\"service\":{\"count\":15000}},"
                + "\"timeline\":[" + timeline + "],\"events\":["
                + "{\"t\":3.500,\"kind\":\"rate\",\"value\":2000.000,\"rate\":2000.000,\"label\":\"\","
                + "\"source\":\"stdin\"},"
                + "{\"t\":6.250,\"kind\":\"mark\",\"value\":0.000,\"rate\":2000.000,\"label\":\"deploy <v2>\","
                + "\"source\":\"http\"}]}";
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aBrowserDrawsTheEventsAndListsThem(@TempDir Path dir) throws Exception {
        Peers.require("chromium");
        Path page = dir.resolve("steered.html");
        RunReport.write(page, List.of(RunReport.Run.parse("steered.json", run(), "steered")));
        Chromium.Status st = new Chromium(dir).dumpDom(page, "");
        assertThat(st.errors()).as("script errors:\n%s", st.dom()).isZero();
        assertThat(st.state()).isEqualTo("done");
        String report = st.report();
        assertThat(report)
                .contains("<h2>Steering events</h2>")
                .contains("<tr class=\"event\"><td class=\"\">3.5 s</td><td class=\"l\">rate 2000/s</td><td "
                        + "class=\"\">2,000/s</td><td class=\"l\">stdin</td></tr>")
                .contains("<tr class=\"event\"><td class=\"\">6.25 s</td><td class=\"l\">mark: deploy &lt;v2&gt;"
                        + "</td><td class=\"\">2,000/s</td><td class=\"l\">http</td></tr>");
        Matcher rows = Pattern.compile("<tr class=\"event\">").matcher(report);
        int n = 0;
        while (rows.find()) {
            n++;
        }
        assertThat(n).isEqualTo(2);
        Matcher lines =
                Pattern.compile("<table id=\"events\" data-lines=\"(\\d+)\">").matcher(report);
        assertThat(lines.find()).as(report).isTrue();
        int draws = 0;
        for (String id : List.of("rate", "latency-corrected", "latency-service", "outcomes", "inflight")) {
            assertThat(st.charts()).containsKey(id);
            draws += st.charts().get(id).drawn();
        }
        assertThat(draws).isPositive();
        assertThat(Integer.parseInt(lines.group(1))).isEqualTo(2 * draws);
    }

    @Test
    void aRunWithoutEventsHasNoEventsSection() {
        String page = RunReport.render(
                List.of(RunReport.Run.parse("plain.json", run().replaceFirst(",\"events\":\\[.*\\]}$", "}"), "plain")));
        assertThat(page).doesNotContain("\"events\":[", "deploy");
    }
}
