package dev.zapline.load.metrics;

/** Counters summed over every loop at one instant; subtract two to get an interval. Mutable, reused. */
public final class Tally {

    final long[] outcomes = new long[Outcome.values().length];
    final long[] statuses = new long[LoopRecorder.STATUSES];
    long sent;
    long notSent;
    long drained;
    long bytesIn;
    long bytesOut;

    /** Sets this tally to the sum of {@code loops} now. */
    public Tally read(LoopRecorder[] loops) {
        java.util.Arrays.fill(outcomes, 0);
        java.util.Arrays.fill(statuses, 0);
        sent = 0;
        notSent = 0;
        drained = 0;
        bytesIn = 0;
        bytesOut = 0;
        for (LoopRecorder r : loops) {
            for (Outcome o : Outcome.values()) {
                outcomes[o.ordinal()] += r.count(o);
            }
            for (int s = 0; s < statuses.length; s++) {
                statuses[s] += r.status(s);
            }
            sent += r.sentCount();
            notSent += r.notSentCount();
            drained += r.drainedCount();
            bytesIn += r.bytesIn();
            bytesOut += r.bytesOut();
        }
        return this;
    }

    /** Copies {@code other} into this. */
    public Tally copy(Tally other) {
        System.arraycopy(other.outcomes, 0, outcomes, 0, outcomes.length);
        System.arraycopy(other.statuses, 0, statuses, 0, statuses.length);
        sent = other.sent;
        notSent = other.notSent;
        drained = other.drained;
        bytesIn = other.bytesIn;
        bytesOut = other.bytesOut;
        return this;
    }

    public long count(Outcome o) {
        return outcomes[o.ordinal()];
    }

    /** Responses of any status. */
    public long responses() {
        return count(Outcome.SUCCESS)
                + count(Outcome.FAILURE_STATUS)
                + count(Outcome.CHECK_FAILED)
                + count(Outcome.EXTRACT_FAILED);
    }

    public long errors() {
        long n = 0;
        for (Outcome o : Outcome.values()) {
            if (o.isError()) {
                n += count(o);
            }
        }
        return n;
    }

    /** Every ended request: responses, errors and drops (equals {@link #scheduled()} once nothing is in flight). */
    public long ended() {
        long n = 0;
        for (long c : outcomes) {
            n += c;
        }
        return n;
    }

    public long status(int code) {
        return statuses[code];
    }

    /** Requests written to a connection. */
    public long sent() {
        return sent;
    }

    /** Requests that ended without being written: every drop, and connect errors when no connection was open. */
    public long notSent() {
        return notSent;
    }

    /** Requests taken from the schedule (or started by a user): {@code sent() + notSent()}. */
    public long scheduled() {
        return sent + notSent;
    }

    /** Responses that arrived after the measured window's end (part of {@link #responses()}). */
    public long drained() {
        return drained;
    }

    public long bytesIn() {
        return bytesIn;
    }

    public long bytesOut() {
        return bytesOut;
    }
}
