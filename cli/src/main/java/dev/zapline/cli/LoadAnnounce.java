package dev.zapline.cli;

import dev.zapline.cli.load.StartAt;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.report.RunTag;

/** What {@code zapline load} says on standard error once its connections are open. */
final class LoadAnnounce {

    private LoadAnnounce() {}

    /** The send slack, when the run has one ({@code --send-slack}): how early a request may leave. */
    static String slack(LoadPlan plan) {
        long ns = plan.slackNanos();
        return ns == 0
                ? ""
                : "; requests leave up to " + dev.zapline.load.report.Text.micros(ns / 1000.0)
                        + " early (--send-slack)";
    }

    /** What the run is about to do, printed once its connections are open. */
    static String startLine(LoadCommand c, LoadPlan plan, String transport) {
        String warm = plan.warmupNanos() == 0
                ? "no warm-up"
                : "warm-up " + c.warmup + (c.warmup.equals(LoadCommand.DEFAULT_WARMUP) ? " (the default)" : "")
                        + " excluded from the results";
        return String.format(
                java.util.Locale.ROOT,
                "zapline load: %d connections open on %d event loops (%s); %s, then %.3g s measured",
                plan.connections(),
                plan.threads(),
                transport,
                warm,
                plan.measuredNanos() / 1e9);
    }

    /** The lines on stderr once the connections are open: what runs, which segment, how late, over what TLS. */
    static void print(LoadCommand c, LoadPlan plan, String transport, StartAt start, long late) {
        System.err.println(startLine(c, plan, transport) + slack(plan));
        if (!c.segment().isWhole() || start != null) {
            System.err.println("zapline load: segment " + c.segment() + " of the run"
                    + (start == null ? "" : ", measured phase from " + RunTag.rfc3339(start.instant())));
        }
        if (start != null && late > 0) {
            System.err.printf(
                    java.util.Locale.ROOT,
                    "zapline load: connections opened %.3f s after the %s start: the requests due meanwhile "
                            + "go out late and count from their intended times%n",
                    late / 1e9,
                    plan.warmupNanos() > 0 ? "warm-up's" : "measured phase's");
        }
        if (c.request.tlsLine() != null) {
            System.err.println(c.request.tlsLine());
        }
    }
}
