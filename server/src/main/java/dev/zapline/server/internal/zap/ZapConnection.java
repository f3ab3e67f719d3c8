package dev.zapline.server.internal.zap;

import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.server.Ctx;
import dev.zapline.server.Transport;
import dev.zapline.server.internal.Connection;
import dev.zapline.server.internal.ErrorRenderer;
import dev.zapline.server.internal.LoopMetrics;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.wire.Utf8;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One ZAP connection: frames of {@code [u32 big-endian length][zaphttp request]} read in place from the
 * accumulated bytes (no copy of a frame that arrived whole), answered in order with response frames; streamed
 * responses become head, data and end frames. A zero-length, over-limit or malformed frame gets a 400 response
 * frame and the connection closes; no other connection is affected.
 */
public final class ZapConnection extends Connection {

    private static final ServerAccess A = ServerAccess.get();

    private static final byte[] TEXT_PLAIN = "text/plain; charset=utf-8".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PROBLEM_JSON = "application/problem+json".getBytes(StandardCharsets.US_ASCII);

    private final ZapResponses responses = new ZapResponses();
    private final int maxFrame;
    private byte[] scratch = new byte[256];

    public ZapConnection(ServerContext server) {
        super(server);
        this.maxFrame = server.config().maxFrame();
    }

    @Override
    public Transport transport() {
        return Transport.ZAP;
    }

    @Override
    public void decode() {
        while (canDecode()) {
            int readable = cumulation.readableBytes();
            if (readable < ZapHttp.FRAME_PREFIX) {
                return;
            }
            long length = cumulation.getUnsignedInt(cumulation.readerIndex());
            if (length == 0) {
                reject(400, "zero-length frame");
                return;
            }
            if (length > maxFrame) {
                reject(
                        400,
                        LoopMetrics.FRAME_TOO_LARGE,
                        "frame of " + length + " bytes exceeds the limit of " + maxFrame);
                return;
            }
            if (readable < ZapHttp.FRAME_PREFIX + length) {
                return;
            }
            int start = cumulation.readerIndex() + ZapHttp.FRAME_PREFIX;
            ZapHead head = head();
            try {
                head.load(cumulation, start, (int) length);
            } catch (ZapFormatException e) {
                reject(400, "malformed request frame: " + e.getMessage());
                return;
            }
            cumulation.skipBytes(ZapHttp.FRAME_PREFIX + (int) length);
            dispatch(head);
        }
    }

    /** The head of the request being read, in the lent context. */
    private ZapHead head() {
        Ctx c = lend();
        ZapHead h = A.zap(c);
        if (h == null) {
            A.zap(c, h = new ZapHead());
        }
        return h;
    }

    @Override
    public boolean midRequest() {
        return cumulation != null && cumulation.isReadable();
    }

    @Override
    public void requestDone() {
        A.zap(ctx).clear();
        if (draining) {
            closing = true;
        }
    }

    @Override
    public void protocolError(int status, String detail) {
        closing = true;
        byte[] body = ErrorRenderer.json(status, detail, null).getBytes(StandardCharsets.UTF_8);
        responses.error(out, chc.alloc(), status, PROBLEM_JSON, body);
    }

    @Override
    public void respond(Ctx ctx, byte[] body, int offset, int length) {
        if (!closed) {
            A.responseLength(ctx, length);
            int n = A.omitBody(ctx) ? 0 : length;
            responses.response(out, chc.alloc(), ctx, false, null, body, offset, n);
            afterWrite();
        }
    }

    @Override
    public void respond(Ctx ctx, CharSequence text) {
        if (!closed) {
            int length = Utf8.length(text);
            A.responseLength(ctx, length);
            int n = A.omitBody(ctx) ? 0 : length;
            ensure(n);
            if (n > 0) {
                Utf8.encode(text, scratch, 0);
            }
            responses.response(out, chc.alloc(), ctx, false, TEXT_PLAIN, scratch, 0, n);
            afterWrite();
        }
    }

    @Override
    public void writeResponse(Ctx ctx, ByteBuf body) {
        int n = A.omitBody(ctx) ? 0 : copy(body);
        responses.response(out, chc.alloc(), ctx, false, null, scratch, 0, n);
    }

    @Override
    public void startStream(Ctx ctx) {
        if (!closed) {
            responses.response(out, chc.alloc(), ctx, true, null, scratch, 0, 0);
            afterWrite();
        }
    }

    @Override
    public boolean writeChunk(Ctx ctx, ByteBuf data) {
        int n = copy(data);
        responses.data(out, chc.alloc(), scratch, 0, n);
        return true;
    }

    @Override
    public void endStream(Ctx ctx) {
        if (!closed) {
            responses.end(out, chc.alloc(), A.omitBody(ctx) ? null : A.trailers(ctx));
            streamEnded(ctx);
        }
    }

    private int copy(ByteBuf b) {
        int n = b.readableBytes();
        ensure(n);
        b.getBytes(b.readerIndex(), scratch, 0, n);
        return n;
    }

    private void ensure(int n) {
        if (n > scratch.length) {
            scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
        }
    }

    @Override
    public void release() {
        super.release();
        if (ctx != null && A.zap(ctx) != null) {
            A.zap(ctx).clear();
        }
    }
}
