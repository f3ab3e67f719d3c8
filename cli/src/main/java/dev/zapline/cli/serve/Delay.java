package dev.zapline.cli.serve;

import dev.zapline.cli.load.Durations;
import dev.zapline.server.Ctx;
import dev.zapline.server.HandOff;
import dev.zapline.server.Handler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code zapline serve --delay DURATION[@PERCENT]}: a server slowed by a known amount, to prove that {@code zapline
 * diff} sees it. Of every request, in arrival order over the whole server, the share {@code PERCENT} is answered
 * {@code DURATION} late, deterministically and evenly spread: request n (from 0) is delayed when {@code floor((n+1)
 * * p / 100)} exceeds {@code floor(n * p / 100)}, so {@code 2ms@50%} delays every second request and {@code
 * 2ms@25%} every fourth.
 *
 * <p>The event loop never blocks: a delayed request is handed off ({@link Ctx#handOff()}) and its handlers run from
 * a timer on the connection's own event loop once the delay has passed. On HTTP/1.1 the requests pipelined behind
 * it on that connection wait for it, as they would behind any slow handler. A delayed request allocates its
 * hand-off and its timer; the others allocate nothing. Thread-safe.
 */
public final class Delay implements Handler {

    private final long nanos;
    private final double percent;
    /** Requests seen, over the whole server. */
    private final AtomicLong seen = new AtomicLong();

    /**
     * @param nanos how late a delayed request is answered (above 0)
     * @param percent the share of requests delayed, above 0 and at most 100
     */
    public Delay(long nanos, double percent) {
        if (nanos <= 0) {
            throw new IllegalArgumentException("--delay: the duration must be above 0");
        }
        if (!(percent > 0 && percent <= 100)) {
            throw new IllegalArgumentException("--delay: the share must be above 0% and at most 100%");
        }
        this.nanos = nanos;
        this.percent = percent;
    }

    /**
     * {@code DURATION[@PERCENT]}: {@code 2ms}, {@code 2ms@50%}, {@code 500us@10%} (the {@code %} may be left out).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Delay parse(String text) {
        int at = text.indexOf('@');
        String duration = at < 0 ? text : text.substring(0, at);
        double percent = 100;
        if (at >= 0) {
            String p = text.substring(at + 1).strip();
            p = p.endsWith("%") ? p.substring(0, p.length() - 1) : p;
            try {
                percent = Double.parseDouble(p);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "--delay '" + text + "': the share after @ is not a percentage (e.g. 2ms@50%)");
            }
        }
        long nanos;
        try {
            nanos = Durations.nanos(duration);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--delay '" + text + "': " + e.getMessage());
        }
        return new Delay(nanos, percent);
    }

    /** Whether the n-th request (from 0) is one of the delayed ones. */
    public boolean delays(long n) {
        return (long) Math.floor((n + 1) * percent / 100) > (long) Math.floor(n * percent / 100);
    }

    /** How late a delayed request is answered, in nanoseconds. */
    public long nanos() {
        return nanos;
    }

    /** The share of requests delayed, in percent. */
    public double percent() {
        return percent;
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        if (!delays(seen.getAndIncrement())) {
            ctx.next();
            return;
        }
        HandOff h = ctx.handOff();
        ctx.eventLoop().schedule(() -> h.complete(Ctx::next), nanos, TimeUnit.NANOSECONDS);
    }
}
