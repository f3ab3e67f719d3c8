package dev.zapline.load.engine;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrameReader;
import dev.zapline.codec.rpc.RpcHandshake;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.wire.ZapFormatException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.CompletableFuture;

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
final class RpcConnection extends LoadConnection implements RpcFrameReader.Sink {

    private final byte[] frame;
    private final int promiseAt;
    private final byte[] nodeId;
    private final RpcResponseView view = new RpcResponseView();
    private final RpcFrameReader frames = new RpcFrameReader(Rpc.MAX_FRAME, Rpc.MAX_FRAME);

    /** Per slot: the request id in flight there (meaningful while {@link #busy}) and its write number. */
    private final int[] ids;

    private final int[] seqs;
    private final boolean[] busy;
    private final int[] free;
    private int freeCount;
    private final int bits;
    private final int mask;
    private int nextSeq;

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
        super(events, ready, null);
        this.frame = frame;
        this.promiseAt = promiseAt;
        this.nodeId = nodeId;
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
    public void channelActive(ChannelHandlerContext chc) {
        RpcHandshake.write(out.room(channel.alloc(), Rpc.LENGTH_PREFIX + RpcHandshake.MESSAGE), nodeId);
        send();
        awaitOpen("RPC handshake");
        chc.fireChannelActive();
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
        if (!opened() || freeCount == 0 || !isActive()) {
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
    protected void read(ChannelHandlerContext chc, ByteBuf in) {
        frames.read(chc.alloc(), in, this);
    }

    /** The server's handshake: the connection opens if it reads well. */
    @Override
    public boolean handshake(ByteBuf in, int index, int length) {
        if (RpcHandshake.read(in, index, length) == null) {
            malformed("a malformed RPC handshake");
            return false;
        }
        open(null);
        return !closed;
    }

    /** Ends the call a correlated frame answers; false (the connection closing) for one it cannot accept. */
    @Override
    public boolean frame(ByteBuf in, int index, int length) {
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
        return !closed;
    }

    @Override
    public void malformed(long length, long min, long max) {
        malformed("an RPC frame of " + length + " bytes");
    }

    private void malformed(String what) {
        broken(channel.remoteAddress() + " sent " + what);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext chc, Throwable cause) {
        if (!opened()) {
            refuse("RPC connection to " + channel.remoteAddress() + " failed: " + cause.getMessage());
        } else {
            fail(Outcome.RESET);
        }
    }

    @Override
    protected void released() {
        frames.release();
    }

    @Override
    protected void failInFlight(Outcome why) {
        for (int s = 0; s < ids.length; s++) {
            if (busy[s]) {
                busy[s] = false;
                events.onFailure(seqs[s], why);
            }
        }
    }

    @Override
    protected String closedBeforeOpen() {
        return channel.remoteAddress() + " closed before its RPC handshake";
    }
}
