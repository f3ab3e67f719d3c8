package dev.zapline.codec.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Cuts a native ZAP RPC stream into frames: the one reader of the length-prefixed frame that server, client and load
 * generator share. It keeps what has arrived of a frame across reads, checks each length before waiting for its bytes
 * (the handshake frame first, then correlated frames of at least {@link Rpc#CORRELATED_HEADER} bytes), and hands each
 * whole frame to a {@link Sink} in place.
 *
 * <p>A connection implements {@link Sink}, passes each read buffer to {@link #read} in {@code channelRead}, and calls
 * {@link #release} when the channel goes.
 *
 * <p>Not thread-safe: one reader per connection, used on its event loop. It allocates only when a frame spans reads
 * (the merge of the two buffers).
 */
public final class RpcFrameReader {

    /** What the reader hands whole frames to. A method returns false to stop reading: the connection is closing. */
    public interface Sink {

        /** The peer's handshake frame, {@code length} bytes at {@code index} of {@code in}. */
        boolean handshake(ByteBuf in, int index, int length);

        /** A correlated frame, {@code length} bytes at {@code index} of {@code in}. */
        boolean frame(ByteBuf in, int index, int length);

        /** A length prefix outside {@code min..max}: the reader stops and the stream cannot be read on. */
        void malformed(long length, long min, long max);
    }

    private final long maxHandshake;
    private final long maxFrame;
    private ByteBuf cumulation;
    private boolean greeted;
    private boolean stopped;

    /**
     * @param maxHandshake largest handshake frame accepted
     * @param maxFrame largest correlated frame accepted
     */
    public RpcFrameReader(long maxHandshake, long maxFrame) {
        if (maxHandshake < 1 || maxFrame < Rpc.CORRELATED_HEADER) {
            throw new IllegalArgumentException(
                    "maxHandshake " + maxHandshake + " < 1 or maxFrame " + maxFrame + " < " + Rpc.CORRELATED_HEADER);
        }
        this.maxHandshake = maxHandshake;
        this.maxFrame = maxFrame;
    }

    /** True once the handshake frame has been handed to the sink (accepted or not). */
    public boolean greeted() {
        return greeted;
    }

    /** Bytes held of a frame not yet whole. */
    public int pending() {
        return cumulation == null ? 0 : cumulation.readableBytes();
    }

    /**
     * Takes {@code in} (its reference passes to the reader) and hands every whole frame now held to {@code sink}. After
     * a sink returned false or a length was malformed, the reader drops what it holds and releases what it is given.
     */
    public void read(ByteBufAllocator alloc, ByteBuf in, Sink sink) {
        if (stopped) {
            in.release();
            return;
        }
        cumulation = cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(alloc, cumulation, in);
        try {
            cut(sink);
        } finally {
            if (cumulation != null) {
                if (stopped || !cumulation.isReadable()) {
                    release();
                } else {
                    cumulation.discardSomeReadBytes();
                }
            }
        }
    }

    /** Stops reading: what is held is dropped and whatever comes later is released unread. */
    public void stop() {
        stopped = true;
        release();
    }

    /** Releases what is held; call when the channel goes. Safe to call twice. */
    public void release() {
        if (cumulation != null) {
            ByteBuf c = cumulation;
            cumulation = null;
            c.release();
        }
    }

    private void cut(Sink sink) {
        while (!stopped && cumulation != null && cumulation.readableBytes() >= Rpc.LENGTH_PREFIX) {
            ByteBuf in = cumulation;
            int start = in.readerIndex();
            long length = in.getUnsignedIntLE(start);
            long min = greeted ? Rpc.CORRELATED_HEADER : 1;
            long max = greeted ? maxFrame : maxHandshake;
            if (length > max || length < min) {
                stopped = true;
                sink.malformed(length, min, max);
                return;
            }
            if (in.readableBytes() < Rpc.LENGTH_PREFIX + length) {
                return;
            }
            int body = start + Rpc.LENGTH_PREFIX;
            boolean go;
            if (!greeted) {
                greeted = true;
                go = sink.handshake(in, body, (int) length);
            } else {
                go = sink.frame(in, body, (int) length);
            }
            if (!go) {
                stopped = true;
                return;
            }
            if (cumulation == in) {
                in.skipBytes(Rpc.LENGTH_PREFIX + (int) length);
            }
        }
    }
}
