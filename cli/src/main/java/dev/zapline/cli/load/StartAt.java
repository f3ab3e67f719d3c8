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
     * @throws IllegalArgumentException for anything else, or an instant not after {@code now}
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
        if (!at.isAfter(now)) {
            throw new IllegalArgumentException(
                    "--start-at " + at + " is not in the future (now " + now + "): the run would start late");
        }
        return new StartAt(at, now);
    }

    /** The instant. */
    public Instant instant() {
        return at;
    }

    /** {@code plan}, its warm-up cut to what fits before the instant (see {@link #warmupCut()}). */
    public LoadPlan fit(LoadPlan plan) {
        long room = Duration.between(parsedAt, at).toNanos() - CONNECT;
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
        return plan.withWarmup(w);
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
