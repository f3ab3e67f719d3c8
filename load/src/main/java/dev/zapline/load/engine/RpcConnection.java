package dev.zapline.load.engine;

import dev.zapline.client.Outbound;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One native ZAP RPC connection of {@link RpcLoadClient} (docs/rpc.md): the handler that reads the server's frames
 * and the {@link Connection} the engine writes through. Each call is the client's pre-encoded request frame copied
 * into the outbound buffer with its request id (also its promise id) patched in; answers come back in any order
 * and are matched by that id. Confined to the channel's event loop; nothing allocated per call once warm.
 *
 * <p>Request ids. A call takes a free slot of a fixed table (as many as calls may be in flight) and its id is its
 * write number shifted left past the slot bits, or the slot: the slot is found from the id with a mask, and the id
 * stored there tells a current answer from a stray one. The slot remembers the write number the engine knows the
 * call by.
 *
 * <p>Opening. The client sends its NodeID handshake; the connection counts as open, and its connect future
 * completes, when the server's handshake has arrived and reads well. A malformed one, none within 5 s, or a close
 * before it fails the connect. Endings: a response frame ends its call (its status is the call's; its bytes are
 * the frame's, length prefix included). A frame the client cannot accept (too short, too long, not a response, a
 * bad envelope, an id not in flight) closes the connection, what was in flight failing as
 * {@link Outcome#PROTOCOL_ERROR}; a connection the server closes fails its calls as {@link Outcome#RESET}.
 */
final class RpcConnection extends ChannelInboundHandlerAdapter implements Connection {

    /** How long the server has to send its handshake before the connect fails. */
    private static final long HANDSHAKE_WAIT_MILLIS = 5000;

    private final byte[] frame;
    private final int promiseAt;
    private final byte[] nodeId;
    private final ConnectionEvents events;
    private final CompletableFuture<Connection> ready;
    private final RpcResponseView view = new RpcResponseView();
    private final Outbound out = new Outbound();

    /** Per slot: the request id in flight there (meaningful while {@link #busy}) and its write number. */
    private final int[] ids;

    private final int[] seqs;
    private final boolean[] busy;
    private final int[] free;
    private int freeCount;
    private final int bits;
    private final int mask;

    private Channel channel;
    private ByteBuf cumulation;
    private io.netty.util.concurrent.ScheduledFuture<?> handshakeTimer;
    private int nextSeq;
    private boolean opened;
    private boolean closed;
    private Outcome reason;

    /**
     * A connection sending {@code frame} (a whole request frame whose promise id is at {@code promiseAt}), up to
     * {@code depth} calls at once, announcing {@code nodeId}; {@code ready} completes when it is open.
     */
    RpcConnection(
            byte[] frame,
            int promiseAt,
            byte[] nodeId,
            int depth,
            ConnectionEvents events,
            CompletableFuture<Connection> ready) {
        this.frame = frame;
        this.promiseAt = promiseAt;
        this.nodeId = nodeId;
        this.events = events;
        this.ready = ready;
        this.bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, depth - 1));
        this.mask = (1 << bits) - 1;
        this.ids = new int[depth];
        this.seqs = new int[depth];
        this.busy = new boolean[depth];
        this.free = new int[depth];
        for (int i = 0; i < depth; i++) {
            free[i] = depth - 1 - i;
        }
        this.freeCount = depth;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext chc) {
        channel = chc.channel();
    }

    @Override
    public void channelActive(ChannelHandlerContext chc) {
        RpcHandshake.write(out.room(channel.alloc(), Rpc.LENGTH_PREFIX + RpcHandshake.MESSAGE), nodeId);
        out.flush(channel, false);
        handshakeTimer =
                channel.eventLoop().schedule(this::handshakeOverdue, HANDSHAKE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        chc.fireChannelActive();
    }

    private void handshakeOverdue() {
        if (!opened && !closed) {
            refuse("no RPC handshake from " + channel.remoteAddress() + " within " + HANDSHAKE_WAIT_MILLIS + " ms");
        }
    }

    private void refuse(String why) {
        ready.completeExceptionally(new IllegalStateException(why));
        fail(Outcome.CONNECT_ERROR);
    }

    @Override
    public int streamLimit() {
        return ids.length;
    }

    /** Write numbers are ints: the engine retires the connection before they run out. */
    @Override
    public int maxWrites() {
        return Integer.MAX_VALUE;
    }

    @Override
    public boolean write(int i) {
        if (closed || !opened || freeCount == 0 || !channel.isActive()) {
            return false;
        }
        int slot = free[--freeCount];
        int seq = nextSeq++;
        int id = (seq << bits) | slot;
        ids[slot] = id;
        seqs[slot] = seq;
        busy[slot] = true;
        ByteBuf buf = out.room(channel.alloc(), frame.length);
        int at = buf.writerIndex();
        buf.writeBytes(frame);
        buf.setIntLE(at + Rpc.LENGTH_PREFIX, id);
        buf.setIntLE(at + promiseAt, id);
        return true;
    }

    @Override
    public void flush() {
        out.flush(channel, closed);
    }

    @Override
    public boolean isActive() {
        return !closed && channel.isActive();
    }

    @Override
    public void close() {
        fail(Outcome.RESET);
    }

    private void fail(Outcome why) {
        if (reason == null) {
            reason = why;
        }
        closed = true;
        channel.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext chc, Object msg) {
        if (!(msg instanceof ByteBuf in) || closed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        cumulation =
                cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(chc.alloc(), cumulation, in);
        decode();
        if (cumulation != null && !cumulation.isReadable()) {
            cumulation.release();
            cumulation = null;
        } else if (cumulation != null) {
            cumulation.discardSomeReadBytes();
        }
    }

    private void decode() {
        ByteBuf in = cumulation;
        while (!closed && in.readableBytes() >= Rpc.LENGTH_PREFIX) {
            int start = in.readerIndex();
            long length = in.getUnsignedIntLE(start);
            if (length > Rpc.MAX_FRAME || length < (opened ? Rpc.CORRELATED_HEADER : 1)) {
                malformed("an RPC frame of " + length + " bytes");
                return;
            }
            if (in.readableBytes() < Rpc.LENGTH_PREFIX + length) {
                return;
            }
            int body = start + Rpc.LENGTH_PREFIX;
            if (!opened) {
                if (RpcHandshake.read(in, body, (int) length) == null) {
                    malformed("a malformed RPC handshake");
                    return;
                }
                opened = true;
                handshakeTimer.cancel(false);
                ready.complete(this);
            } else if (!response(in, body, (int) length)) {
                return;
            }
            in.skipBytes(Rpc.LENGTH_PREFIX + (int) length);
        }
    }

    /** Ends the call a correlated frame answers; false (the connection closing) for one it cannot accept. */
    private boolean response(ByteBuf in, int index, int length) {
        int id = in.getIntLE(index);
        int slot = id & mask;
        if (in.getIntLE(index + 4) != Rpc.FLAG_RESPONSE || slot >= ids.length || !busy[slot] || ids[slot] != id) {
            malformed("an RPC frame answering no call in flight");
            return false;
        }
        int status;
        try {
            status = view.wrap(in, index + Rpc.CORRELATED_HEADER, length - Rpc.CORRELATED_HEADER)
                    .status();
        } catch (ZapFormatException e) {
            malformed("a malformed RPC response");
            return false;
        }
        busy[slot] = false;
        free[freeCount++] = slot;
        events.onResponse(seqs[slot], status, Rpc.LENGTH_PREFIX + (long) length);
        return true;
    }

    private void malformed(String what) {
        if (!opened) {
            refuse(channel.remoteAddress() + " sent " + what);
        } else {
            fail(Outcome.PROTOCOL_ERROR);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext chc) {
        if (opened) {
            events.onReadComplete();
        }
        chc.fireChannelReadComplete();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        if (!opened) {
            refuse("RPC connection to " + channel.remoteAddress() + " failed: " + cause.getMessage());
        } else {
            fail(Outcome.RESET);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext chc) {
        closed = true;
        out.release();
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (handshakeTimer != null) {
            handshakeTimer.cancel(false);
        }
        if (!opened) {
            ready.completeExceptionally(
                    new IllegalStateException(channel.remoteAddress() + " closed before its RPC handshake"));
        } else {
            Outcome why = reason == null ? Outcome.RESET : reason;
            for (int s = 0; s < ids.length; s++) {
                if (busy[s]) {
                    busy[s] = false;
                    events.onFailure(seqs[s], why);
                }
            }
            events.onClosed();
        }
        chc.fireChannelInactive();
    }
}
