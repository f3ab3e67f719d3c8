package dev.zapline.cli.bench;

import java.util.List;

/**
 * The figures of one arm. Latencies are corrected (from the intended send time), in microseconds; the server
 * figures are the server's own counters over the measured phase, divided by the responses the loader counted in it.
 *
 * @param error why the arm could not be measured, or null
 * @param errors requests that did not succeed (failure statuses, connection errors, timeouts); in the measured
 *     closed-loop runs, not those left unsent because the run ended while their connection was opening
 * @param serverCores the server's CPU time over the measured phase's wall time: near 1.0 (one event loop) means
 *     the server was the bottleneck; well below, something else was (the loader, the network stack)
 * @param loaderCores the same for the loader's process (its event loop, JIT and GC threads)
 * @param wrkRps wrk's req/s on the same warm server right after ours, or NaN when not run
 * @param latencyAt the open-model run at a fraction of the measured rate, or null when not run
 * @param roundsRps req/s of every round, in round order, when there were several (this row is the median round's)
 * @param tls what the TLS handshakes of a TLS arm's run came to, or null for a plaintext arm
 */
record ArmResult(
        String name,
        double rps,
        double p50Us,
        double p99Us,
        double p999Us,
        long requests,
        long errors,
        long gcCount,
        long gcMillis,
        double allocBytesPerRequest,
        double cpuNanosPerRequest,
        double serverCores,
        double loaderCores,
        double wrkRps,
        LatencyAt latencyAt,
        String error,
        List<Double> roundsRps,
        TlsFigures tls) {

    ArmResult {
        roundsRps = List.copyOf(roundsRps);
    }

    /**
     * The TLS handshakes of a run (its warm-up included, as the loader's summary counts them).
     *
     * @param groups the negotiated key-exchange groups with the handshakes that used each, e.g. {@code X25519MLKEM768
     *     812}: a run that fell back to another group shows it
     * @param handshakes completed handshakes; {@code resumed} of them resumed a session
     * @param p50Us handshake time (TCP connection established to handshake done), median, µs; {@code p99Us} its 99th
     *     percentile
     * @param failed failed handshakes
     */
    record TlsFigures(String groups, long handshakes, long resumed, double p50Us, double p99Us, long failed) {

        /** The share of the handshakes that resumed a session, 0 to 1. */
        double resumedShare() {
            return handshakes == 0 ? 0 : (double) resumed / handshakes;
        }
    }

    /** The open-model run: target and achieved rate, corrected latency. */
    record LatencyAt(
            double fraction,
            double rateTarget,
            double rateAchieved,
            double p50Us,
            double p99Us,
            double p999Us,
            long errors) {}

    /** A side whose process used this many cores (of the one it is pinned to) was saturated. */
    static final double SATURATED = 0.95;

    /**
     * Whether the loader, not the server, was saturated: the loader's process used at least {@link #SATURATED}
     * cores while the server stayed below it. Such an arm's req/s is the loader's ceiling, so ratios taken from it
     * say nothing about the server and are not judged against their targets.
     */
    boolean loaderBound() {
        return ok() && loaderCores >= SATURATED && serverCores < SATURATED;
    }

    /** Below this many cores the server was not the bottleneck, whichever side was. */
    static final double SERVER_BUSY = 0.85;

    /**
     * Whether neither side saturated its core (the server below {@link #SERVER_BUSY}, the loader not saturated):
     * other work on the machine took the CPU, so the req/s measured the machine, and ratios taken from it are not
     * judged either.
     */
    boolean starved() {
        return ok() && !loaderBound() && serverCores < SERVER_BUSY;
    }

    static ArmResult failed(String name, String error) {
        return new ArmResult(name, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Double.NaN, null, error, List.of(), null);
    }

    boolean ok() {
        return error == null;
    }

    ArmResult withWrk(double rps) {
        return new ArmResult(
                name,
                this.rps,
                p50Us,
                p99Us,
                p999Us,
                requests,
                errors,
                gcCount,
                gcMillis,
                allocBytesPerRequest,
                cpuNanosPerRequest,
                serverCores,
                loaderCores,
                rps,
                latencyAt,
                error,
                roundsRps,
                tls);
    }

    ArmResult withLatencyAt(LatencyAt l) {
        return new ArmResult(
                name,
                rps,
                p50Us,
                p99Us,
                p999Us,
                requests,
                errors,
                gcCount,
                gcMillis,
                allocBytesPerRequest,
                cpuNanosPerRequest,
                serverCores,
                loaderCores,
                wrkRps,
                l,
                error,
                roundsRps,
                tls);
    }

    ArmResult withRounds(List<Double> rps) {
        return new ArmResult(
                name,
                this.rps,
                p50Us,
                p99Us,
                p999Us,
                requests,
                errors,
                gcCount,
                gcMillis,
                allocBytesPerRequest,
                cpuNanosPerRequest,
                serverCores,
                loaderCores,
                wrkRps,
                latencyAt,
                error,
                rps,
                tls);
    }

    /**
     * One row for several rounds of an arm: the round with the median req/s (the lower middle one for an even
     * count), carrying every round's req/s; the first failed round instead when one failed.
     */
    static ArmResult median(List<ArmResult> rounds) {
        for (ArmResult r : rounds) {
            if (!r.ok()) {
                return rounds.size() == 1
                        ? r
                        : failed(
                                r.name,
                                "in round " + (rounds.indexOf(r) + 1) + " of " + rounds.size() + ": " + r.error);
            }
        }
        List<ArmResult> sorted = new java.util.ArrayList<>(rounds);
        sorted.sort(java.util.Comparator.comparingDouble(ArmResult::rps));
        ArmResult m = sorted.get((sorted.size() - 1) / 2);
        return rounds.size() == 1
                ? m
                : m.withRounds(rounds.stream().map(ArmResult::rps).toList());
    }
}
