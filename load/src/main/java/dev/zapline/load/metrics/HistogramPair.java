package dev.zapline.load.metrics;

import org.HdrHistogram.Histogram;

/**
 * A corrected-latency histogram and the service-time histogram beside it, over the same requests: the
 * {@link Aggregator} keeps its interval and total figures as pairs because it always resets and merges the two
 * together.
 *
 * <p>Not thread-safe: the reporting thread's.
 */
public final class HistogramPair {

    private final Histogram corrected = LoopRecorder.newHistogram();
    private final Histogram service = LoopRecorder.newHistogram();

    void reset() {
        corrected.reset();
        service.reset();
    }

    /** Adds {@code correctedPart} to the corrected histogram and {@code servicePart} to the service one. */
    void add(Histogram correctedPart, Histogram servicePart) {
        corrected.add(correctedPart);
        service.add(servicePart);
    }

    /** Latency from the intended send time (do not modify). */
    public Histogram corrected() {
        return corrected;
    }

    /** Service time, from the actual write (do not modify). */
    public Histogram service() {
        return service;
    }
}
