package dev.zapline.load.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a run's TLS handshakes came to: how long each took (from the TCP connection being established to the
 * handshake's end), how many connections negotiated each protocol version, cipher suite, key-exchange group and
 * ALPN protocol, how many resumed a session, and the failed ones by reason ({@code tls: certificate not trusted},
 * ...). Empty for a plaintext target.
 *
 * <p>Thread-safe: the event loops record once per connection (never per request), a reporter reads a
 * {@link #snapshot()} once a second.
 */
public final class Handshakes {

    private final Histogram times = LoopRecorder.newHistogram();
    private final Map<String, Long> protocols = new LinkedHashMap<>();
    private final Map<String, Long> ciphers = new LinkedHashMap<>();
    private final Map<String, Long> groups = new LinkedHashMap<>();
    private final Map<String, Long> alpn = new LinkedHashMap<>();
    private final Map<String, Long> failures = new LinkedHashMap<>();
    private long resumed;
    private long failed;

    /** A handshake ended well after {@code nanos}, with what it negotiated ({@code alpn} empty when none). */
    public synchronized void completed(
            long nanos, String protocol, String cipher, String group, String alpnProtocol, boolean wasResumed) {
        times.recordValue(Math.max(LoopRecorder.LOWEST, Math.min(nanos, LoopRecorder.HIGHEST)));
        protocols.merge(protocol, 1L, Long::sum);
        ciphers.merge(cipher, 1L, Long::sum);
        groups.merge(group, 1L, Long::sum);
        alpn.merge(alpnProtocol.isEmpty() ? "none" : alpnProtocol, 1L, Long::sum);
        if (wasResumed) {
            resumed++;
        }
    }

    /** A handshake failed for {@code reason}. */
    public synchronized void failed(String reason) {
        failures.merge(reason, 1L, Long::sum);
        failed++;
    }

    /** Handshakes completed. */
    public synchronized long count() {
        return times.getTotalCount();
    }

    /** Handshakes failed. */
    public synchronized long failedCount() {
        return failed;
    }

    /** Whether anything was recorded (false for a plaintext run). */
    public synchronized boolean any() {
        return times.getTotalCount() > 0 || failed > 0;
    }

    /** A copy of everything recorded so far. */
    public synchronized Snapshot snapshot() {
        return new Snapshot(
                times.copy(),
                new Counts(
                        new LinkedHashMap<>(protocols),
                        new LinkedHashMap<>(ciphers),
                        new LinkedHashMap<>(groups),
                        new LinkedHashMap<>(alpn),
                        resumed,
                        new LinkedHashMap<>(failures),
                        failed));
    }

    /**
     * The figures at one instant.
     *
     * @param times handshake times (ns)
     * @param counts what the handshakes negotiated, and the failed ones
     */
    public record Snapshot(Histogram times, Counts counts) {}

    /**
     * How many connections negotiated each value, and the failed handshakes: what a {@link Snapshot} holds beside the
     * times, and what the run's summary reports as it is. The maps keep the order in which each value was first seen.
     *
     * @param protocols connections per negotiated protocol version; {@code ciphers}, {@code groups} (key exchange)
     *     and {@code alpn} likewise
     * @param resumed completed handshakes that resumed a session; the others were full handshakes
     * @param failures failed handshakes by reason ({@code tls: certificate not trusted}, ...), {@code failed} in all
     */
    public record Counts(
            Map<String, Long> protocols,
            Map<String, Long> ciphers,
            Map<String, Long> groups,
            Map<String, Long> alpn,
            long resumed,
            Map<String, Long> failures,
            long failed) {}
}
