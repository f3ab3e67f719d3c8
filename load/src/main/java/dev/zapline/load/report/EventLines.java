package dev.zapline.load.report;

import dev.zapline.load.control.Event;
import java.util.List;
import java.util.Locale;

/**
 * A run's steering {@link Event}s as the reports show them: the JSON file's top-level {@code events} array (each
 * {@code {"t":..., "kind":"rate", "value":..., "rate":..., "label":"...", "source":"..."}}) and the text summary's
 * lines, one per event.
 */
public final class EventLines {

    private EventLines() {}

    /** {@code "events": [...]}, a member of the JSON file's top level. */
    public static String jsonMember(List<Event> events) {
        StringBuilder b = new StringBuilder(64 + 128 * events.size()).append("\"events\": [");
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            b.append(i == 0 ? "\n    {" : ",\n    {");
            JsonReport.field(b, "t", e.t()).append(',');
            JsonReport.field(b, "kind", e.kind().key()).append(',');
            JsonReport.field(b, "value", e.value()).append(',');
            JsonReport.field(b, "rate", e.rate()).append(',');
            JsonReport.field(b, "label", e.label()).append(',');
            JsonReport.field(b, "source", e.source()).append('}');
        }
        return b.append(events.isEmpty() ? "]" : "\n  ]").toString();
    }

    /** {@code members} (the JSON file's last top-level members, or "") after the {@code events} member. */
    public static String withMembers(List<Event> events, String members) {
        return members.isEmpty() ? jsonMember(events) : jsonMember(events) + ",\n  " + members;
    }

    /** The summary's lines, {@code "events:"} then one line each; "" without events. */
    public static String text(List<Event> events) {
        if (events.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("events:\n");
        for (Event e : events) {
            b.append(
                    String.format(Locale.ROOT, "  %9.3fs  %-6s", e.t(), e.kind().key()));
            switch (e.kind()) {
                case RATE -> b.append(String.format(Locale.ROOT, "  %s/s", Text.count(e.value())));
                case BIAS -> b.append(String.format(Locale.ROOT, "  %+.3g %%", e.value()));
                case MARK -> b.append("  ").append(e.label().isEmpty() ? "(no label)" : e.label());
                default -> {}
            }
            b.append(String.format(Locale.ROOT, "  -> rate %s/s  (%s)%n", Text.count(e.rate()), e.source()));
        }
        return b.toString();
    }
}
