package dev.zapline.load.report;

import dev.zapline.load.metrics.Handshakes;
import java.util.Locale;
import java.util.Map;

/** The human-readable final summary, and number formatting shared with the live line. */
public final class Text {

    private Text() {}

    /** 950, 12.3k, 1.05M: the live line's, the summary's, the dashboard's. */
    public static String count(double v) {
        return scaled(v, 1e4, "%.2fM", "%.1fk", "%.0f");
    }

    /** 850µs, 1.23ms, 2.50s: the live line's, the summary's, the dashboard's and {@code zapline diff}'s. */
    public static String micros(double us) {
        return scaled(us, 1e3, "%.2fs", "%.2fms", "%.0fµs");
    }

    /**
     * {@code v} in millions with {@code millions} from 1e6 up, in thousands with {@code thousands} from
     * {@code thousandsFrom} up, else as it is with {@code units}.
     */
    private static String scaled(double v, double thousandsFrom, String millions, String thousands, String units) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, millions, v / 1e6);
        }
        if (v >= thousandsFrom) {
            return String.format(Locale.ROOT, thousands, v / 1e3);
        }
        return String.format(Locale.ROOT, units, v);
    }

    private static String bytes(long b) {
        return b >= 1 << 20
                ? String.format(Locale.ROOT, "%.1f MiB", b / 1048576.0)
                : String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
    }

    /** The target line's "HTTP/1.1 over epoll, " (either part may be unknown, then left out), or "". */
    private static String how(Summary s) {
        if (s.protocol() == null) {
            return s.transport() == null ? "" : s.transport() + ", ";
        }
        return s.protocol() + (s.transport() == null ? "" : " over " + s.transport()) + ", ";
    }

    public static String render(Summary s) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Target      %s (%s%s model)%n", s.target(), how(s), s.model()));
        b.append(String.format(
                Locale.ROOT,
                "Scheduled   %d = %d sent + %d dropped%s%n",
                s.scheduled(),
                s.sent(),
                s.dropped(),
                s.unconnected() > 0 ? " + " + s.unconnected() + " with no connection open" : ""));
        b.append(String.format(
                Locale.ROOT,
                "Requests    %d sent in %.2f s%s%n",
                s.requests(),
                s.seconds(),
                s.complete() ? "" : " (incomplete)"));
        if (s.journeys() == null) {
            b.append(String.format(
                    Locale.ROOT,
                    "Rate        %s/s achieved%s (responses within the %.2f s)%n",
                    count(s.rateAchieved()),
                    s.rateTarget() > 0 ? " of " + count(s.rateTarget()) + "/s target" : "",
                    s.seconds()));
        } else {
            b.append(String.format(
                    Locale.ROOT,
                    "Rate        %s responses/s within the %.2f s; journeys started %s/s%s%n",
                    count(s.rateAchieved()),
                    s.seconds(),
                    count(s.seconds() > 0 ? s.journeys().started() / s.seconds() : 0),
                    s.rateTarget() > 0 ? " of " + count(s.rateTarget()) + "/s target" : ""));
        }
        if (s.drainSeconds() > 0 || s.drainResponses() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "Drain       %s until the run ended, %d responses (in the latencies, not the rate)%n",
                    micros(s.drainSeconds() * 1e6),
                    s.drainResponses()));
        }
        b.append("Latency     corrected (from intended send)   service (from actual write)\n");
        String[] names = {"p50", "p75", "p90", "p99", "p99.9", "p99.99"};
        for (int i = 0; i < names.length; i++) {
            b.append(String.format(
                    Locale.ROOT,
                    "  %-9s %-34s %s%n",
                    names[i],
                    micros(s.corrected().percentilesUs()[i]),
                    micros(s.service().percentilesUs()[i])));
        }
        b.append(String.format(
                Locale.ROOT,
                "  %-9s %-34s %s%n",
                "max",
                micros(s.corrected().maxUs()),
                micros(s.service().maxUs())));
        b.append("Outcomes   ");
        for (Map.Entry<String, Long> e : s.outcomes().entrySet()) {
            if (e.getValue() != 0 || e.getKey().equals("success")) {
                b.append(' ').append(e.getKey()).append(' ').append(e.getValue());
            }
        }
        b.append("\nStatuses   ");
        s.statuses().forEach((k, v) -> b.append(' ').append(k).append(' ').append(v));
        b.append(String.format(Locale.ROOT, "%nDropped     %d   errors %d%n", s.dropped(), s.errors()));
        if (s.tls() != null && s.tls().counts().failed() > 0) {
            b.append("TLS errors ")
                    .append(counts(s.tls().counts().failures(), ""))
                    .append('\n');
        }
        if (s.adaptive()) {
            b.append(String.format(
                    Locale.ROOT,
                    "Ceiling     %d in flight (adaptive, when the schedule ended)%n",
                    s.inflightCeiling()));
        }
        b.append(String.format(Locale.ROOT, "Transfer    %s in, %s out%n", bytes(s.bytesIn()), bytes(s.bytesOut())));
        if (s.pacing() != null) {
            Pacing p = s.pacing();
            b.append(String.format(
                    Locale.ROOT,
                    "Pacing      %d of %d %d ms buckets within ±(1 + 1%%) of the " + "schedule, worst +%d/-%d%n",
                    p.within(),
                    p.buckets(),
                    p.bucketMs(),
                    p.worstOver(),
                    p.worstUnder()));
        }
        b.append(String.format(
                Locale.ROOT,
                "Connect     %d connections, p50 %s, max %s, %d failed attempts%n",
                s.connect().count(),
                micros(s.connect().p(50)),
                micros(s.connect().maxUs()),
                s.connectFailures()));
        if (s.tls() != null) {
            tls(b, s.tls());
        }
        if (s.loader() != null) {
            LoaderText.render(b, s.loader());
        }
        if (s.journeys() != null) {
            JourneyText.render(b, s);
        }
        return b.toString();
    }

    /** The handshake figures: times, full and resumed, and what the connections negotiated. */
    private static void tls(StringBuilder b, Summary.Tls t) {
        Handshakes.Counts c = t.counts();
        b.append(String.format(
                Locale.ROOT,
                "Handshake   %d TLS handshakes (%d full, %d resumed), p50 %s, p99 %s, max %s, %d failed%n",
                t.count(),
                t.full(),
                c.resumed(),
                micros(t.handshake().p(50)),
                micros(t.handshake().p(99)),
                micros(t.handshake().maxUs()),
                c.failed()));
        if (t.count() > 0) {
            b.append("Negotiated ")
                    .append(counts(c.protocols(), ""))
                    .append(';')
                    .append(counts(c.ciphers(), ""))
                    .append(";")
                    .append(counts(c.groups(), "group "))
                    .append(';')
                    .append(counts(c.alpn(), "ALPN "))
                    .append('\n');
        }
    }

    /** " prefix a 3, b 1": each value and how many connections had it. */
    private static String counts(Map<String, Long> m, String prefix) {
        StringBuilder b = new StringBuilder();
        m.forEach((k, v) -> b.append(b.isEmpty() ? " " + prefix : ", ")
                .append(k)
                .append(' ')
                .append(v));
        return b.toString();
    }
}
