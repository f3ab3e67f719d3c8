package dev.zapline.load.engine;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shop written on Netty's own HTTP codec, not on zapline's, that checks what a journey carries: {@code POST /login}
 * with {@code {"user": "NAME", ...}} issues a fresh random token for the account named in the user
 * ({@code user42}: account 42) and remembers it; {@code GET /accounts/:id} answers 200 only when the bearer token is
 * one it issued for that account (401 for an unknown token, 403 for another account's), and counts each kind;
 * {@code POST /orders} needs an issued token and answers 201 with an order id. Loopback, one event loop.
 */
final class TokenServer implements AutoCloseable {

    private static final Pattern USER = Pattern.compile("\"user\"\\s*:\\s*\"([^\"]*)\"");

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;
    private final Map<String, Long> issued = new ConcurrentHashMap<>();
    final Set<String> usersSeen = ConcurrentHashMap.newKeySet();
    final AtomicLong logins = new AtomicLong();
    final AtomicLong loginRepeats = new AtomicLong();
    final AtomicLong accountsOk = new AtomicLong();
    final AtomicLong unknownTokens = new AtomicLong();
    final AtomicLong wrongAccounts = new AtomicLong();
    final AtomicLong orders = new AtomicLong();

    TokenServer() throws InterruptedException {
        channel = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(new HttpServerCodec())
                                .addLast(new HttpObjectAggregator(1 << 16))
                                .addLast(new Handler());
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
            String uri = req.uri().indexOf('?') < 0
                    ? req.uri()
                    : req.uri().substring(0, req.uri().indexOf('?'));
            String body = req.content().toString(StandardCharsets.UTF_8);
            String auth = req.headers().get(HttpHeaderNames.AUTHORIZATION, "");
            String token = auth.startsWith("Bearer ") ? auth.substring(7) : "";
            FullHttpResponse res;
            if (req.method().equals(HttpMethod.POST) && uri.equals("/login")) {
                Matcher m = USER.matcher(body);
                if (!m.find()) {
                    res = reply(HttpResponseStatus.BAD_REQUEST, "{\"error\":\"user\"}");
                } else {
                    String user = m.group(1);
                    if (!usersSeen.add(user)) {
                        loginRepeats.incrementAndGet();
                    }
                    long account = Long.parseLong(user.replaceAll("[^0-9]", "0"));
                    String t = Long.toHexString(java.util.concurrent.ThreadLocalRandom.current()
                                    .nextLong()) + "." + logins.incrementAndGet();
                    issued.put(t, account);
                    res = reply(HttpResponseStatus.OK, "{\"token\":\"" + t + "\",\"account\":" + account + "}");
                    res.headers().set("X-Token", t);
                }
            } else if (req.method().equals(HttpMethod.GET) && uri.startsWith("/accounts/")) {
                Long owner = issued.get(token);
                long id = parse(uri.substring("/accounts/".length()));
                if (id < 0) {
                    res = reply(HttpResponseStatus.BAD_REQUEST, "{\"error\":\"id\"}");
                } else if (owner == null) {
                    unknownTokens.incrementAndGet();
                    res = reply(HttpResponseStatus.UNAUTHORIZED, "{\"error\":\"token\"}");
                } else if (owner != id) {
                    wrongAccounts.incrementAndGet();
                    res = reply(HttpResponseStatus.FORBIDDEN, "{\"error\":\"account\"}");
                } else {
                    accountsOk.incrementAndGet();
                    res = reply(HttpResponseStatus.OK, "{\"id\":" + id + ",\"balance\":12.5,\"tags\":[\"a\",\"b\"]}");
                }
            } else if (req.method().equals(HttpMethod.POST) && uri.equals("/orders")) {
                if (!issued.containsKey(token)) {
                    unknownTokens.incrementAndGet();
                    res = reply(HttpResponseStatus.UNAUTHORIZED, "{\"error\":\"token\"}");
                } else {
                    res = reply(HttpResponseStatus.CREATED, "{\"id\":\"o" + orders.incrementAndGet() + "\"}");
                }
            } else {
                res = reply(HttpResponseStatus.NOT_FOUND, "{}");
            }
            ctx.writeAndFlush(res);
        }
    }

    private static long parse(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static FullHttpResponse reply(HttpResponseStatus status, String json) {
        ByteBuf b = Unpooled.copiedBuffer(json, StandardCharsets.UTF_8);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, b);
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
        r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, b.readableBytes());
        return r;
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
}
