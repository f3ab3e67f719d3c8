package dev.zapline.load.report;

import dev.zapline.load.engine.Engine;
import dev.zapline.load.metrics.HistogramPair;
import dev.zapline.load.metrics.IntervalStats;

/**
 * Something that follows the run's intervals as the {@link Reporter} closes them (the {@code --tui} dashboard), on
 * the reporting thread: it must return quickly and may keep nothing it is handed past the call but copies.
 */
public interface LiveSink {

    /**
     * An interval closed.
     *
     * @param engine the running engine (plan, connections, in flight)
     * @param s the interval's figures
     * @param histograms the interval's histograms, all phases (reused by the next interval: copy what you keep)
     * @param phase {@code warmup}, {@code measured} or {@code drain}
     * @param journeys a journey run's per-step and per-journey figures ({@link JourneyResults#step} has each step's
     *     last interval), or null
     */
    void interval(Engine engine, IntervalStats s, HistogramPair histograms, String phase, JourneyResults journeys);

    /** The run ended with {@code s}, its files written. */
    void done(Summary s);
}
