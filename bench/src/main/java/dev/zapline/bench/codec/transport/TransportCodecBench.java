package dev.zapline.bench.codec.transport;

import dev.zapline.bench.load.Requests;
import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.http1.Http1HeadParser;
import dev.zapline.codec.http1.Http1Limits;
import dev.zapline.codec.http1.Http1Request;
import dev.zapline.codec.http1.Http1ResponseWriter;
import dev.zapline.codec.http1.HttpDate;
import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpRequest;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Per-request codec cost of the two transports, without sockets: read the request as the server does (HTTP/1.1
 * head parse in place; zaphttp frame wrap with every pointer checked) and write the response the server would
 * send, for {@code GET /health} and for the eth {@code POST /rpc} with a typed body. Buffers are pooled direct
 * Netty buffers, reused.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dio.netty.leakDetection.level=DISABLED"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class TransportCodecBench {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TEXT_PLAIN = Http1ResponseWriter.name("content-type");
    private static final byte[] TEXT_PLAIN_VALUE = "text/plain".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ZAP_TYPE = "application/zap".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BLOCK_HASH = EthSample.blockHash();

    private final Http1HeadParser parser = new Http1HeadParser(Http1Limits.DEFAULT);
    private final Http1Request http = new Http1Request();
    private final HttpDate date = new HttpDate();
    private final ZapMessage msg = new ZapMessage();
    private final ZapMessage body = new ZapMessage();
    private final ZapHttpRequest zapReq = new ZapHttpRequest();
    private final ByteBufZap adapter = new ByteBufZap();
    private final ZapBuilder builder = new ZapBuilder();
    private final HeaderBlockWriter headers = new HeaderBlockWriter();
    private final EthCallReq eth = new EthCallReq();
    private final ZapSlice slice = new ZapSlice();
    private final ZapSlice account = new ZapSlice();
    private final byte[] ethOut = new byte[128];
    private ByteBuf httpHealth;
    private ByteBuf httpRpc;
    private ByteBuf zapHealth;
    private ByteBuf zapRpc;
    private ByteBuf out;

    @Setup
    public void setUp() {
        byte[] eth = Requests.eth();
        httpHealth = direct(Requests.http("GET", "/health", null, new byte[0]));
        httpRpc = direct(Requests.http("POST", "/rpc", "application/zap", eth));
        zapHealth = direct(Requests.zap("GET", "/health", null, new byte[0]));
        zapRpc = direct(Requests.zap("POST", "/rpc", "application/zap", eth));
        out = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
    }

    private static ByteBuf direct(byte[] b) {
        return PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b);
    }

    @TearDown
    public void tearDown() {
        httpHealth.release();
        httpRpc.release();
        zapHealth.release();
        zapRpc.release();
        out.release();
    }

    @Benchmark
    public int httpHealth() {
        parser.reset();
        int n = parser.parse(httpHealth, http);
        out.clear();
        Http1ResponseWriter.statusLine(out, 200);
        out.writeBytes(date.line(0));
        Http1ResponseWriter.header(out, TEXT_PLAIN, TEXT_PLAIN_VALUE);
        Http1ResponseWriter.contentLength(out, OK.length);
        Http1ResponseWriter.endHead(out);
        out.writeBytes(OK);
        return n + http.pathLength() + out.readableBytes();
    }

    /** The request side of {@link #httpHealth} alone: the head parse. */
    @Benchmark
    public int httpHealthParse() {
        parser.reset();
        return parser.parse(httpHealth, http) + http.pathLength();
    }

    /** The request side of {@link #zapHealth} alone: frame wrap with every pointer checked, target read. */
    @Benchmark
    public int zapHealthRead() {
        return zapReq.wrap(adapter.wrap(msg, zapHealth, 4, zapHealth.readableBytes() - 4))
                .target(slice)
                .length();
    }

    @Benchmark
    public int zapHealth() {
        ZapHttpRequest r = zapReq.wrap(adapter.wrap(msg, zapHealth, 4, zapHealth.readableBytes() - 4));
        int path = r.target(slice).length();
        headers.reset().add(TEXT_PLAIN_NAME, TEXT_PLAIN_VALUE);
        ZapHttpWriter.response(builder, false, 200, "", "", headers, OK, 0, OK.length, null);
        out.clear();
        ByteBufZap.writeFrame(builder, out);
        return path + out.readableBytes();
    }

    private static final byte[] TEXT_PLAIN_NAME = "content-type".getBytes(StandardCharsets.US_ASCII);

    @Benchmark
    public int httpRpc() {
        parser.reset();
        int n = parser.parse(httpRpc, http);
        int size = rpc(httpRpc, n, (int) http.contentLength());
        out.clear();
        Http1ResponseWriter.statusLine(out, 200);
        out.writeBytes(date.line(0));
        Http1ResponseWriter.header(out, TEXT_PLAIN, ZAP_TYPE);
        Http1ResponseWriter.contentLength(out, size);
        Http1ResponseWriter.endHead(out);
        out.writeBytes(ethOut, 0, size);
        return out.readableBytes();
    }

    @Benchmark
    public int zapRpc() {
        ZapHttpRequest r = zapReq.wrap(adapter.wrap(msg, zapRpc, 4, zapRpc.readableBytes() - 4));
        ZapSlice b = r.body(slice);
        int size = rpc(zapRpc, 4 + b.position(), b.length());
        headers.reset().add(TEXT_PLAIN_NAME, ZAP_TYPE);
        ZapHttpWriter.response(builder, false, 200, "", "", headers, ethOut, 0, size, null);
        out.clear();
        ByteBufZap.writeFrame(builder, out);
        return out.readableBytes();
    }

    /** The eth handler on a body at {@code index}: decode in place, compute, typed write into ethOut. */
    private int rpc(ByteBuf in, int index, int length) {
        EthCallReq req = eth.wrap(adapter.wrap(body, in, index, length));
        long balance = EthSample.balance(req, account);
        return EthCallResp.write(ethOut, 0, req.id(), balance, EthSample.NONCE, BLOCK_HASH);
    }
}
