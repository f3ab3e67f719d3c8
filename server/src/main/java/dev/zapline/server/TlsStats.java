package dev.zapline.server;

import dev.zapline.transport.TlsInfo;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What an {@link App}'s TLS listeners counted, over all of them since the app was created: handshakes completed
 * (and how many resumed a session), failed by reason ({@link dev.zapline.transport.TlsFailure}), refused over the
 * concurrent-handshake limit, and connections by protocol version, cipher suite and key-exchange group.
 *
 * <p>Thread-safe: event loops count while any thread reads. Counting happens once per connection, never per
 * request.
 */
public final class TlsStats {

    private final LongAdder completed = new LongAdder();
    private final LongAdder resumed = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder inFlight = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> protocols = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> ciphers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> groups = new ConcurrentHashMap<>();

    TlsStats() {}

    void started() {
        inFlight.increment();
    }

    void completed(TlsInfo info) {
        inFlight.decrement();
        completed.increment();
        if (info.resumed()) {
            resumed.increment();
        }
        count(protocols, info.protocol());
        count(ciphers, info.cipher());
        count(groups, info.group());
    }

    void failed(String reason) {
        inFlight.decrement();
        count(failures, reason);
    }

    void refuse() {
        refused.increment();
    }

    private static void count(ConcurrentHashMap<String, LongAdder> m, String key) {
        m.computeIfAbsent(key == null ? "none" : key, k -> new LongAdder()).increment();
    }

    /** Handshakes that completed. */
    public long handshakes() {
        return completed.sum();
    }

    /** Handshakes in flight now, over all listeners. */
    public long inFlight() {
        return inFlight.sum();
    }

    /** Completed handshakes that resumed a session. */
    public long resumed() {
        return resumed.sum();
    }

    /** Connections closed at once because the listener had its limit of handshakes in flight. */
    public long refused() {
        return refused.sum();
    }

    /** Failed handshakes by reason, e.g. {@code tls: no shared group}. */
    public Map<String, Long> failures() {
        return snapshot(failures);
    }

    /** The number of failed handshakes with {@code reason} (0 when none). */
    public long failures(String reason) {
        LongAdder a = failures.get(reason);
        return a == null ? 0 : a.sum();
    }

    /** Completed handshakes by protocol version. */
    public Map<String, Long> protocols() {
        return snapshot(protocols);
    }

    /** Completed handshakes by cipher suite. */
    public Map<String, Long> ciphers() {
        return snapshot(ciphers);
    }

    /** Completed handshakes by key-exchange group ({@code unknown} under the JDK's JSSE). */
    public Map<String, Long> groups() {
        return snapshot(groups);
    }

    private static Map<String, Long> snapshot(ConcurrentHashMap<String, LongAdder> m) {
        TreeMap<String, Long> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** Lines for a stop banner: {@code tls: 12 handshakes (3 resumed), 0 refused}, then failures and groups. */
    public String summary() {
        StringBuilder sb = new StringBuilder()
                .append("tls: ")
                .append(handshakes())
                .append(" handshakes (")
                .append(resumed())
                .append(" resumed), ")
                .append(refused())
                .append(" refused over the handshake limit");
        line(sb, "failed", failures());
        line(sb, "protocols", protocols());
        line(sb, "ciphers", ciphers());
        line(sb, "groups", groups());
        return sb.toString();
    }

    private static void line(StringBuilder sb, String what, Map<String, Long> m) {
        if (m.isEmpty()) {
            return;
        }
        sb.append("\ntls: ").append(what).append(": ");
        String sep = "";
        for (Map.Entry<String, Long> e : m.entrySet()) {
            sb.append(sep).append(e.getKey()).append(' ').append(e.getValue());
            sep = ", ";
        }
    }

    @Override
    public String toString() {
        return summary();
    }
}
