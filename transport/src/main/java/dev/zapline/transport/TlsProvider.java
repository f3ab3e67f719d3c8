package dev.zapline.transport;

import dev.zapline.transport.internal.HybridProbe;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;

/**
 * The TLS engine: Netty's OpenSSL engine over the statically linked BoringSSL of netty-tcnative, which offers the
 * hybrid post-quantum group {@code X25519MLKEM768}, or the JDK's own JSSE where the native library cannot load
 * (JDK 25's JSSE has no hybrid group). {@link #current()} is the one place that chooses.
 *
 * <p>Thread-safe; {@link #current()} and {@link #describe()} cache what they learn about the native library.
 */
public enum TlsProvider {
    /** netty-tcnative's BoringSSL through Netty's OpenSSL engine. */
    OPENSSL,
    /** The JDK's JSSE. */
    JDK;

    /** System property that forces a provider: {@code jdk} (or {@code openssl}, which fails where it cannot load). */
    public static final String PROPERTY = "zapline.tls.provider";

    /**
     * The provider to use: {@link #OPENSSL} when the native library loads, else {@link #JDK}; the system property
     * {@value #PROPERTY} {@code =jdk} forces the JDK's.
     *
     * @throws IllegalStateException when the property asks for {@code openssl} and it cannot load
     * @throws IllegalArgumentException when the property has another value
     */
    public static TlsProvider current() {
        String forced = System.getProperty(PROPERTY, "").strip();
        if (forced.isEmpty()) {
            return OpenSsl.isAvailable() ? OPENSSL : JDK;
        }
        if (forced.equalsIgnoreCase("jdk")) {
            return JDK;
        }
        if (forced.equalsIgnoreCase("openssl")) {
            if (!OpenSsl.isAvailable()) {
                throw new IllegalStateException(
                        PROPERTY + "=openssl, but the native library cannot load: " + OpenSsl.unavailabilityCause());
            }
            return OPENSSL;
        }
        throw new IllegalArgumentException(PROPERTY + "=" + forced + ": expected jdk or openssl");
    }

    /** Whether this provider can negotiate {@code X25519MLKEM768} here (probed once for OpenSSL). */
    public boolean hasHybridGroup() {
        return this == OPENSSL && HybridProbe.available();
    }

    /**
     * One line for a start banner, e.g. {@code OpenSSL (BoringSSL), post-quantum X25519MLKEM768 available} or
     * {@code JDK JSSE: no post-quantum hybrid group here, classical groups only}.
     */
    public String describe() {
        if (this == JDK) {
            return "JDK JSSE: no post-quantum hybrid group here, classical groups only";
        }
        String engine = "OpenSSL (" + OpenSsl.versionString() + ")";
        return hasHybridGroup()
                ? engine + ", post-quantum " + TlsGroups.X25519MLKEM768 + " available"
                : engine + ": no post-quantum hybrid group in this build, classical groups only";
    }

    /** Netty's name for it. */
    public SslProvider netty() {
        return this == OPENSSL ? SslProvider.OPENSSL : SslProvider.JDK;
    }
}
