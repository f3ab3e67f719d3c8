package dev.zapline.load.report;

import dev.zapline.load.engine.Engine;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.metrics.IntervalStats;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The live line on standard error: one line per interval (rewritten in place on a terminal), and a last frame with
 * the measured window's own figures. Used from the reporting thread only.
 */
final class LiveLine {

    private final Engine engine;
    /** A journey run: rates are journeys per second. */
    private final boolean journeys;

    private final boolean terminal;
    /** Connections opened as of the last live line ({@code --reconnect-every}: the live line shows their rate). */
    private long lastOpened;

    LiveLine(Engine engine, boolean journeys, boolean terminal) {
        this.engine = engine;
        this.journeys = journeys;
        this.terminal = terminal;
    }

    /**
     * The line of interval {@code s}; {@code busiest}: the busiest loop's CPU share in it (NaN if unknown), marked
     * {@code loader 97%!} from {@link LoaderLoad#WARN} up.
     */
    void line(PrintStream out, IntervalStats s, boolean drain, double busiest) {
        double total = (engine.plan().warmupNanos() + engine.plan().measuredNanos()) / 1e9;
        double elapsed = s.t() + engine.plan().warmupNanos() / 1e9;
        String line = String.format(
                Locale.ROOT,
                "%6.1fs/%.0fs%s  rate %s/%s  p50 %s  p99 %s  err %d  drop %d  " + "inflight %d%s",
                elapsed,
                total,
                s.warmup() ? " warmup" : drain ? " drain" : "",
                Text.count(s.rate()),
                s.targetRate() > 0 ? Text.count(s.targetRate()) + (journeys ? " journeys/s" : "") : "-",
                Text.micros(s.p50Us()),
                Text.micros(s.p99Us()),
                s.errors(),
                s.dropped(),
                s.inflight(),
                engine.plan().adaptive() ? "  ceiling " + s.ceiling() : "");
        if (engine.plan().reconnectEvery() > 0) {
            line += reopened(s.seconds());
        }
        if (busiest >= LoaderLoad.WARN) {
            line += String.format(Locale.ROOT, "  loader %.0f%%!", 100 * busiest);
        }
        print(out, line);
    }

    /**
     * With {@code --reconnect-every}, the rate of new connections over the interval: TLS handshakes (and the failed
     * ones, if any) for a TLS target, connections for a plaintext one.
     */
    private String reopened(double seconds) {
        boolean tls = engine.handshakes().any();
        long opened = tls ? engine.handshakes().count() : engine.connections();
        double rate = seconds > 0 ? (opened - lastOpened) / seconds : 0;
        lastOpened = opened;
        long failed = engine.handshakes().failedCount();
        return "  " + (tls ? "handshakes " : "connects ") + Text.count(rate) + "/s"
                + (failed > 0 ? " (" + failed + " failed)" : "");
    }

    /** The live line's last frame: the measured window's own figures, and how long the drain took. */
    void finalFrame(PrintStream out, Summary s) {
        LoadPlan p = engine.plan();
        String line = String.format(
                Locale.ROOT,
                "%6.1fs/%.0fs done  rate %s/%s  p50 %s  p99 %s  err %d  drop %d  drain %s",
                p.warmupNanos() / 1e9 + s.seconds() + s.drainSeconds(),
                (p.warmupNanos() + p.measuredNanos()) / 1e9,
                Text.count(s.rateAchieved()),
                s.rateTarget() > 0 ? Text.count(s.rateTarget()) + (journeys ? " journeys/s" : "") : "-",
                Text.micros(s.corrected().p(50)),
                Text.micros(s.corrected().p(99)),
                s.errors(),
                s.dropped(),
                Text.micros(s.drainSeconds() * 1e6));
        print(out, line);
        if (terminal) {
            out.println();
        }
    }

    private void print(PrintStream out, String line) {
        if (terminal) {
            out.print("\r" + line + "\033[K");
            out.flush();
        } else {
            out.println(line);
        }
    }
}
