package dev.zapline.load.engine;

import dev.zapline.client.TlsHandshakeException;
import dev.zapline.load.metrics.Handshakes;
import dev.zapline.load.metrics.LoopRecorder;
import org.HdrHistogram.Histogram;

/** A run's connections as they opened or failed: connect times, TLS handshakes, failures. Thread-safe. */
final class Connects {

    private final Histogram times = LoopRecorder.newHistogram();
    private final Handshakes handshakes = new Handshakes();
    private long failures;
    private String firstError;

    Handshakes handshakes() {
        return handshakes;
    }

    synchronized Histogram times() {
        return times.copy();
    }

    synchronized long count() {
        return times.getTotalCount();
    }

    synchronized long failures() {
        return failures;
    }

    /** The first connect failure's reason, or null. */
    synchronized String firstError() {
        return firstError;
    }

    /** A connection opened {@code nanos} after its connect began, its TLS handshake ({@code h}, or null) included. */
    synchronized void connected(long nanos, Handshake h) {
        long tcp = h == null ? nanos : nanos - h.nanos();
        times.recordValue(Math.max(LoopRecorder.LOWEST, Math.min(tcp, LoopRecorder.HIGHEST)));
        if (h != null) {
            handshakes.completed(h.nanos(), h.protocol(), h.cipher(), h.group(), h.alpn(), h.resumed());
        }
    }

    /** A connection could not be opened; a failed TLS handshake is counted by its reason too. */
    synchronized void failed(Throwable e) {
        failures++;
        Throwable c = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        String why = c.getMessage();
        if (c instanceof TlsHandshakeException t) {
            why = t.reason();
            handshakes.failed(why);
        }
        if (firstError == null) {
            firstError = why;
        }
    }
}
