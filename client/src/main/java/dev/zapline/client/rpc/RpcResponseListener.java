package dev.zapline.client.rpc;

import dev.zapline.codec.rpc.RpcResponseView;

/**
 * Receives the answers to an {@link RpcClient}'s calls, on the connection's event loop.
 *
 * <p>Keep it quick: the loop serves every other call of its connections meanwhile.
 */
public interface RpcResponseListener {

    /** The answer to call {@code reqId}; {@code response} and its body are valid only until this returns. */
    void onResponse(int reqId, RpcResponseView response);

    /** Call {@code reqId} will not be answered: the connection closed first. */
    void onClosed(int reqId);
}
