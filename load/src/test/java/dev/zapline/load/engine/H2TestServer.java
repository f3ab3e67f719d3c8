package dev.zapline.load.engine;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny h2c server for tests, on Netty's own frame reader and writer (an independent HPACK encoder and frame
 * code): each request goes to a {@link Behavior}, which answers, delays, refuses or sends GOAWAY. Runs on its own
 * event loop, so a test can measure the client's loop alone.
 */
final class H2TestServer implements AutoCloseable {

    /** Decides what to do with one request: {@code n} counts the requests of its connection from 1. */
    interface Behavior {
        void request(Stream s, int n);
    }

    /** One request's stream and the ways to end it. */
    static final class Stream {
        final ChannelHandlerContext ctx;
        final DefaultHttp2FrameWriter writer;
        final int id;
        final String path;
        final long bodyBytes;
        private final Conn conn;

        Stream(Conn conn, ChannelHandlerContext ctx, DefaultHttp2FrameWriter w, int id, String path, long bodyBytes) {
            this.conn = conn;
            this.ctx = ctx;
            this.writer = w;
            this.id = id;
            this.path = path;
            this.bodyBytes = bodyBytes;
        }

        void respond(int status, String body) {
            byte[] b = body.getBytes(StandardCharsets.US_ASCII);
            Http2Headers h = new DefaultHttp2Headers().status(Integer.toString(status));
            h.set("server", "h2-test");
            writer.writeHeaders(ctx, id, h, 0, b.length == 0, ctx.newPromise());
            if (b.length > 0) {
                writer.writeData(ctx, id, Unpooled.wrappedBuffer(b), 0, true, ctx.newPromise());
            }
            conn.open--;
            ctx.flush();
        }

        void respondAfter(long millis, int status, String body) {
            ctx.executor().schedule(() -> respond(status, body), millis, TimeUnit.MILLISECONDS);
        }

        void reset(long code) {
            conn.open--;
            writer.writeRstStream(ctx, id, code, ctx.newPromise());
            ctx.flush();
        }

        void goaway(int lastStreamId) {
            writer.writeGoAway(ctx, lastStreamId, 0, Unpooled.EMPTY_BUFFER, ctx.newPromise());
            ctx.flush();
        }
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    /** The accepted connections, closed (their buffers released) before the loop shuts down. */
    private final ChannelGroup children = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

    final AtomicInteger connections = new AtomicInteger();
    final AtomicLong requests = new AtomicLong();
    final AtomicLong bodyBytes = new AtomicLong();
    /** Most streams a connection had open at once (requests received and not ended). */
    final AtomicInteger mostOpen = new AtomicInteger();

    H2TestServer(long maxConcurrentStreams, Behavior behavior) throws InterruptedException {
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        connections.incrementAndGet();
                        children.add(ch);
                        ch.pipeline().addLast(new Conn(maxConcurrentStreams, behavior));
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    int port() {
        return ((java.net.InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        // each connection's channelInactive releases its buffer: a shutdown that timed out on a loaded machine
        // before running it leaked that buffer (LeakCheck caught it under stress-ng)
        children.close().syncUninterruptibly();
        group.shutdownGracefully(0, 10, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class Conn extends ChannelInboundHandlerAdapter {
        private final long maxStreams;
        private final Behavior behavior;
        private final DefaultHttp2FrameReader reader = new DefaultHttp2FrameReader(true);
        private final DefaultHttp2FrameWriter writer = new DefaultHttp2FrameWriter();
        private ByteBuf in;
        private boolean preface;
        private int n;
        int open;
        private final java.util.Map<Integer, String> paths = new java.util.HashMap<>();
        private final java.util.Map<Integer, Long> bodies = new java.util.HashMap<>();

        Conn(long maxStreams, Behavior behavior) {
            this.maxStreams = maxStreams;
            this.behavior = behavior;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            in = ctx.alloc().buffer();
            Http2Settings s = new Http2Settings();
            if (maxStreams > 0) {
                s.maxConcurrentStreams(maxStreams);
            }
            writer.writeSettings(ctx, s, ctx.newPromise());
            ctx.flush();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Http2Exception {
            ByteBuf b = (ByteBuf) msg;
            in.writeBytes(b);
            b.release();
            if (!preface) {
                if (in.readableBytes() < 24) {
                    return;
                }
                in.skipBytes(24);
                preface = true;
            }
            reader.readFrame(ctx, in, listener);
            in.discardSomeReadBytes();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            in.release();
            reader.close();
            writer.close();
        }

        private void started(ChannelHandlerContext ctx, int id, Http2Headers h, boolean end) {
            open++;
            mostOpen.accumulateAndGet(open, Math::max);
            paths.put(id, h.path().toString());
            bodies.put(id, 0L);
            if (end) {
                ended(ctx, id);
            }
        }

        private void ended(ChannelHandlerContext ctx, int id) {
            requests.incrementAndGet();
            long body = bodies.remove(id);
            bodyBytes.addAndGet(body);
            behavior.request(new Stream(this, ctx, writer, id, paths.remove(id), body), ++n);
        }

        private final Http2FrameAdapter listener = new Http2FrameAdapter() {
            @Override
            public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
                writer.writeSettingsAck(ctx, ctx.newPromise());
                ctx.flush();
            }

            @Override
            public void onPingRead(ChannelHandlerContext ctx, long data) {
                writer.writePing(ctx, true, data, ctx.newPromise());
                ctx.flush();
            }

            @Override
            public void onHeadersRead(
                    ChannelHandlerContext ctx, int id, Http2Headers h, int padding, boolean endOfStream) {
                started(ctx, id, h, endOfStream);
            }

            @Override
            public void onHeadersRead(
                    ChannelHandlerContext ctx,
                    int id,
                    Http2Headers h,
                    int dependency,
                    short weight,
                    boolean exclusive,
                    int padding,
                    boolean endOfStream) {
                started(ctx, id, h, endOfStream);
            }

            @Override
            public int onDataRead(ChannelHandlerContext ctx, int id, ByteBuf data, int padding, boolean end) {
                int n = data.readableBytes() + padding;
                bodies.merge(id, (long) data.readableBytes(), Long::sum);
                if (n > 0) {
                    writer.writeWindowUpdate(ctx, 0, n, ctx.newPromise());
                    if (!end) {
                        writer.writeWindowUpdate(ctx, id, n, ctx.newPromise());
                    }
                    ctx.flush();
                }
                if (end) {
                    ended(ctx, id);
                }
                return n;
            }
        };
    }
}
