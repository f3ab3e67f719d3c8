package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;

/** Runs a plan to its end and sums what the loops recorded. */
final class Runs {

    private Runs() {}

    static Engine start(LoadPlan plan, Client client, EventLoopGroup group) {
        return Engine.start(plan, client, group, NanoClock.SYSTEM, 5000);
    }

    /** Waits for the run to end; the counters of the whole run, warm-up included. */
    static Tally await(Engine e, long seconds) throws InterruptedException {
        assertThat(e.await(seconds, TimeUnit.SECONDS))
                .as("run ended within %d s", seconds)
                .isTrue();
        return new Tally().read(all(e));
    }

    /** Every recorder of a run: the measured phase's, then the warm-up's. */
    static LoopRecorder[] all(Engine e) {
        LoopRecorder[] m = e.recorders();
        LoopRecorder[] w = e.warmupRecorders();
        LoopRecorder[] r = java.util.Arrays.copyOf(m, m.length + w.length);
        System.arraycopy(w, 0, r, m.length, w.length);
        return r;
    }

    static Tally run(LoadPlan plan, Client client, EventLoopGroup group, long seconds) throws InterruptedException {
        return await(start(plan, client, group), seconds);
    }

    static long count(Tally t, Outcome o) {
        return t.count(o);
    }

    /** The whole run's histograms merged (warm-up included). */
    static Aggregator aggregate(Engine e) {
        Aggregator a = new Aggregator(all(e));
        a.interval(0, 1, 0, 0, 0, 0, false);
        return a;
    }
}
