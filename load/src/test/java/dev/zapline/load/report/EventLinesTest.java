package dev.zapline.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.control.Command;
import dev.zapline.load.control.Event;
import dev.zapline.load.control.FakeSteering;
import dev.zapline.transport.metrics.Exposition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventLinesTest {

    private static final List<Event> EVENTS = List.of(
            new Event(-0.5, Command.Kind.MARK, 0, 1000, "warm \"up\"", "stdin"),
            new Event(2.02, Command.Kind.RATE, 5000, 5000, "", "http"),
            new Event(3.5, Command.Kind.BIAS, -20, 4000, "", "tui"),
            new Event(4, Command.Kind.PAUSE, 0, 0, "", "stdin"),
            new Event(5.25, Command.Kind.RESUME, 0, 4000, "", "stdin"),
            new Event(6, Command.Kind.STOP, 0, 4000, "", "http"));

    @Test
    void rendersTheJsonMemberExactly() {
        assertThat(EventLines.jsonMember(List.of())).isEqualTo("\"events\": []");
        assertThat(EventLines.jsonMember(EVENTS.subList(0, 2)))
                .isEqualTo("\"events\": [\n"
                        + "    {\"t\":-0.500,\"kind\":\"mark\",\"value\":0.000,\"rate\":1000.000,"
                        + "\"label\":\"warm \\\"up\\\"\",\"source\":\"stdin\"},\n"
                        + "    {\"t\":2.020,\"kind\":\"rate\",\"value\":5000.000,\"rate\":5000.000,\"label\":\"\","
                        + "\"source\":\"http\"}\n  ]");
        assertThat(EventLines.withMembers(List.of(), "\"x\": 1")).isEqualTo("\"events\": [],\n  \"x\": 1");
    }

    @Test
    void listsEachEventOnOneLineOfTheSummary() {
        assertThat(EventLines.text(List.of())).isEmpty();
        assertThat(EventLines.text(EVENTS))
                .isEqualTo(String.join(
                        System.lineSeparator(),
                        "events:\n     -0.500s  mark    warm \"up\"  -> rate 1000/s  (stdin)",
                        "      2.020s  rate    5000/s  -> rate 5000/s  (http)",
                        "      3.500s  bias    -20.0 %  -> rate 4000/s  (tui)",
                        "      4.000s  pause   -> rate 0/s  (stdin)",
                        "      5.250s  resume  -> rate 4000/s  (stdin)",
                        "      6.000s  stop    -> rate 4000/s  (http)",
                        ""));
    }

    @Test
    void theFileCarriesTheEventsOfEachRewrite(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        List<Event> events = new ArrayList<>();
        JsonReport writer = new JsonReport(file).events(() -> List.copyOf(events));
        Summary s = JourneyFixture.withoutJourneys(JourneyFixture.summary());
        writer.write(s);
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(file.toFile()).path("events").isArray()).isTrue();
        assertThat(json.readTree(file.toFile()).path("events").size()).isZero();
        events.addAll(EVENTS.subList(1, 3));
        writer.write(s, "\"verdicts\": []");
        JsonNode doc = json.readTree(file.toFile());
        assertThat(doc.path("events").size()).isEqualTo(2);
        JsonNode bias = doc.path("events").get(1);
        assertThat(bias.path("t").asDouble()).isEqualTo(3.5);
        assertThat(bias.path("kind").asText()).isEqualTo("bias");
        assertThat(bias.path("value").asDouble()).isEqualTo(-20);
        assertThat(bias.path("rate").asDouble()).isEqualTo(4000);
        assertThat(bias.path("label").asText()).isEmpty();
        assertThat(bias.path("source").asText()).isEqualTo("tui");
        assertThat(doc.path("verdicts").isArray()).isTrue();
        assertThat(Files.readString(file))
                .isEqualTo(JsonReport.render(s, null, EventLines.withMembers(events, "\"verdicts\": []")));
    }

    @Test
    void exposesTheSteeringFamiliesExactly() {
        Exposition before = new Exposition();
        LiveMetrics.steering(before, null, false, 0);
        assertThat(before.toString())
                .isEqualTo("# HELP zapline_load_target_rate The schedule's target rate, requests/s: now while the run"
                        + " is on (steering included, 0 while paused), over the last interval after it; 0 without a "
                        + "schedule (closed and max-throughput runs).\n"
                        + "# TYPE zapline_load_target_rate gauge\n"
                        + "zapline_load_target_rate 0\n"
                        + "# HELP zapline_load_paused 1 while the schedule is paused (--control, --tui), else 0.\n"
                        + "# TYPE zapline_load_paused gauge\n"
                        + "zapline_load_paused 0\n"
                        + "# HELP zapline_load_control_events_total Steering commands applied, by kind: rate, bias, "
                        + "pause, resume, mark, stop.\n"
                        + "# TYPE zapline_load_control_events_total counter\n"
                        + "zapline_load_control_events_total{kind=\"rate\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"bias\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"pause\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"resume\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"mark\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"stop\"} 0\n");
        FakeSteering s = new FakeSteering(100);
        s.submit(Command.rate(2500, "http"));
        s.submit(Command.mark("a", "http"));
        s.submit(Command.mark("b", "http"));
        s.submit(Command.of(Command.Kind.PAUSE, "stdin"));
        Exposition paused = new Exposition();
        LiveMetrics.steering(paused, s, true, 2500);
        assertThat(paused.toString())
                .contains("\nzapline_load_target_rate 0\n", "\nzapline_load_paused 1\n")
                .contains("zapline_load_control_events_total{kind=\"rate\"} 1\n"
                        + "zapline_load_control_events_total{kind=\"bias\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"pause\"} 1\n"
                        + "zapline_load_control_events_total{kind=\"resume\"} 0\n"
                        + "zapline_load_control_events_total{kind=\"mark\"} 2\n");
        s.submit(Command.of(Command.Kind.RESUME, "stdin"));
        Exposition live = new Exposition();
        LiveMetrics.steering(live, s, true, 100);
        assertThat(live.toString()).contains("\nzapline_load_target_rate 2500\n", "\nzapline_load_paused 0\n");
        Exposition after = new Exposition();
        LiveMetrics.steering(after, s, false, 123.5);
        assertThat(after.toString()).contains("\nzapline_load_target_rate 123.5\n");
    }
}
