package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.RpcRequestView;
import io.netty.buffer.ByteBuf;

/**
 * The call a handler is answering: method, promise id and the payload, in place in the connection's receive
 * buffer (read it with {@link #buffer()} at {@link #payloadIndex()}, or wrap it as a ZAP message). Reused by the
 * connection for every call; valid only inside {@link RpcHandler#handle}.
 */
public final class RpcCall {

    private final RpcRequestView view = new RpcRequestView();
    private int reqId;

    RpcCall() {}

    RpcRequestView view() {
        return view;
    }

    void reqId(int id) {
        this.reqId = id;
    }

    /** The frame's request id, which the response carries back. */
    public int reqId() {
        return reqId;
    }

    public long method() {
        return view.method();
    }

    public int promiseId() {
        return view.promiseId();
    }

    /** The buffer the payload and the capability are in; do not release or write it. */
    public ByteBuf buffer() {
        return view.buffer();
    }

    public int payloadIndex() {
        return view.payloadIndex();
    }

    public int payloadLength() {
        return view.payloadLength();
    }

    /** The opaque capability bytes the caller sent, at {@link #capIndex()} in {@link #buffer()}. */
    public int capIndex() {
        return view.capIndex();
    }

    public int capLength() {
        return view.capLength();
    }
}
