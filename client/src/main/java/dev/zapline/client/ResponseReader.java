package dev.zapline.client;

import dev.zapline.codec.buffer.ByteBufZap;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * The inbound side of a {@link ZapChannel}: accumulates bytes, reads each {@code [u32 length][message]} frame in
 * place and hands the decoded view to the listener with the oldest tag in flight. Anything that is not a valid
 * response sequence (zero-length or over-limit frame, bad message, wrong type, a frame nobody asked for) closes
 * the connection with the matching {@link ZapOutcome}; nothing is thrown into the event loop.
 */
final class ResponseReader extends ChannelInboundHandlerAdapter {

    /** First size of the inbound buffer: a read batch of a few dozen small pipelined responses. */
    private static final int IN_INITIAL = 8192;

    private final ZapChannel owner;
    private final ZapListener listener;
    private final int maxFrame;
    /** Behind TLS the connection opens when the handshake is done ({@link #opened}), not when TCP is. */
    private final boolean tls;

    private final ByteBufZap zap = new ByteBufZap();
    private final ZapMessage msg = new ZapMessage();
    private final ZapHttpResponse response = new ZapHttpResponse();
    private final ZapHttpChunk chunk = new ZapHttpChunk();
    private ChannelHandlerContext chc;
    private ByteBuf cumulation;
    private boolean inStream;
    private boolean active;
    private boolean decoding;
    private ZapOutcome reason;
    private String detail;

    ResponseReader(ZapChannel owner, ZapListener listener, int maxFrame, boolean tls) {
        this.owner = owner;
        this.listener = listener;
        this.maxFrame = maxFrame;
        this.tls = tls;
    }

    /**
     * The TLS handshake is done: the connection is open, and the listener hears of its end. A connection whose
     * handshake failed only fails its connect future.
     */
    void opened() {
        active = true;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        this.chc = chc;
        owner.channel = chc.channel();
    }

    @Override
    public void channelActive(ChannelHandlerContext chc) {
        if (!tls) {
            active = true;
        }
        if (reason != null) {
            chc.close();
        }
        chc.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object in) {
        if (!(in instanceof ByteBuf buf) || reason != null) {
            ReferenceCountUtil.release(in);
            return;
        }
        cumulation = append(cumulation, buf);
        listener.onRead();
        decoding = true;
        try {
            decode();
        } finally {
            decoding = false;
        }
        if (reason != null) {
            if (cumulation != null) {
                cumulation.release();
                cumulation = null;
            }
        } else if (!cumulation.isReadable()) {
            cumulation.clear();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext chc) {
        listener.onReadComplete();
        chc.fireChannelReadComplete();
    }

    private void decode() {
        while (reason == null) {
            int readable = cumulation.readableBytes();
            if (readable < ZapHttp.FRAME_PREFIX) {
                return;
            }
            long length = cumulation.getUnsignedInt(cumulation.readerIndex());
            if (length == 0) {
                fail(ZapOutcome.PROTOCOL_ERROR, "zero-length frame");
                return;
            }
            if (length > maxFrame) {
                fail(ZapOutcome.FRAME_TOO_LARGE, "frame of " + length + " bytes exceeds the limit of " + maxFrame);
                return;
            }
            if (readable < ZapHttp.FRAME_PREFIX + length) {
                return;
            }
            int start = cumulation.readerIndex() + ZapHttp.FRAME_PREFIX;
            cumulation.skipBytes(ZapHttp.FRAME_PREFIX + (int) length);
            if (owner.tags.isEmpty()) {
                fail(ZapOutcome.PROTOCOL_ERROR, "a frame of " + length + " bytes arrived with no request in flight");
                return;
            }
            owner.lastFrameLength = ZapHttp.FRAME_PREFIX + (int) length;
            try {
                dispatch(zap.wrap(msg, cumulation, start, (int) length));
            } catch (ZapFormatException e) {
                fail(ZapOutcome.PROTOCOL_ERROR, "malformed response frame: " + e.getMessage());
                return;
            }
        }
    }

    /** Hands one frame to the listener; the tag leaves the ring before the call, so the listener may write. */
    private void dispatch(ZapMessage m) {
        int type = m.type();
        if (type == ZapHttp.RESPONSE && !inStream) {
            response.wrap(m);
            listener.onResponse(owner.pollTag(), response);
        } else if (type == ZapHttp.STREAM_HEAD && !inStream) {
            response.wrap(m);
            inStream = true;
            listener.onStreamHead(owner.tags.peek(), response);
        } else if (type == ZapHttp.DATA && inStream) {
            listener.onStreamData(owner.tags.peek(), chunk.wrap(m));
        } else if (type == ZapHttp.END && inStream) {
            chunk.wrap(m);
            inStream = false;
            listener.onStreamEnd(owner.pollTag(), chunk);
        } else {
            fail(
                    ZapOutcome.PROTOCOL_ERROR,
                    "unexpected " + ZapHttp.typeName(type) + " frame"
                            + (inStream ? " in a streamed response" : " outside a streamed response"));
        }
    }

    /** Closes the connection for {@code why}; the first reason given is the one reported. */
    void fail(ZapOutcome why, String text) {
        if (reason == null) {
            reason = why;
            detail = text;
        }
        owner.closed = true;
        if (cumulation != null && !decoding) {
            cumulation.release();
            cumulation = null;
        }
        if (chc != null) {
            chc.close();
        }
    }

    String detail() {
        return detail;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        fail(ZapOutcome.CLOSED, String.valueOf(cause));
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        owner.closed = true;
        owner.releaseOut();
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (reason == null) {
            reason = ZapOutcome.CLOSED;
            detail = "closed by the peer";
        }
        while (!owner.tags.isEmpty()) {
            listener.onFailure(owner.pollTag(), reason);
        }
        if (active) {
            listener.onClosed(reason, detail);
        }
        chc.fireChannelInactive();
    }

    /**
     * Appends {@code in} to {@code acc} (releasing it): one heap buffer the connection keeps, compacted when the
     * next read does not fit after what is left and then grown (geometrically, so a large frame costs O(n)). One
     * copy per read; in exchange the frames are read over an array ({@link ByteBufZap} then reads the message's
     * fields without a direct buffer's per-access checks).
     */
    private ByteBuf append(ByteBuf acc, ByteBuf in) {
        int n = in.readableBytes();
        if (acc == null) {
            acc = chc.alloc().heapBuffer(Math.max(IN_INITIAL, n));
        } else if (acc.writableBytes() < n) {
            acc.discardReadBytes();
            acc.ensureWritable(n);
        }
        acc.writeBytes(in);
        in.release();
        return acc;
    }
}
