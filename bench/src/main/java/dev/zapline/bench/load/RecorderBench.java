package dev.zapline.bench.load;

import dev.zapline.load.metrics.LoopRecorder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording one response costs the load generator's event loop: both histograms (corrected and service),
 * the status and outcome counters and the byte count, as {@code LoopRecorder.response} does per request. The
 * latencies vary over a realistic spread so the histograms' bucket lookup is exercised; baseline: the same loop
 * without recording.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class RecorderBench {

    private final LoopRecorder recorder = new LoopRecorder();
    private long i;

    /** A latency between ~20 µs and ~5 ms, different on every call. */
    private long latency() {
        i++;
        return 20_000 + (i * 2_654_435_761L & 0x3FFFFF);
    }

    @Benchmark
    public long baseline() {
        return latency();
    }

    @Benchmark
    public long record() {
        long l = latency();
        recorder.response(200, true, 0, l >> 2, l, 103);
        return l;
    }
}
