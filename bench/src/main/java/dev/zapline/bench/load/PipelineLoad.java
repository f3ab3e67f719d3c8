package dev.zapline.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * A minimal closed-loop pipelining client, the same code for HTTP/1.1 and ZAP so the two transports are compared
 * by one loader: C connections, each keeping D copies of one pre-encoded request in flight, for a duration after
 * a warm-up; every response is framed and its status checked. Prints one line of JSON: requests, rate, errors and
 * service-time percentiles (from each write to its response; requests on a connection are answered in order).
 *
 * <pre>{@code
 * java -cp benchmarks.jar dev.zapline.bench.load.PipelineLoad http 127.0.0.1 8080 request.bin 64 1 5 2
 * }</pre>
 *
 * This is the stand-in until {@code zapline load} exists; it measures throughput, not open-model latency.
 */
public final class PipelineLoad {

    private PipelineLoad() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 8) {
            System.err.println("usage: PipelineLoad http|zap HOST PORT REQUEST_FILE CONNECTIONS DEPTH SECONDS WARMUP");
            System.exit(2);
        }
        Framer framer = args[0].equals("zap") ? Framer.zap() : Framer.http();
        byte[] request = Files.readAllBytes(Path.of(args[3]));
        int connections = Integer.parseInt(args[4]);
        int depth = Integer.parseInt(args[5]);
        long seconds = Long.parseLong(args[6]);
        long warmup = Long.parseLong(args[7]);
        System.out.println(
                run(framer, args[1], Integer.parseInt(args[2]), request, connections, depth, seconds, warmup));
    }

    static String run(
            Framer framer, String host, int port, byte[] request, int connections, int depth, long seconds, long warmup)
            throws Exception {
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group =
                new MultiThreadIoEventLoopGroup(1, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        AtomicLong errors = new AtomicLong();
        List<Conn> conns = new ArrayList<>();
        try {
            Bootstrap b = new Bootstrap()
                    .group(group)
                    .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT);
            ByteBuf shared = Unpooled.unreleasableBuffer(
                    Unpooled.directBuffer(request.length).writeBytes(request));
            for (int i = 0; i < connections; i++) {
                Conn c = new Conn(framer, shared, depth, errors);
                b.handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(c);
                    }
                });
                conns.add(c);
                b.connect(host, port).sync();
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(warmup));
            group.submit(() -> conns.forEach(Conn::resetStats)).sync();
            long t0 = System.nanoTime();
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            long[] total = new long[1];
            Histogram h = new Histogram(1_000, TimeUnit.SECONDS.toNanos(60), 3);
            double elapsed = group.submit(() -> {
                        for (Conn c : conns) {
                            total[0] += c.done;
                            h.add(c.latency);
                            c.stop = true;
                        }
                        return (System.nanoTime() - t0) / 1e9;
                    })
                    .get();
            return String.format(
                    "{\"requests\":%d,\"seconds\":%.3f,\"rps\":%.0f,\"errors\":%d,\"p50_us\":%.1f,"
                            + "\"p99_us\":%.1f,\"p999_us\":%.1f}",
                    total[0],
                    elapsed,
                    total[0] / elapsed,
                    errors.get(),
                    h.getValueAtPercentile(50) / 1e3,
                    h.getValueAtPercentile(99) / 1e3,
                    h.getValueAtPercentile(99.9) / 1e3);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /** One connection: keeps {@code depth} requests in flight and frames the responses. */
    private static final class Conn extends ChannelInboundHandlerAdapter {
        private final Framer framer;
        private final ByteBuf request;
        private final int depth;
        private final AtomicLong errors;
        private final long[] sentAt;
        private final Histogram latency = new Histogram(1_000, TimeUnit.SECONDS.toNanos(60), 3);
        private ByteBuf acc;
        private int head;
        private int tail;
        long done;
        volatile boolean stop;

        Conn(Framer framer, ByteBuf request, int depth, AtomicLong errors) {
            this.framer = framer;
            this.request = request;
            this.depth = depth;
            this.errors = errors;
            this.sentAt = new long[Integer.highestOneBit(Math.max(1, depth)) << 1];
        }

        void resetStats() {
            done = 0;
            latency.reset();
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            for (int i = 0; i < depth; i++) {
                send(ctx);
            }
            ctx.flush();
        }

        private void send(ChannelHandlerContext ctx) {
            sentAt[tail++ & (sentAt.length - 1)] = System.nanoTime();
            ctx.write(request.duplicate(), ctx.voidPromise());
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            if (acc == null) {
                acc = in;
            } else {
                acc.writeBytes(in);
                in.release();
            }
            long now = System.nanoTime();
            int n;
            try {
                while (acc.isReadable() && (n = framer.next(acc)) > 0) {
                    acc.skipBytes(n);
                    latency.recordValue(Math.max(
                            1_000, Math.min(now - sentAt[head++ & (sentAt.length - 1)], TimeUnit.SECONDS.toNanos(60))));
                    done++;
                    if (!stop) {
                        send(ctx);
                    }
                }
            } catch (IllegalStateException e) {
                errors.incrementAndGet();
                ctx.close();
            }
            if (!acc.isReadable()) {
                acc.release();
                acc = null;
            } else {
                acc.discardSomeReadBytes();
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (acc != null) {
                acc.release();
                acc = null;
            }
            if (!stop) {
                errors.incrementAndGet();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            errors.incrementAndGet();
            ctx.close();
        }
    }
}
