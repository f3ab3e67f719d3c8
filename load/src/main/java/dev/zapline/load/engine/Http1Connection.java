package dev.zapline.load.engine;

import dev.zapline.codec.http1.Http1Exception;
import dev.zapline.codec.http1.Http1ResponseLimits;
import dev.zapline.codec.http1.Http1ResponseParser;
import dev.zapline.load.journey.Response;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.shape.ResponseShapes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.concurrent.CompletableFuture;

/**
 * One HTTP/1.1 connection of {@link HttpLoadClient}: the handler that reads responses in place and the
 * {@link Connection} the engine writes through. Requests may be pipelined; responses come back in order. Confined
 * to the channel's event loop; nothing allocated per request once the buffer pool is warm.
 *
 * <p>Each read is copied into a heap buffer its event loop's thread keeps (one copy per read batch, a few
 * nanoseconds per response): over an array, {@link Http1ResponseParser} reads a whole head in one pass instead of
 * one {@code ByteProcessor} call per byte of a direct buffer, which was the largest share of the loader's CPU. The
 * parser consumes every byte it is given (a head cut by the end of a read is kept in its own state), so the buffer
 * is shared by all the loop's connections and none holds inbound memory of its own between reads: at 10,000 idle
 * connections that was 8 KiB each.
 */
final class Http1Connection extends LoadConnection implements Response {

    /** Capacity of a body buffer kept between responses (journeys); a larger one is dropped after its response. */
    private static final int KEPT_BODY = 64 * 1024;

    /** Size of the per-thread inbound copy; a larger read is decoded in pieces of this size. */
    private static final int SCRATCH = 64 * 1024;

    /** Not leak-tracked (a wrapped array): it lives as long as its thread. */
    private static final FastThreadLocal<ByteBuf> INBOUND = new FastThreadLocal<>() {
        @Override
        protected ByteBuf initialValue() {
            return Unpooled.wrappedBuffer(new byte[SCRATCH]);
        }
    };

    private final byte[][] requests;
    private final Http1ResponseParser parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
    /** The loop's journeys when the connection runs them ({@link Client#journeys}), else null. */
    private final Journeys journeys;
    /** A journey run: the iterations in flight, oldest first (their responses come in this order). */
    private final IntFifo tags;
    /** A journey run: the body of the response being read, when its step needs it; else null. */
    private ByteBuf body;

    private int inFlight;
    private long bytes;

    /** {@code --sample-responses}: where sampled bodies go, or null (then sampling costs nothing at all). */
    private ResponseShapes shapes;
    /** With {@link #shapes} and no journeys: the request numbers in flight, oldest first (the sampling keys). */
    private IntFifo written;
    /** The sampling key of the response being read, {@link #NOT_SAMPLED}, or {@link #UNDECIDED} before it starts. */
    private int sampling = UNDECIDED;
    /** The sampled body's copy, made for the first sampled response. */
    private SampleSink sample;

    private static final int UNDECIDED = -2;
    private static final int NOT_SAMPLED = -1;

    Http1Connection(byte[][] requests, ConnectionEvents events) {
        this(requests, events, new CompletableFuture<>());
    }

    /**
     * A connection sending {@code requests}; its client opens it ({@link #open}) when TCP, or the TLS handshake,
     * is done, which completes {@code ready}; one whose handshake failed only fails its connect future.
     */
    Http1Connection(byte[][] requests, ConnectionEvents events, CompletableFuture<Connection> ready) {
        this(requests, events, ready, null);
    }

    /** With {@code journeys} (not null), a connection that writes the journeys' requests ({@link #write}). */
    Http1Connection(
            byte[][] requests, ConnectionEvents events, CompletableFuture<Connection> ready, Journeys journeys) {
        super(events, ready, null);
        this.requests = requests;
        this.journeys = journeys;
        this.tags = journeys == null ? null : new IntFifo();
        if (journeys != null && !journeys.capturedHeaders().isEmpty()) {
            parser.captureHeaders(journeys.capturedHeaders(), Journeys.MAX_HEADER_VALUE);
        }
    }

    /**
     * Samples responses for {@code s}: each response whose key (request number, or journey step) still takes one
     * has its body copied and handed over; a full key costs one counter check. Call before the connection opens.
     */
    void sample(ResponseShapes s) {
        shapes = s;
        written = journeys == null ? new IntFifo() : null;
    }

    @Override
    public boolean write(int i) {
        if (!isActive()) {
            return false;
        }
        if (journeys != null) {
            ByteBuf r = journeys.rendered();
            out.room(channel.alloc(), r.readableBytes()).writeBytes(r, r.readerIndex(), r.readableBytes());
            tags.add(i);
        } else {
            byte[] request = requests[i];
            out.append(channel.alloc(), request, 0, request.length);
            if (written != null) {
                written.add(i);
            }
        }
        inFlight++;
        return true;
    }

    @Override
    protected void read(ChannelHandlerContext chc, ByteBuf in) {
        ByteBuf scratch = INBOUND.get();
        try {
            while (!closed && in.isReadable()) {
                scratch.clear();
                scratch.writeBytes(in, Math.min(in.readableBytes(), SCRATCH));
                decode(scratch); // consumes it all, or closes the connection
            }
        } finally {
            in.release();
        }
    }

    private void decode(ByteBuf buf) {
        while (!closed && buf.isReadable()) {
            int before = buf.readerIndex();
            int r;
            boolean head = false;
            if (journeys != null && !tags.isEmpty()) {
                int tag = tags.peek();
                head = journeys.isHead(tag);
                parser.bufferBodyInto(journeys.keepsBody(tag) ? bodyBuffer() : null);
            }
            if (shapes != null && sampling == UNDECIDED) {
                decideSampling();
            }
            try {
                r = parser.parse(buf, head);
            } catch (Http1Exception e) {
                fail(Outcome.PROTOCOL_ERROR);
                return;
            }
            bytes += buf.readerIndex() - before;
            if (r != Http1ResponseParser.RESPONSE_COMPLETE) {
                return;
            }
            if (!complete()) {
                return;
            }
            if (!parser.keepAlive()) {
                fail(Outcome.RESET);
                return;
            }
        }
    }

    private boolean complete() {
        if (inFlight == 0) {
            fail(Outcome.PROTOCOL_ERROR);
            return false;
        }
        inFlight--;
        long n = bytes;
        bytes = 0;
        if (sampling >= 0 && parser.status() / 100 == 2) {
            sample.offerTo(shapes, sampling);
        }
        nextSample();
        events.onResponse(parser.status(), n);
        if (tags != null && !tags.isEmpty()) {
            tags.poll();
        }
        if (body != null) {
            // a large body's buffer is let go: 10,000 idle connections must not each keep the largest they saw
            body = body.capacity() > KEPT_BODY ? null : body.clear();
        }
        return true;
    }

    /**
     * Whether the response starting now is sampled: its key (the oldest request's number, or its journey step; a
     * HEAD request has no body) still takes one. Decided once per response, so a key filling meanwhile on another
     * loop cannot cut a body short.
     */
    private void decideSampling() {
        int key = NOT_SAMPLED;
        if (journeys != null && !tags.isEmpty() && !journeys.isHead(tags.peek())) {
            key = journeys.step(tags.peek());
        } else if (written != null && !written.isEmpty()) {
            key = written.peek();
        }
        sampling = key >= 0 && shapes.wants(key) ? key : NOT_SAMPLED;
        if (sampling >= 0 && sample == null) {
            sample = new SampleSink();
        }
        parser.bodySink(sampling >= 0 ? sample.start() : null);
    }

    /** The oldest request has ended: the next response is decided afresh. */
    private void nextSample() {
        if (shapes != null) {
            sampling = UNDECIDED;
            if (written != null && !written.isEmpty()) {
                written.poll();
            }
        }
    }

    /** The body buffer, made the first time a step needs one; not leak-tracked (a wrapped array). */
    private ByteBuf bodyBuffer() {
        if (body == null) {
            body = Unpooled.buffer(1024);
        }
        return body;
    }

    @Override
    public Response response() {
        return journeys == null ? null : this;
    }

    /** Not known here: {@link StepResponse} adds it. */
    @Override
    public int status() {
        return parser.status();
    }

    @Override
    public long serviceNanos() {
        return 0;
    }

    @Override
    public int headerLength(int k) {
        return parser.headerValueLength(k);
    }

    @Override
    public byte[] headerBytes(int k) {
        return parser.headerValueBytes(k);
    }

    @Override
    public byte[] body() {
        return body == null ? null : body.array();
    }

    @Override
    public int bodyLength() {
        return body == null ? 0 : body.writerIndex();
    }

    /** Every read batch, even one of the TLS handshake before the connection opened. */
    @Override
    protected void readComplete() {
        events.onReadComplete();
    }

    @Override
    protected void endOfInput() {
        try {
            if (parser.endOfInput()) {
                complete();
            }
        } catch (Http1Exception e) {
            // a response cut short: it fails with the rest
        }
    }

    @Override
    protected void failInFlight(Outcome why) {
        while (inFlight > 0) {
            inFlight--;
            if (tags != null && !tags.isEmpty()) {
                tags.poll();
            }
            nextSample();
            events.onFailure(why);
        }
    }

    /** The client reports a failed connect itself (TCP or the TLS handshake). */
    @Override
    protected String closedBeforeOpen() {
        return null;
    }
}
