package dev.zapline.bench.codec.eth;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The harness floor for {@link EthZapBench} and {@link EthJsonBench}: returning a field, and copying the request
 * into the reused output array (the least any handler that answers with bytes must do).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class EthBaselineBench {

    private byte[] request;
    private byte[] out;

    @Setup
    public void setUp() {
        request = ZapEthCodec.sampleRequest();
        out = new byte[256];
    }

    @Benchmark
    public int returnLength() {
        return request.length;
    }

    @Benchmark
    public int copyRequest() {
        System.arraycopy(request, 0, out, 0, request.length);
        return request.length;
    }
}
