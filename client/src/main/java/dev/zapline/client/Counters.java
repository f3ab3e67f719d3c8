package dev.zapline.client;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** What a {@link ZapClient}'s connections count, written on the event loops and read from anywhere. */
final class Counters {

    final LongAdder sent = new LongAdder();
    final LongAdder responses = new LongAdder();
    final LongAdder failures = new LongAdder();
    final LongAdder timeouts = new LongAdder();
    final LongAdder late = new LongAdder();
    final LongAdder connects = new LongAdder();
    final LongAdder connectFailures = new LongAdder();
    final LongAdder disconnects = new LongAdder();
    /** Requests accepted by {@code send} and not yet done: what a graceful close waits for. */
    final AtomicInteger pending = new AtomicInteger();

    ZapClientStats snapshot() {
        return new ZapClientStats(
                sent.sum(),
                responses.sum(),
                failures.sum(),
                timeouts.sum(),
                late.sum(),
                connects.sum(),
                connectFailures.sum(),
                disconnects.sum());
    }
}
