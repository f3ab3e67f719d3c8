package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;

/**
 * Receives a message body piece by piece, without copying: each call names a range of the input buffer that holds
 * the next body bytes (chunk data only, for a chunked body). The range is valid during the call only; copy what
 * must outlive it. Implementations are long-lived objects (a field of the connection), not per-message lambdas.
 */
@FunctionalInterface
public interface BodySink {

    /** The next {@code length} body bytes are {@code buf}'s bytes at {@code index}; neither index moves. */
    void body(ByteBuf buf, int index, int length);
}
