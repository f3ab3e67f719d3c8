package dev.zapline.load.engine;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.schedule.Stages;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs an open run's request path before the run, against a responder inside this process, so that its first
 * requests go out on compiled code (issue 31). A JVM starts interpreting: at 10,000 req/s on one core the loader
 * fell behind for its first 200 ms and caught up in bursts, which a packet capture counts against the pacing however
 * the loader's own figures look. The target sees none of it.
 *
 * <p>The priming run is the real one in miniature: the plan's connections, loops and send slack, its requests, the
 * open model with {@code count} requests in {@link #ROUND_NANOS}, on the same event loops, in up to
 * {@link #MAX_ROUNDS} rounds; only the address differs: a loopback responder on those loops that answers each
 * HTTP/1.1 request with a small 200, and each connection is renewed a few times on the way. After each round it
 * waits (at most {@link #SETTLE_NANOS}) until the JIT compilers have had nothing to do for {@link #QUIET_NANOS}; then
 * it collects the garbage, closes the responder and hands back what it did. Its connections close with it; nothing
 * it recorded is kept.
 *
 * <p>Only a client that can aim the same requests elsewhere primes ({@link Client#primer}): plaintext HTTP/1.1
 * with fixed requests. TLS, HTTP/2, ZAP and journeys start cold as before.
 */
public final class Primer {

    /**
     * Requests per round unless changed: 10,000. One round left the C2 compiler 0.6 to 0.9 s of work in the next;
     * the fourth kept it 0.03 to 0.27 s busy (10,000 req/s, one core).
     */
    public static final int DEFAULT_REQUESTS = 10_000;

    /** How long one round's schedule lasts: 0.5 s. */
    static final long ROUND_NANOS = 500_000_000L;

    /** The longest the priming run may take before it is stopped: 5 s. */
    static final long RUN_NANOS = 5_000_000_000L;

    /** How often the priming run's interval figures are swapped out, as the reporter does each second: 50 ms. */
    static final long SWAP_NANOS = 50_000_000L;

    /** The longest the wait for the compilers to fall quiet may take: 2 s. */
    static final long SETTLE_NANOS = 2_000_000_000L;

    /** How long the compilers must have been idle: 100 ms. */
    static final long QUIET_NANOS = 100_000_000L;

    /**
     * At most this many rounds of {@code count} requests: 4. A round after the first is run only while the one before
     * still kept the compilers busy ({@link #QUIET_ROUND_MILLIS}): a method the C1 compiler took first while C2 was
     * busy is compiled by C2 only once it runs again.
     */
    static final int MAX_ROUNDS = 4;

    /** A round that cost the compilers less than this, 20 ms, ends the priming. */
    static final long QUIET_ROUND_MILLIS = 20;

    /** What a priming did: the requests it sent and got answers to, and how long it took, the wait included. */
    public record Primed(long requests, long answered, long nanos) {

        /** The line {@code zapline load} prints about it. */
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "zapline load: primed the request path with %,d requests to a responder in this process "
                            + "(%,d answered, %.2f s; the target saw none; --prime 0 skips)",
                    requests,
                    answered,
                    nanos / 1e9);
        }
    }

    private Primer() {}

    /**
     * Primes {@code plan}'s request path with {@code count} requests, or does nothing when {@code count} is 0, the
     * plan is closed, or {@code client} cannot prime.
     *
     * @return what it did, or null when it did nothing
     */
    public static Primed run(LoadPlan plan, Client client, ZapLoops loops, int count) throws InterruptedException {
        if (count <= 0 || !plan.isOpen() || !client.primes()) {
            return null;
        }
        long began = System.nanoTime();
        Channel server = new ServerBootstrap()
                .group(loops.group())
                .channel(loops.serverChannelClass())
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Responder());
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
        try {
            int port = ((InetSocketAddress) server.localAddress()).getPort();
            LoadPlan primePlan = plan.with(b -> {
                b.stages = Stages.constant(count / (ROUND_NANOS / 1e9), Duration.ofNanos(ROUND_NANOS));
                b.warmupNanos = 0;
                b.steerable = false;
                if (b.reconnectEvery == 0) {
                    // each connection renewed about 4 times, so a new connection's first request and response
                    // are in the profile the compiler reads (else the run's first ones undo compiled code)
                    b.reconnectEvery = Math.max(1, count / (4 * plan.connections()));
                }
            });
            Client primer = client.primer("127.0.0.1", port);
            long requests = 0;
            long answered = 0;
            for (int r = 0; r < MAX_ROUNDS; r++) {
                long jit = jitMillis();
                long[] sentAnswered = round(primePlan, primer, loops);
                requests += sentAnswered[0];
                answered += sentAnswered[1];
                settle();
                if (r > 0 && jitMillis() - jit < QUIET_ROUND_MILLIS) {
                    break;
                }
            }
            // the run starts with an empty young generation: no collection pause in its first seconds
            System.gc();
            return new Primed(requests, answered, System.nanoTime() - began);
        } finally {
            server.close().syncUninterruptibly();
        }
    }

    /** One round: the priming plan run to its end against the responder; returns the requests sent and answered. */
    private static long[] round(LoadPlan primePlan, Client primer, ZapLoops loops) throws InterruptedException {
        Engine e = Engine.start(primePlan, primer, loops.group(), NanoClock.SYSTEM, 10_000);
        // the recorders' intervals are swapped as the reporter swaps them, so the loops' side of a swap is
        // compiled too (else the run's first second undoes that code)
        Aggregator agg = new Aggregator(e.recorders(), e.warmupRecorders());
        long deadline = System.nanoTime() + RUN_NANOS;
        double rate = primePlan.stages().peakPerSecond();
        while (!e.await(SWAP_NANOS, TimeUnit.NANOSECONDS)) {
            agg.interval(0, SWAP_NANOS / 1e9, rate, e.outstanding(), e.openConnections(), e.ceiling(), false);
            if (System.nanoTime() - deadline > 0) {
                e.stop();
                e.await(primePlan.graceNanos() + 1_000_000_000L, TimeUnit.NANOSECONDS);
                break;
            }
        }
        long[] sentAnswered = new long[2];
        for (LoopRecorder r : e.recorders()) {
            sentAnswered[0] += r.sentCount();
            sentAnswered[1] += r.count(Outcome.SUCCESS);
        }
        return sentAnswered;
    }

    /** The JIT compilers' total time so far in ms, -1 where the JVM does not say. */
    private static long jitMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit == null || !jit.isCompilationTimeMonitoringSupported() ? -1 : jit.getTotalCompilationTime();
    }

    /** Waits until the JIT compilers have been idle for {@link #QUIET_NANOS}, or {@link #SETTLE_NANOS} at most. */
    private static void settle() throws InterruptedException {
        long seen = jitMillis();
        if (seen < 0) {
            return;
        }
        long end = System.nanoTime() + SETTLE_NANOS;
        long quietSince = System.nanoTime();
        while (System.nanoTime() - end < 0) {
            Thread.sleep(10);
            long now = jitMillis();
            if (now != seen) {
                seen = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= QUIET_NANOS) {
                return;
            }
        }
    }

    /**
     * Answers each HTTP/1.1 request on its connection with one of {@link #RESPONSES}: a request ends after its header
     * block's blank line and as many body bytes as its {@code Content-Length} says.
     */
    static final class Responder extends ChannelInboundHandlerAdapter {

        /** The answers, in turn: a bare one, and one with the headers common servers add. */
        static final byte[][] RESPONSES = {
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"
                    .getBytes(StandardCharsets.US_ASCII),
            ("HTTP/1.1 200 OK\r\nServer: zapline-primer\r\nDate: Sat, 05 Dec 2026 07:00:00 GMT\r\n"
                            + "Content-Type: application/json\r\nContent-Length: 12\r\nConnection: keep-alive\r\n\r\n"
                            + "{\"ok\": true}")
                    .getBytes(StandardCharsets.US_ASCII)
        };

        /** A header block longer than this closes the connection. */
        private static final int MAX_HEAD = 65_536;

        private final StringBuilder head = new StringBuilder(256);
        private long body;
        private int answers;
        private int sent;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof ByteBuf in)) {
                ctx.fireChannelRead(msg);
                return;
            }
            try {
                while (in.isReadable()) {
                    if (body > 0) {
                        int skip = (int) Math.min(body, in.readableBytes());
                        in.skipBytes(skip);
                        body -= skip;
                        if (body == 0) {
                            answers++;
                        }
                        continue;
                    }
                    head.append((char) (in.readByte() & 0xff));
                    int n = head.length();
                    if (n >= 4
                            && head.charAt(n - 1) == '\n'
                            && head.charAt(n - 2) == '\r'
                            && head.charAt(n - 3) == '\n'
                            && head.charAt(n - 4) == '\r') {
                        body = contentLength(head);
                        head.setLength(0);
                        if (body == 0) {
                            answers++;
                        }
                    } else if (n > MAX_HEAD) {
                        ctx.close();
                        return;
                    }
                }
            } finally {
                in.release();
            }
            for (; answers > 0; answers--) {
                ctx.write(Unpooled.wrappedBuffer(RESPONSES[sent++ & 1]));
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }

        /** The {@code Content-Length} of a header block, 0 without one or when it is not a number. */
        static long contentLength(CharSequence head) {
            String h = head.toString().toLowerCase(Locale.ROOT);
            int i = h.indexOf("\ncontent-length:");
            if (i < 0) {
                return 0;
            }
            int j = i + "\ncontent-length:".length();
            int end = h.indexOf('\r', j);
            try {
                return Math.max(
                        0,
                        Long.parseLong(
                                h.substring(j, end < 0 ? h.length() : end).strip()));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }
}
