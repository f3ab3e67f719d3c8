package dev.zapline.cli.bench;

/**
 * The harness's handle on one arm's running server: its ports, its counters, and how to stop it. Every wait is
 * bounded; a server that dies or goes silent becomes a {@link BenchException}.
 */
interface BenchServer extends AutoCloseable {

    int httpPort();

    /** The ZAP port, or 0 when the server has none. */
    int zapPort();

    /** The HTTPS port, or 0 when the server has none. */
    default int httpsPort() {
        return 0;
    }

    /** The ZAP-over-TLS port, or 0 when the server has none. */
    default int zapsPort() {
        return 0;
    }

    /** The native ZAP RPC port, or 0 when the server has none. */
    default int rpcPort() {
        return 0;
    }

    long pid();

    boolean isAlive();

    /**
     * Whether the server is a JVM reporting its own collections and allocation; when not, only its CPU time in
     * {@link #stats(long)} is meaningful.
     */
    boolean jvm();

    /** The server's counters now; waits at most {@code millis}. */
    ServerStats stats(long millis);

    @Override
    void close();
}
