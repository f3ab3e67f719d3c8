package dev.zapline.bench.codec.eth;

import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.wire.ZapSlice;
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
 * The eth record over ZAP: request decode, response encode and the whole handler, to set against
 * {@link EthJsonBench} and {@link EthBaselineBench}. Inputs are prepared once; outputs go into a reused array.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class EthZapBench {

    private final ZapSlice slice = new ZapSlice();
    private final ZapEthCodec zap = new ZapEthCodec();
    private byte[] request;
    private byte[] out;
    private long id;
    private long balance;
    private long nonce;

    @Setup
    public void setUp() {
        request = ZapEthCodec.sampleRequest();
        out = new byte[256];
        id = EthSample.ID;
        balance = EthSample.balance(EthSample.BLOCK, EthSample.METHOD.length(), 20, 0xde);
        nonce = EthSample.NONCE;
        zap.handle(request, request.length, out);
    }

    /** Wraps the request and reads all four fields (the method as its length, the account as its first byte). */
    @Benchmark
    public long decode() {
        EthCallReq r = zap.decodeRequest(request, request.length);
        ZapSlice account = r.account(slice);
        return r.id() ^ r.block() ^ r.methodLength() ^ account.length() ^ (account.isEmpty() ? 0 : account.byteAt(0));
    }

    @Benchmark
    public int encode() {
        return zap.encodeResponse(id, balance, nonce, out);
    }

    /** The same response through the generic builder plus a copy, to show what the typed writer saves. */
    @Benchmark
    public int encodeWithBuilder() {
        return zap.encodeWithBuilder(id, balance, nonce, out);
    }

    @Benchmark
    public int handler() {
        return zap.handle(request, request.length, out);
    }
}
