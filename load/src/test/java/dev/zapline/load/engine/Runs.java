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

    static Tally await(Engine e, long seconds) throws InterruptedException {
        assertThat(e.await(seconds, TimeUnit.SECONDS)).as("run ended within %d s", seconds).isTrue();
        return new Tally().read(e.recorders());
    }

    static Tally run(LoadPlan plan, Client client, EventLoopGroup group, long seconds) throws InterruptedException {
        return await(start(plan, client, group), seconds);
    }

    static long count(Tally t, Outcome o) {
        return t.count(o);
    }

    /** The whole run's histograms merged (warm-up included). */
    static Aggregator aggregate(Engine e) {
        LoopRecorder[] r = e.recorders();
        Aggregator a = new Aggregator(r);
        a.interval(0, 1, 0, 0, false);
        return a;
    }
}
