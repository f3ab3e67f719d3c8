package dev.zapline.load.engine;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongUnaryOperator;

/**
 * A run on a manual clock: one loop driven by hand ({@link DriverLoop}) and a simulated target ({@link Client})
 * whose connections answer each flushed request after a service time chosen by the test, in order per connection.
 * {@link #run} jumps the clock from event to event (timer, delayed task, response), so every figure of a run is
 * exact and repeatable, whatever the machine is doing.
 */
final class Sim implements NanoClock, DriverLoop, Client {

    static final long NONE = Long.MIN_VALUE;

    private long now = 1_000_000_000L;
    private Runnable wake;
    private long armed = NONE;
    private boolean cancelled;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private long seq;
    /** When a request flushed at the argument is answered. */
    private LongUnaryOperator answerAt = t -> t + 50_000;
    /** Connections answer nothing while this is true (a black hole). */
    boolean silent;
    /** Whether a connect fails. */
    boolean refuse;
    /** How long the target takes to accept a connection. */
    long connectDelay;
    /** Connections answer each request when its own time comes, in any order (HTTP/2 streams). */
    boolean outOfOrder;
    /** Out of order: the server's stream limit each connection reports. */
    int streamLimit = Integer.MAX_VALUE;
    /** The status of the n-th answer the target gives (from 1, across connections). */
    private java.util.function.LongToIntFunction statusOf = n -> 200;

    private long answers;

    /**
     * Below 0 (the default), each answer is its own read, delivered without {@link ConnectionEvents#onRead}. From 0
     * on, a connection's answers due at the same instant arrive in one read ({@code onRead}, the responses,
     * {@code onReadComplete}), the clock moving on by this many nanoseconds between two of them (parsing time).
     */
    long readSpread = -1;

    final List<SimConnection> connections = new ArrayList<>();
    long wakes;
    long connects;
    long flushes;

    private record Event(long at, long seq, Runnable task) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** Each request flushed at t is answered at {@code f(t)} (never before an earlier one of its connection). */
    Sim answering(LongUnaryOperator f) {
        answerAt = f;
        return this;
    }

    /**
     * A target with one worker: it serves the requests one at a time, {@code nanos} each, in the order they were
     * flushed on any connection (a server whose only loop each request holds that long).
     */
    Sim serial(long nanos) {
        long[] free = {Long.MIN_VALUE};
        return answering(t -> free[0] = Math.max(free[0], t) + nanos);
    }

    /** The target answers its n-th request (from 1, in the order it answers them) with {@code status(n)}. */
    Sim statuses(java.util.function.LongToIntFunction status) {
        statusOf = status;
        return this;
    }

    /** A constant service time. */
    Sim service(long nanos) {
        return answering(t -> t + nanos);
    }

    @Override
    public long nanos() {
        return now;
    }

    /** Runs events in time order until the engine is done, or fails after {@code maxNanos} of simulated time. */
    void run(Engine e, long maxNanos) {
        long limit = now + maxNanos;
        while (!e.isDone()) {
            long t = next();
            if (t == NONE) {
                throw new AssertionError("the run is stuck at " + now + ": nothing armed, nothing pending");
            }
            if (t - limit > 0) {
                throw new AssertionError("the run did not end within " + maxNanos + " ns of simulated time");
            }
            step();
        }
    }

    /** Moves the clock to {@code t} and runs what is due until then (responses, tasks, the timer). */
    void advanceTo(long t) {
        for (long at = next(); at != NONE && at - t <= 0; at = next()) {
            step();
        }
        now = Math.max(now, t);
    }

    /**
     * A {@link dev.zapline.load.report.Reporter}'s wait on this clock: runs {@code e}'s events up to the instant
     * asked for and says whether the run has ended by then.
     */
    dev.zapline.load.report.Reporter.Wait reporterWait(Engine e) {
        return nanos -> {
            advanceTo(nanos);
            return e.isDone();
        };
    }

    /** When the next thing happens: the timer or the earliest event (an event first when both are due at once). */
    private long next() {
        Event e = events.peek();
        long t = e == null ? NONE : e.at;
        return armed != NONE && (t == NONE || armed - t < 0) ? armed : t;
    }

    /** Moves the clock to {@link #next} and runs that one thing. */
    private void step() {
        Event e = events.peek();
        boolean timer = armed != NONE && (e == null || armed - e.at < 0);
        now = Math.max(now, timer ? armed : e.at);
        if (timer) {
            armed = NONE;
            wakes++;
            wake.run();
        } else {
            events.poll().task.run();
        }
    }

    /** The armed time, or {@link #NONE}. */
    long armed() {
        return armed;
    }

    boolean cancelled() {
        return cancelled;
    }

    // DriverLoop

    @Override
    public void execute(Runnable task) {
        task.run();
    }

    @Override
    public boolean inLoop() {
        return true;
    }

    @Override
    public void schedule(Runnable task, long delayNanos) {
        at(now + delayNanos, task);
    }

    void at(long t, Runnable task) {
        events.add(new Event(t, seq++, task));
    }

    @Override
    public void timer(Runnable w) {
        wake = w;
        armed = NONE;
    }

    @Override
    public void wakeAt(long nanos) {
        armed = nanos;
    }

    @Override
    public void disarm() {
        armed = NONE;
    }

    @Override
    public void cancel() {
        armed = NONE;
        cancelled = true;
    }

    @Override
    public EventLoop eventLoop() {
        return null;
    }

    // Client

    @Override
    public CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents ev) {
        connects++;
        if (refuse) {
            return CompletableFuture.failedFuture(new java.net.ConnectException("refused (simulated)"));
        }
        SimConnection c = new SimConnection(ev);
        connections.add(c);
        if (connectDelay == 0) {
            return CompletableFuture.completedFuture(c);
        }
        CompletableFuture<Connection> f = new CompletableFuture<>();
        at(now + connectDelay, () -> f.complete(c));
        return f;
    }

    @Override
    public int requests() {
        return 1;
    }

    @Override
    public int requestBytes(int i) {
        return 100;
    }

    @Override
    public boolean outOfOrder() {
        return outOfOrder;
    }

    @Override
    public String describe() {
        return "sim://target";
    }

    /** One simulated connection: answers its flushed requests in order. */
    final class SimConnection implements Connection {

        private final ConnectionEvents ev;
        private int unflushed;
        /** Out of order: the write number of the next request, and those answered or failed. */
        private int seq;

        private final java.util.BitSet endedSeqs = new java.util.BitSet();
        /** Out of order: most requests in flight seen at once. */
        int mostInFlight;

        private long lastAnswer = NONE;
        /** With {@link #readSpread}: the answers of the read scheduled at {@link #lastAnswer}, until it runs. */
        private int[] lastRead;

        private boolean open = true;
        /** Answers scheduled and not delivered yet. */
        int pending;

        long written;

        SimConnection(ConnectionEvents ev) {
            this.ev = ev;
        }

        @Override
        public boolean write(int i) {
            if (!open) {
                return false;
            }
            unflushed++;
            written++;
            mostInFlight = Math.max(mostInFlight, (int) (written - endedSeqs.cardinality()));
            return true;
        }

        @Override
        public void flush() {
            flushes++;
            for (; unflushed > 0; unflushed--) {
                if (silent) {
                    continue;
                }
                long t = answerAt.applyAsLong(now);
                if (outOfOrder) {
                    int s = seq++;
                    pending++;
                    at(t, () -> answer(s));
                    continue;
                }
                if (lastAnswer != NONE && t < lastAnswer) {
                    t = lastAnswer;
                }
                if (readSpread >= 0 && lastRead != null && t == lastAnswer) {
                    lastRead[0]++;
                    pending++;
                    continue;
                }
                lastAnswer = t;
                pending++;
                if (readSpread >= 0) {
                    int[] read = {1};
                    lastRead = read;
                    at(t, () -> answerRead(read));
                } else {
                    at(t, this::answer);
                }
            }
        }

        private void answer(int s) {
            if (!open || endedSeqs.get(s)) {
                return;
            }
            pending--;
            endedSeqs.set(s);
            ev.onResponse(s, statusOf.applyAsInt(++answers), 50);
            ev.onReadComplete();
        }

        private void answerRead(int[] read) {
            if (lastRead == read) {
                lastRead = null;
            }
            if (!open) {
                return;
            }
            ev.onRead();
            for (int k = 0; k < read[0] && open; k++) {
                if (k > 0) {
                    now += readSpread;
                }
                pending--;
                ev.onResponse(statusOf.applyAsInt(++answers), 50);
            }
            ev.onReadComplete();
        }

        private void answer() {
            if (!open) {
                return;
            }
            pending--;
            ev.onResponse(statusOf.applyAsInt(++answers), 50);
            ev.onReadComplete();
        }

        @Override
        public boolean isActive() {
            return open;
        }

        @Override
        public int streamLimit() {
            return streamLimit;
        }

        @Override
        public void close() {
            if (!open) {
                return;
            }
            open = false;
            Link l = (Link) ev;
            if (outOfOrder) {
                for (int s = 0; s < written; s++) {
                    if (!endedSeqs.get(s)) {
                        endedSeqs.set(s);
                        ev.onFailure(s, dev.zapline.load.metrics.Outcome.RESET);
                    }
                }
            }
            while (l.inFlight() > 0) {
                ev.onFailure(dev.zapline.load.metrics.Outcome.RESET);
            }
            ev.onClosed();
        }
    }
}
