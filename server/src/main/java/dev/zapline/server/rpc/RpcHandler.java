package dev.zapline.server.rpc;

/**
 * The code behind one method of an {@link RpcService}: reads the call's payload in place and answers through the
 * reply, on the connection's event loop.
 *
 * {@snippet class=dev.zapline.server.snippets.RpcSnippets region=handler}
 *
 * <p>Answer before returning (the warmed, allocation-free path), or take {@link RpcReply#later()} and answer it
 * from any thread afterwards. Returning without either is answered 500; a thrown exception is answered 500 with
 * its message, and the connection and its other calls go on.
 */
@FunctionalInterface
public interface RpcHandler {

    /** Handles one call; {@code call} and {@code reply} are valid only until this returns. */
    void handle(RpcCall call, RpcReply reply) throws Exception;
}
