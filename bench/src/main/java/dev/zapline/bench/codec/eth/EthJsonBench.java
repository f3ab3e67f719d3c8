package dev.zapline.bench.codec.eth;

import dev.zapline.fixtures.eth.json.EthJson;
import dev.zapline.fixtures.eth.json.EthJsonCodec;
import dev.zapline.fixtures.eth.json.EthJsonRequest;
import dev.zapline.fixtures.eth.json.EthJsonResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The eth record over JSON, one library per {@code codec} parameter, measured exactly like {@link EthZapBench}:
 * request decode, response encode and the whole handler into a reused output array.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class EthJsonBench {

    @Param({"jackson", "dsljson", "fastjson2"})
    public String codec;

    private EthJsonCodec json;
    private byte[] request;
    private byte[] out;
    private EthJsonResponse response;
    private EthJsonResponse scratch;

    @Setup
    public void setUp() {
        json = EthJsonCodec.named(codec);
        request = EthJson.sampleRequest();
        out = new byte[256];
        scratch = new EthJsonResponse();
        response = EthJson.respond(json.decodeRequest(request, request.length), new EthJsonResponse());
    }

    @Benchmark
    public EthJsonRequest decode() {
        return json.decodeRequest(request, request.length);
    }

    @Benchmark
    public int encode() {
        return json.encodeResponse(response, out);
    }

    @Benchmark
    public int handler() {
        return json.handle(request, request.length, scratch, out);
    }
}
