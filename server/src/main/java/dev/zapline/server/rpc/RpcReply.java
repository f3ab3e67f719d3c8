package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * The answer to one call. A body longer than {@link RpcFrames#MAX_BODY} (a frame the peer would refuse) is
 * answered 500 instead. On the event loop, inside the handler: write the body into {@link #body()} and
 * {@link #send(int)}, or send bytes or an error in one step; nothing is allocated. To answer later, take
 * {@link #later()} and send on that from any thread.
 *
 * {@snippet class=dev.zapline.server.snippets.RpcSnippets region=reply}
 *
 * <p>One answer per call: a second one, or writing a body after answering, is an {@link IllegalStateException}.
 * Error bodies are {@code {"error":"..."}} in UTF-8, as the peer client writes its own.
 */
public final class RpcReply {

    private static final byte[] EMPTY = new byte[0];

    private final RpcConnection connection;
    /** Whether this is a {@link #later()} copy, answered from any thread. */
    private final boolean detached;

    private int reqId;
    private int promiseId;
    private int mark = -1;
    private boolean answered;
    private RpcReply later;

    RpcReply(RpcConnection connection) {
        this.connection = connection;
        this.detached = false;
    }

    private RpcReply(RpcConnection connection, int reqId, int promiseId) {
        this.connection = connection;
        this.detached = true;
        this.reqId = reqId;
        this.promiseId = promiseId;
    }

    void open(int reqId, int promiseId) {
        this.reqId = reqId;
        this.promiseId = promiseId;
        this.mark = -1;
        this.answered = false;
        this.later = null;
    }

    /** True once answered, or handed to {@link #later()}. */
    boolean settled() {
        return answered || later != null;
    }

    /** True once answered (not merely handed to {@link #later()}). */
    boolean answered() {
        return answered;
    }

    /** Drops a body begun but not sent, so an error can be answered instead. */
    void abandon() {
        if (mark >= 0) {
            RpcFrames.abandonResponse(connection.out(), mark);
            mark = -1;
        }
        if (later != null) {
            later.answered = true;
            later = null;
            connection.undeferred();
        }
    }

    /**
     * The buffer to write the response body into (the connection's outbound buffer); finish with {@link #send()}.
     * Not on a {@link #later()} reply.
     */
    public ByteBuf body() {
        checkOpen();
        if (detached) {
            throw new IllegalStateException("a later() reply takes its body in send(status, bytes, offset, length)");
        }
        ByteBuf out = connection.out();
        if (mark < 0) {
            mark = RpcFrames.startResponse(out, reqId, promiseId);
        }
        return out;
    }

    /** Answers 200 with what was written to {@link #body()} (empty if nothing). */
    public void send() {
        send(Rpc.STATUS_OK);
    }

    /** Answers {@code status} with what was written to {@link #body()} (empty if nothing). */
    public void send(int status) {
        if (detached) {
            send(status, EMPTY, 0, 0);
            return;
        }
        ByteBuf out = body();
        int length = RpcFrames.bodyLength(out, mark);
        if (length > RpcFrames.MAX_BODY) {
            abandon();
            error(Rpc.STATUS_INTERNAL, tooLong(length));
            return;
        }
        answered = true;
        RpcFrames.finishResponse(out, mark, status);
        mark = -1;
        connection.afterWrite();
    }

    /** Answers {@code status} with {@code length} bytes of {@code bytes} at {@code offset} (copied). */
    public void send(int status, byte[] bytes, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, bytes.length);
        checkOpen();
        if (mark >= 0) {
            throw new IllegalStateException("a body was begun with body(); finish it with send(status)");
        }
        if (length > RpcFrames.MAX_BODY) {
            error(Rpc.STATUS_INTERNAL, tooLong(length));
            return;
        }
        answered = true;
        if (detached) {
            connection.sendLater(reqId, promiseId, status, Arrays.copyOfRange(bytes, offset, offset + length));
        } else {
            RpcFrames.writeResponse(connection.out(), reqId, promiseId, status, bytes, offset, length);
            connection.afterWrite();
        }
    }

    /** Answers {@code status} with the body {@code {"error":"message"}}. */
    public void error(int status, String message) {
        byte[] body = ErrorBody.of(message);
        send(status, body, 0, body.length);
    }

    /**
     * A reply to answer after the handler returns, from any thread (its send hops onto the connection's event
     * loop); allocates. Answers to a connection that has closed meanwhile are dropped.
     */
    public RpcReply later() {
        checkOpen();
        if (detached || mark >= 0) {
            throw new IllegalStateException("later() is for a reply not begun, inside the handler");
        }
        later = new RpcReply(connection, reqId, promiseId);
        connection.deferred();
        return later;
    }

    private static String tooLong(int length) {
        return "response body of " + length + " bytes exceeds the " + RpcFrames.MAX_BODY + "-byte limit of a frame";
    }

    private void checkOpen() {
        if (answered || later != null) {
            throw new IllegalStateException("call " + reqId + " (promise " + promiseId + ") is already answered");
        }
    }
}
