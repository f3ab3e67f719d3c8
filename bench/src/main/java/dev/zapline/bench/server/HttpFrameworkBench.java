package dev.zapline.bench.server;

import dev.zapline.fixtures.baseline.CachedResponses;
import dev.zapline.fixtures.baseline.RawHealthHandler;
import dev.zapline.server.App;
import dev.zapline.server.HeaderName;
import dev.zapline.server.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.nio.charset.StandardCharsets;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What zapline's request path costs over raw Netty, without sockets: one {@code GET /health} request (wrk's exact
 * bytes, in a pooled direct buffer as an epoll read delivers it) goes through the channel pipeline as one read
 * batch ({@code channelRead} + {@code channelReadComplete}), and the flushed response is taken and released.
 *
 * <ul>
 *   <li>{@code zapline}: the pipeline an {@code http://} listener installs ({@link App#embedded()}: idle timeout,
 *       HTTP connection) around the demo's route {@code app.get("/health", ctx ->
 *       ctx.contentType("text/plain").send(OK))}; parse, route, handler, response encoding.</li>
 *   <li>{@code zapline-preencoded}: the same route with the header from pre-encoded bytes
 *       ({@code ctx.header(CONTENT_TYPE, TEXT_PLAIN)}), to separate the cost of {@code contentType(String)}.</li>
 *   <li>{@code raw}: the raw baseline's {@link RawHealthHandler}: scan for the head's end, copy a cached
 *       response.</li>
 *   <li>{@code raw-refresh}: the same with its date refresh task scheduled on the channel's loop, as
 *       {@code RawNettyServer} runs it. An {@code EmbeddedEventLoop} with a task pending reads the clock on every
 *       pipeline pass (about three extra reads per request here), which {@code raw} escapes and every zapline arm
 *       pays for its idle check: this arm is the like-for-like baseline for that harness cost.</li>
 *   <li>{@code raw-codec}: {@link RawCodecHandler}, raw Netty with zapline's HTTP/1.1 parser: the same parse,
 *       then a cached response, with the date refresh task scheduled as in {@code raw-refresh}. {@code zapline -
 *       raw-codec} is the framework's own cost (route lookup, context, handler chain, response head) over its
 *       engine, as a Go framework's cost is quoted over fasthttp's.</li>
 *   <li>{@code raw-idle}: the same as {@code raw} behind an {@link IdleStateHandler}, to separate that handler's
 *       share.</li>
 * </ul>
 *
 * <p>Both responses are the same bytes. The {@code EmbeddedChannel} (its outbound queue, the pipeline walk) and
 * the pooled request buffer are common to every arm, so {@code zapline - raw} is the framework's cost. The JMH
 * threads are {@code FastThreadLocalThread}s ({@link EventLoopLikeExecutor}), as event loops are.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(
        value = 2,
        jvmArgsAppend = {
            "-Xms1g",
            "-Xmx1g",
            "-Dio.netty.leakDetection.level=DISABLED",
            "-Djmh.executor=CUSTOM",
            "-Djmh.executor.class=dev.zapline.bench.server.EventLoopLikeExecutor",
            "--enable-native-access=ALL-UNNAMED",
            "-XX:+IgnoreUnrecognizedVMOptions", // a JDK 21 or 22 skips the next flag instead of refusing to start
            "--sun-misc-unsafe-memory-access=allow"
        })
public class HttpFrameworkBench {

    static final byte[] REQUEST =
            "GET /health HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final HeaderName CONTENT_TYPE = HeaderName.of("content-type");
    private static final byte[] TEXT_PLAIN = "text/plain".getBytes(StandardCharsets.US_ASCII);

    @Param({"zapline", "zapline-preencoded", "raw", "raw-refresh", "raw-codec", "raw-idle"})
    public String server;

    private EmbeddedChannel ch;
    private ChannelPipeline pipeline;
    private final PooledByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;

    @Setup
    public void setUp() {
        ch = channel(handler(server));
        pipeline = ch.pipeline();
        int length = request();
        if (length != expectedLength()) {
            throw new IllegalStateException(server + " answered " + length + " bytes, expected " + expectedLength());
        }
    }

    @TearDown
    public void tearDown() {
        ch.finishAndReleaseAll();
    }

    /** One request, one read batch, one response; returns the response length. */
    @Benchmark
    public int request() {
        return exchange(ch, pipeline, alloc);
    }

    static int exchange(EmbeddedChannel ch, ChannelPipeline pipeline, PooledByteBufAllocator alloc) {
        ByteBuf in = alloc.directBuffer(REQUEST.length).writeBytes(REQUEST);
        pipeline.fireChannelRead(in);
        pipeline.fireChannelReadComplete();
        ByteBuf response = ch.readOutbound();
        int n = response.readableBytes();
        response.release();
        return n;
    }

    static ChannelHandler handler(String server) {
        CachedResponses responses = new CachedResponses(System::currentTimeMillis);
        return switch (server) {
            case "zapline" ->
                healthApp(ServerConfig.defaults().withEventLoops(1)).embedded();
            case "zapline-preencoded" ->
                preencodedHealthApp(ServerConfig.defaults().withEventLoops(1)).embedded();
            case "raw" -> new RawHealthHandler(responses);
            case "raw-refresh" ->
                new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        responses.start(c.eventLoop());
                        c.pipeline().addLast(new RawHealthHandler(responses));
                    }
                };
            case "raw-codec" ->
                new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        responses.start(c.eventLoop());
                        c.pipeline().addLast(new RawCodecHandler(responses));
                    }
                };
            case "raw-idle" ->
                new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        c.pipeline()
                                .addLast(
                                        new IdleStateHandler(30_000, 0, 0, TimeUnit.MILLISECONDS),
                                        new RawHealthHandler(responses));
                    }
                };
            default -> throw new IllegalArgumentException("unknown server '" + server + "'");
        };
    }

    /** The demo app's health route ({@code cli}'s {@code DemoApp}, which bench does not depend on). */
    static App healthApp(ServerConfig config) {
        App app = App.create(config);
        app.get("/health", ctx -> ctx.contentType("text/plain").send(OK));
        return app;
    }

    /** The same route setting its header from pre-encoded bytes (no per-request validation or encoding). */
    static App preencodedHealthApp(ServerConfig config) {
        App app = App.create(config);
        app.get("/health", ctx -> ctx.header(CONTENT_TYPE, TEXT_PLAIN).send(OK));
        return app;
    }

    /** An embedded channel on the pooled allocator zapline's listeners use. */
    static EmbeddedChannel channel(ChannelHandler handler) {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.config().setAllocator(PooledByteBufAllocator.DEFAULT);
        ch.pipeline().addLast(handler);
        return ch;
    }

    static int expectedLength() {
        return new CachedResponses(System::currentTimeMillis).ok().length;
    }
}
