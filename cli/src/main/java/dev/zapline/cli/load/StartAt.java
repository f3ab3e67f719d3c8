package dev.zapline.cli.load;

import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.engine.NanoClock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * {@code --start-at TIME}: the wall-clock instant on which the measured phase's time 0 is anchored, the same for
 * every segment of a run. The warm-up goes just before it; when it does not fit between now (plus {@link #CONNECT}
 * to open the connections) and the instant, it is cut to what fits and {@link #warmupCut()} says so.
 *
 * <p>Immutable.
 */
public final class StartAt {

    /** Time left for opening the connections before the warm-up begins. */
    static final long CONNECT = 1_000_000_000L;

    private final Instant at;
    private final Instant parsedAt;
    private String warmupCut;

    private StartAt(Instant at, Instant parsedAt) {
        this.at = at;
        this.parsedAt = parsedAt;
    }

    /**
     * {@code text} is an RFC 3339 instant ({@code 2026-12-01T23:50:00Z}, an offset allowed) or {@code +DURATION}
     * from {@code now}.
     *
     * An instant already past is taken: a segment that starts late (a pod scheduled after the others) still runs
     * the run's schedule, its requests due meanwhile late and counted from their intended times ({@link #fit}).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static StartAt parse(String text, Instant now) {
        Instant at;
        if (text.startsWith("+")) {
            at = now.plusNanos(Durations.nanos(text.substring(1)));
        } else {
            try {
                at = java.time.OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("--start-at '" + text
                        + "': expected an RFC 3339 instant (2026-12-01T23:50:00Z) or +DURATION (+5s)");
            }
        }
        return new StartAt(at, now);
    }

    /** The instant. */
    public Instant instant() {
        return at;
    }

    /**
     * {@code plan}, its warm-up cut to what fits before the instant (see {@link #warmupCut()}).
     *
     * @throws IllegalArgumentException when the instant is so far past that the measured phase is over
     */
    public LoadPlan fit(LoadPlan plan) {
        long since = Duration.between(at, parsedAt).toNanos();
        if (since >= plan.measuredNanos()) {
            throw new IllegalArgumentException(String.format(
                    java.util.Locale.ROOT,
                    "--start-at %s passed %.3f s ago: the run's %.3f s measured phase is over",
                    at,
                    since / 1e9,
                    plan.measuredNanos() / 1e9));
        }
        if (since > 0) {
            warmupCut = String.format(
                    java.util.Locale.ROOT,
                    "zapline load: --start-at %s passed %.3f s ago: no warm-up; the requests due since go out late and "
                            + "count from their intended times",
                    at,
                    since / 1e9);
            return plan.with(b -> b.warmupNanos = 0);
        }
        long room = -since - CONNECT;
        if (plan.warmupNanos() <= room) {
            return plan;
        }
        long w = Math.max(0, room);
        warmupCut = String.format(
                java.util.Locale.ROOT,
                "zapline load: --start-at %s leaves room for %.3g s of the %.3g s warm-up (1 s kept for connecting)",
                at,
                w / 1e9,
                plan.warmupNanos() / 1e9);
        return plan.with(b -> b.warmupNanos = w);
    }

    /** What {@link #fit} said about the warm-up, or null when it fitted. */
    public String warmupCut() {
        return warmupCut;
    }

    /** The instant on {@code clock}'s base, converted once from the wall clock now. */
    public long nanos(NanoClock clock) {
        long base = clock.nanos();
        return base + Duration.between(Instant.now(), at).toNanos();
    }
}
