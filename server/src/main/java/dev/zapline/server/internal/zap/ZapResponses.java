package dev.zapline.server.internal.zap;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.buffer.StagedBytes;
import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.server.Ctx;
import dev.zapline.server.ResponseHeaders;
import dev.zapline.server.internal.Outbound;
import dev.zapline.server.internal.ServerAccess;
import dev.zapline.wire.ZapBuilder;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * Encodes zaphttp response frames for {@link ZapConnection}: the handler's headers become a header block (no
 * Content-Length: the frame carries the body length), reason and proto are left empty so the reader applies the
 * defaults, and each frame goes out with its big-endian length prefix. A response frame of up to
 * {@link #STAGED_FRAME} bytes is laid straight into the connection's staged array ({@link ZapResponseFrame});
 * larger ones, errors and streamed parts go through the builder into the connection's buffer. One per
 * connection; allocation-free once its builder and arrays have grown.
 */
public final class ZapResponses {

    private static final ServerAccess A = ServerAccess.get();

    private static final byte[] CONTENT_TYPE = "content-type".getBytes(StandardCharsets.US_ASCII);

    /** The largest response frame staged as an array; a larger body is copied once, by the builder's path. */
    static final int STAGED_FRAME = StagedBytes.MAX / 2;

    private final ZapBuilder builder = new ZapBuilder(256);
    private final HeaderBlockWriter headers = new HeaderBlockWriter();
    private final HeaderBlockWriter trailerBlock = new HeaderBlockWriter();

    /** A response frame (or a streamed head when {@code head}) with {@code length} bytes of {@code body}. */
    public void response(
            Outbound out,
            ByteBufAllocator alloc,
            Ctx ctx,
            boolean head,
            byte[] defaultType,
            byte[] body,
            int offset,
            int length) {
        ResponseHeaders h = ctx.responseHeaders();
        int headersLength = ZapResponseFrame.headersLength(h, CONTENT_TYPE, defaultType);
        int frame = ZapResponseFrame.frameLength(headersLength, length);
        if (frame <= STAGED_FRAME) {
            StagedBytes staged = out.stage(alloc, frame);
            ZapResponseFrame.write(
                    staged.room(frame),
                    staged.end(),
                    head,
                    ctx.status(),
                    h,
                    CONTENT_TYPE,
                    defaultType,
                    headersLength,
                    body,
                    offset,
                    length);
            staged.commit(frame);
            return;
        }
        headers(h, defaultType);
        ZapHttpWriter.response(builder, head, ctx.status(), "", "", headers, body, offset, length, null);
        ByteBufZap.writeFrame(builder, out.buffer(alloc));
    }

    /**
     * A response frame for input the connection refuses: {@code status}, one content-type header, {@code body}.
     * Built without the {@link Ctx}, which may still hold the previous request's finished response.
     */
    public void error(Outbound out, ByteBufAllocator alloc, int status, byte[] contentType, byte[] body) {
        headers.reset();
        headers.add(CONTENT_TYPE, 0, CONTENT_TYPE.length, contentType, 0, contentType.length);
        ZapHttpWriter.response(builder, false, status, "", "", headers, body, 0, body.length, null);
        ByteBufZap.writeFrame(builder, out.buffer(alloc));
    }

    /** A data frame of a streamed response. */
    public void data(Outbound out, ByteBufAllocator alloc, byte[] data, int offset, int length) {
        ZapHttpWriter.data(builder, data, offset, length);
        ByteBufZap.writeFrame(builder, out.buffer(alloc));
    }

    /** The end frame of a streamed response, with {@code trailers} as its trailer block (null for none). */
    public void end(Outbound out, ByteBufAllocator alloc, ResponseHeaders trailers) {
        HeaderBlockWriter block = null;
        if (trailers != null) {
            block = trailerBlock;
            fill(block, trailers);
        }
        ZapHttpWriter.end(builder, block);
        ByteBufZap.writeFrame(builder, out.buffer(alloc));
    }

    private static void fill(HeaderBlockWriter block, ResponseHeaders h) {
        block.reset();
        byte[] a = A.array(h);
        for (int i = 0; i < h.count(); i++) {
            block.add(a, A.nameStart(h, i), A.nameLength(h, i), a, A.valueStart(h, i), A.valueLength(h, i));
        }
    }

    private void headers(ResponseHeaders h, byte[] defaultType) {
        fill(headers, h);
        if (defaultType != null && !h.hasContentType()) {
            headers.add(CONTENT_TYPE, 0, CONTENT_TYPE.length, defaultType, 0, defaultType.length);
        }
    }
}
