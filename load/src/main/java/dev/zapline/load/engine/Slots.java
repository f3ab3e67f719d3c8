package dev.zapline.load.engine;

import dev.zapline.client.Backoff;
import java.util.SplittableRandom;

/**
 * A loop's connections as slots for requests: which are open, which has a free slot (round robin, so the load
 * spreads over every connection), how many are being opened at once, when a closed one is opened again, and which
 * hold a request past its timeout. It decides; the {@link Pool} opens and closes. Confined to the loop.
 *
 * <p>Opening. At most {@link #CONNECT_WINDOW} connections of a loop are being opened at once; the others queue and
 * start as those complete. A loop told to open 5,000 at once would overflow the target's accept queue, and a SYN
 * the target drops costs a one-second retransmit: in waves, 10,000 connections over two loops open in well under a
 * second on loopback.
 *
 * <p>Reopening. A connection that closed after working is reopened at once; one whose opening failed is retried
 * after {@link Backoff#delayNanos} ({@link #BACKOFF_MIN} doubling to {@link #BACKOFF_MAX}, up to half of it taken
 * off at random, so a loop's connections do not retry in lockstep).
 */
final class Slots {

    static final int CONNECT_WINDOW = 64;
    static final long BACKOFF_MIN = 10_000_000;
    static final long BACKOFF_MAX = 1_000_000_000;
    static final double JITTER = 0.5;

    private final Link[] links;
    private final LongRing toOpen;
    private final SplittableRandom random;
    private int rr;
    private int active;
    private int opening;

    Slots(Link[] links, long seed) {
        this.links = links;
        this.toOpen = new LongRing(Math.max(1, links.length));
        this.random = new SplittableRandom(seed);
    }

    Link[] links() {
        return links;
    }

    /** Open connections. */
    int active() {
        return active;
    }

    /** The next open connection with a free slot after the last one returned, or null. */
    Link free() {
        for (int k = 0; k < links.length; k++) {
            Link l = links[rr];
            rr = rr + 1 == links.length ? 0 : rr + 1;
            if (l.hasFree()) {
                return l;
            }
        }
        return null;
    }

    /** {@code l}'s connection {@code c} opened: it takes requests. */
    void activate(Link l, Connection c) {
        l.begin(c);
        if (l.activate()) {
            active++;
        }
    }

    /** {@code l} takes no more requests (closing, or a write failed). */
    void deactivate(Link l) {
        if (l.deactivate()) {
            active--;
        }
    }

    /**
     * {@code l} is to be opened: true when it may start now (counted as opening), false when it was queued behind
     * the window ({@link #opened} hands it out later).
     */
    boolean open(Link l) {
        if (opening < CONNECT_WINDOW) {
            opening++;
            return true;
        }
        toOpen.add(l.index);
        return false;
    }

    /** An opening ended (either way): the next queued link to start, counted as opening, or null. */
    Link opened() {
        opening--;
        if (toOpen.isEmpty()) {
            return null;
        }
        opening++;
        return links[(int) toOpen.poll()];
    }

    /** Connections being opened or queued to be. */
    int pendingOpens() {
        return opening + toOpen.size();
    }

    /** How long to wait before reopening {@code l}, from its failures in a row. */
    long reopenDelay(Link l) {
        return l.failures() == 0
                ? 0
                : Backoff.delayNanos(l.failures(), BACKOFF_MIN, BACKOFF_MAX, JITTER, random.nextDouble());
    }

    /**
     * Closes each open connection whose oldest request was written more than {@code timeout} before {@code now}, or
     * every connection with a request in flight when {@code all}; what they held then counts as timed out.
     */
    void closeTimedOut(long now, long timeout, boolean all) {
        for (Link l : links) {
            Connection c = l.connection();
            if (l.inFlight() > 0 && !l.timedOut() && c != null && (all || now - l.ring.oldestSent() > timeout)) {
                l.timeOut();
                deactivate(l);
                c.close();
            }
        }
    }

    void closeAll() {
        for (Link l : links) {
            Connection c = l.connection();
            if (c != null) {
                deactivate(l);
                c.close();
            }
        }
    }
}
