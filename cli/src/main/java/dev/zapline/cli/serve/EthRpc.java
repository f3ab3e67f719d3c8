package dev.zapline.cli.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.eth.EthCallReq;
import dev.zapline.codec.eth.EthCallResp;
import dev.zapline.codec.eth.EthSample;
import dev.zapline.server.Ctx;
import dev.zapline.server.HttpStatusException;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapValidator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * The demo's {@code POST /rpc}: the eth record of DESIGN.md, computed identically whatever the codec. A body
 * with content type {@code application/zap} is read in place as a typed ZAP message and answered the same way;
 * anything else is JSON ({@code {"id":…,"block":…,"method":"…","account":"0x…"}}).
 */
public final class EthRpc {

    static final String ZAP_TYPE = "application/zap";
    private static final byte[] BLOCK_HASH = EthSample.blockHash();
    private static final String BLOCK_HASH_HEX = "0x" + EthSample.BLOCK_HASH_HEX;
    private static final JsonFactory JSON = new JsonFactory();

    /** Per event loop: the reader, builder and buffer adapter, reused for every request. */
    private static final class State {
        final ZapMessage msg = new ZapMessage();
        final EthCallReq req = new EthCallReq();
        final ZapBuilder out = new ZapBuilder(128);
        final ByteBufZap buf = new ByteBufZap();
    }

    private static final FastThreadLocal<State> STATE = new FastThreadLocal<>() {
        @Override
        protected State initialValue() {
            return new State();
        }
    };

    private EthRpc() {}

    public static void handle(Ctx ctx) throws Exception {
        String type = ctx.header("content-type");
        if (type != null && type.startsWith(ZAP_TYPE)) {
            zap(ctx);
        } else {
            json(ctx);
        }
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
        long balance = EthSample.balance(req.block(), req.methodLength(), req.accountLength(), req.accountByte(0));
        EthCallResp.encode(s.out, req.id(), balance, EthSample.NONCE, BLOCK_HASH);
        ctx.contentType(ZAP_TYPE).send(s.out.buffer(), s.out.offset(), s.out.size());
    }

    private static void json(Ctx ctx) throws Exception {
        long id = 0;
        long block = 0;
        String method = "";
        String account = "";
        try (JsonParser p = JSON.createParser((java.io.InputStream) new ByteBufInputStream(ctx.body().duplicate()))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HttpStatusException.BadRequest("eth request: expected a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "id" -> id = p.getLongValue();
                    case "block" -> block = p.getLongValue();
                    case "method" -> method = p.getText();
                    case "account" -> account = p.getText();
                    default -> p.skipChildren();
                }
            }
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new HttpStatusException.BadRequest("eth request: " + e.getOriginalMessage());
        }
        long balance = EthSample.balance(block, method.length(), account.length(),
                account.isEmpty() ? 0 : account.charAt(0));
        ByteBuf out = ctx.alloc().buffer(160);
        try (JsonGenerator g = JSON.createGenerator((java.io.OutputStream) new ByteBufOutputStream(out))) {
            g.writeStartObject();
            g.writeNumberField("id", id);
            g.writeNumberField("balance", balance);
            g.writeNumberField("nonce", EthSample.NONCE);
            g.writeStringField("blockHash", BLOCK_HASH_HEX);
            g.writeEndObject();
        }
        ctx.contentType("application/json").send(out);
    }
}
