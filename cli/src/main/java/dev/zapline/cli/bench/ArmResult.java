package dev.zapline.cli.bench;

/**
 * The figures of one arm. Latencies are corrected (from the intended send time), in microseconds; the server
 * figures are the server's own counters over the measured phase, divided by the responses the loader counted in it.
 *
 * @param error why the arm could not be measured, or null
 * @param errors requests that did not succeed (failure statuses, connection errors, timeouts, drops)
 * @param wrkRps wrk's req/s on the same warm server right after ours, or NaN when not run
 * @param latencyAt the open-model run at a fraction of the measured rate, or null when not run
 */
record ArmResult(String name, double rps, double p50Us, double p99Us, double p999Us, long requests, long errors,
        long gcCount, long gcMillis, double allocBytesPerRequest, double cpuNanosPerRequest, double wrkRps,
        LatencyAt latencyAt, String error) {

    /** The open-model run: target and achieved rate, corrected latency. */
    record LatencyAt(double fraction, double rateTarget, double rateAchieved, double p50Us, double p99Us,
            double p999Us, long errors) {}

    static ArmResult failed(String name, String error) {
        return new ArmResult(name, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Double.NaN, null, error);
    }

    boolean ok() {
        return error == null;
    }

    ArmResult withWrk(double rps) {
        return new ArmResult(name, this.rps, p50Us, p99Us, p999Us, requests, errors, gcCount, gcMillis,
                allocBytesPerRequest, cpuNanosPerRequest, rps, latencyAt, error);
    }

    ArmResult withLatencyAt(LatencyAt l) {
        return new ArmResult(name, rps, p50Us, p99Us, p999Us, requests, errors, gcCount, gcMillis,
                allocBytesPerRequest, cpuNanosPerRequest, wrkRps, l, error);
    }
}
