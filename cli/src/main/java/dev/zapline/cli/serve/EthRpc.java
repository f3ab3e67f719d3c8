package dev.zapline.cli.serve;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.fixtures.eth.json.EthJsonCodec;
import dev.zapline.fixtures.eth.json.EthJsonResponse;
import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.HeaderName;
import dev.zapline.server.HttpStatusException;
import dev.zapline.server.rpc.RpcCall;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcReply;
import dev.zapline.server.rpc.RpcService;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.charset.StandardCharsets;

/**
 * The demo's {@code POST /rpc}: the eth record of DESIGN.md, computed identically whatever the codec. A body
 * with content type {@code application/zap} is read in place as a typed ZAP message and answered with the typed
 * writer; anything else is JSON ({@code {"id":…,"block":…,"method":"…","account":"0x…"}}) read and written by
 * the chosen library's codec (the body is copied into a reused array first, since those codecs read arrays).
 */
public final class EthRpc {

    static final String ZAP_TYPE = "application/zap";
    private static final byte[] ZAP_TYPE_BYTES = ZAP_TYPE.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] APPLICATION_JSON = "application/json".getBytes(StandardCharsets.US_ASCII);
    private static final HeaderName CONTENT_TYPE = HeaderName.of("content-type");
    private static final byte[] BLOCK_HASH = EthSample.blockHash();

    /** Per event loop: readers, codecs and buffers, reused for every request. */
    private static final class State {
        final ZapMessage msg = new ZapMessage();
        final EthCallReq req = new EthCallReq();
        final ByteBufZap buf = new ByteBufZap();
        final ZapSlice slice = new ZapSlice();
        final EthJsonResponse resp = new EthJsonResponse();
        final byte[] out = new byte[1024];
        byte[] in = new byte[1024];
        EthJsonCodec json;

        EthJsonCodec json(String name) {
            if (json == null || !json.name().equals(name)) {
                json = EthJsonCodec.named(name);
            }
            return json;
        }
    }

    private static final FastThreadLocal<State> STATE = new FastThreadLocal<>() {
        @Override
        protected State initialValue() {
            return new State();
        }
    };

    private EthRpc() {}

    /** The handler for {@code POST /rpc}, JSON bodies read by the codec named {@code json}. */
    public static Handler handler(String json) {
        EthJsonCodec.named(json);
        return ctx -> {
            if (ctx.headerEquals(CONTENT_TYPE, ZAP_TYPE_BYTES)) {
                zap(ctx);
            } else {
                json(ctx, json);
            }
        };
    }

    private static void zap(Ctx ctx) {
        State s = STATE.get();
        ByteBuf body = ctx.body();
        EthCallReq req;
        try {
            ZapMessage m = s.buf.wrap(s.msg, body, body.readerIndex(), body.readableBytes());
            ZapValidator.validate(m, EthCallReq.LAYOUT);
            req = s.req.wrap(m);
        } catch (ZapFormatException e) {
            throw new HttpStatusException.BadRequest("eth request: " + e.getMessage());
        }
        int size = answer(s, req);
        ctx.header(CONTENT_TYPE, ZAP_TYPE_BYTES).send(s.out, 0, size);
    }

    /**
     * The eth call as a native ZAP RPC service (docs/rpc.md): method 1 takes the eth request's ZAP bytes as its
     * payload and answers the eth response's ZAP bytes as its body, read and written as {@code POST /rpc} does for
     * {@code application/zap}; ordinal 0 has no method. A payload that is not an eth request is answered 400.
     */
    public static RpcService rpcService() {
        return RpcService.of("Eth", null, new RpcMethod("ethCall", EthRpc::call));
    }

    private static void call(RpcCall call, RpcReply reply) {
        State s = STATE.get();
        EthCallReq req;
        try {
            ZapMessage m = s.buf.wrap(s.msg, call.buffer(), call.payloadIndex(), call.payloadLength());
            ZapValidator.validate(m, EthCallReq.LAYOUT);
            req = s.req.wrap(m);
        } catch (ZapFormatException e) {
            reply.error(Rpc.STATUS_BAD_REQUEST, "eth request: " + e.getMessage());
            return;
        }
        reply.send(Rpc.STATUS_OK, s.out, 0, answer(s, req));
    }

    /** Computes the eth answer to {@code req} into {@code s.out}; returns its size. */
    private static int answer(State s, EthCallReq req) {
        long balance = EthSample.balance(req, s.slice);
        return EthCallResp.write(s.out, 0, req.id(), balance, EthSample.NONCE, BLOCK_HASH);
    }

    private static void json(Ctx ctx, String codec) {
        State s = STATE.get();
        EthJsonCodec json = s.json(codec);
        ByteBuf body = ctx.body();
        int n = body.readableBytes();
        if (n > s.in.length) {
            s.in = new byte[Math.max(n, s.in.length * 2)];
        }
        body.getBytes(body.readerIndex(), s.in, 0, n);
        int size;
        try {
            size = json.handle(s.in, n, s.resp, s.out);
        } catch (IllegalArgumentException e) {
            throw new HttpStatusException.BadRequest("eth request: " + e.getMessage());
        }
        ctx.header(CONTENT_TYPE, APPLICATION_JSON).send(s.out, 0, size);
    }
}
