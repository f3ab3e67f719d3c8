package dev.zapline.cli.load;

import dev.zapline.transport.ClientTls;
import dev.zapline.transport.TlsGroups;
import dev.zapline.transport.TlsProvider;
import dev.zapline.transport.TlsVersions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The TLS options of {@code zapline load} (a picocli mixin): for an {@code https://} or {@code zaps://} target they
 * make its {@link ClientTls}; with a plaintext target any of them is an error naming it.
 */
public final class TlsFlags {

    @Option(
            names = "--insecure",
            description = "TLS: accept any certificate and host name (testing only: nothing is verified).")
    boolean insecure;

    @Option(
            names = "--cacert",
            paramLabel = "FILE",
            description = "TLS: trust the CA certificates of this PEM file instead of the JDK's trust store.")
    Path cacert;

    @Option(
            names = "--sni",
            paramLabel = "NAME",
            description = "TLS: the server name sent and verified (default: the URL's host; none for an IP address).")
    String sni;

    @Option(
            names = "--tls-groups",
            paramLabel = "LIST",
            description = "TLS: key-exchange groups offered, in order (default X25519MLKEM768:X25519; also P-256, "
                    + "P-384, P-521).")
    String groups;

    @Option(
            names = "--tls-versions",
            paramLabel = "LIST",
            description = "TLS: protocol versions offered (default TLSv1.3; TLSv1.2 only when asked, e.g. "
                    + "TLSv1.3,TLSv1.2).")
    String versions;

    @Option(
            names = "--alpn",
            paramLabel = "LIST",
            description = "TLS: ALPN protocols offered (default http/1.1 for https://, h2,http/1.1 with --http2, zap "
                    + "for zaps://); h2 in the list speaks HTTP/2 when the server picks it.")
    String alpn;

    @Option(
            names = "--no-resumption",
            description = "TLS: never resume a session, so every handshake is a full one (default: resume).")
    boolean noResumption;

    /** The handshake gets the request timeout, at most this (the run waits 10 s for its connections to open). */
    static final Duration MAX_HANDSHAKE = Duration.ofSeconds(5);

    /**
     * The TLS configuration for a target ({@code tls}: https or zaps; {@code zap}: which ALPN default), or null for a
     * plaintext one.
     *
     * @throws IllegalArgumentException when a TLS option is given for a plaintext target (naming it), or an option's
     *     value is not understood
     */
    public ClientTls config(boolean tls, boolean zap, long timeoutNanos) {
        return config(tls, zap, timeoutNanos, false);
    }

    /**
     * As {@link #config(boolean, boolean, long)}; {@code http2}: the run speaks HTTP/2, so ALPN offers {@code h2}
     * first by default, and an {@code --alpn} list without it is an error.
     */
    public ClientTls config(boolean tls, boolean zap, long timeoutNanos, boolean http2) {
        if (tls && http2 && alpn != null && !offersH2()) {
            throw new IllegalArgumentException("--http2 over TLS needs h2 in --alpn (" + alpn + ")");
        }
        if (!tls) {
            String flag = given();
            if (flag != null) {
                throw new IllegalArgumentException(
                        flag + " is a TLS option, but the target is plaintext: use https:// or zaps://");
            }
            return null;
        }
        if (insecure && cacert != null) {
            throw new IllegalArgumentException("--insecure verifies nothing, --cacert verifies against FILE: pick one");
        }
        Duration handshake = Duration.ofNanos(Math.min(timeoutNanos, MAX_HANDSHAKE.toNanos()));
        ClientTls t = ClientTls.defaults()
                .withInsecure(insecure)
                .withGroups(groups())
                .withProtocols(versions())
                .withAlpn(alpn(zap, http2))
                .withResumption(!noResumption)
                .withHandshakeTimeout(handshake);
        if (cacert != null) {
            t = t.withCaCert(cacert);
        }
        if (sni != null) {
            t = t.withSni(sni);
        }
        t.context(); // built once here: a bad --cacert or group list is a usage error, not a failed connection
        return t;
    }

    /** What a TLS run offers, for the line printed with the start line. */
    public String describe(boolean zap) {
        return describe(zap, false);
    }

    /** What a TLS run offers; {@code http2} as for {@link #config(boolean, boolean, long, boolean)}. */
    public String describe(boolean zap, boolean http2) {
        TlsProvider p = TlsProvider.current();
        return "zapline load: TLS by " + p.describe() + "; offering "
                + String.join(":", TlsGroups.effective(groups(), p))
                + ", " + String.join(",", versions()) + ", ALPN " + String.join(",", alpn(zap, http2))
                + (noResumption ? ", no resumption" : ", resumption on")
                + (insecure ? "; certificates NOT verified (--insecure)" : "");
    }

    /** The first TLS option given, or null. */
    private String given() {
        if (insecure) {
            return "--insecure";
        }
        if (cacert != null) {
            return "--cacert";
        }
        if (sni != null) {
            return "--sni";
        }
        if (groups != null) {
            return "--tls-groups";
        }
        if (versions != null) {
            return "--tls-versions";
        }
        if (alpn != null) {
            return "--alpn";
        }
        return noResumption ? "--no-resumption" : null;
    }

    private List<String> groups() {
        try {
            return groups == null ? TlsGroups.DEFAULT : TlsGroups.parse(groups);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--tls-groups " + groups + ": " + e.getMessage(), e);
        }
    }

    private List<String> versions() {
        try {
            return versions == null ? TlsVersions.DEFAULT : TlsVersions.parse(versions);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--tls-versions " + versions + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code --alpn} was given and names {@code h2}. */
    public boolean offersH2() {
        return alpn != null && list(alpn).contains("h2");
    }

    private List<String> alpn(boolean zap, boolean http2) {
        if (alpn == null) {
            return zap ? List.of("zap") : http2 ? List.of("h2", "http/1.1") : List.of("http/1.1");
        }
        return list(alpn);
    }

    /** A colon- or comma-separated list, blanks dropped; empty is an error. */
    private static List<String> list(String s) {
        List<String> out = new ArrayList<>();
        for (String p : s.split("[,:]")) {
            if (!p.isBlank()) {
                out.add(p.strip());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("empty list '" + s + "'");
        }
        return out;
    }
}
