package dev.zapline.server.rpc;

import dev.zapline.codec.rpc.Rpc;
import io.netty.channel.ChannelHandler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * What an RPC listener serves: one {@link RpcService}, the node id it answers the handshake with, and the largest
 * frame it reads. {@link #connection()} is the handler for one accepted socket (the app installs it; tests put it
 * in an {@code EmbeddedChannel}).
 *
 * {@snippet class=dev.zapline.server.snippets.RpcSnippets region=endpoint}
 *
 * <p>Immutable and shared by every connection of the listener; each connection runs on its own event loop.
 */
public final class RpcEndpoint {

    /** The node id a zapline server announces by default. */
    public static final String NODE_ID = "zapline";

    private final RpcService service;
    private final byte[] nodeId;
    private final int maxFrame;
    private final long idleNanos;

    /**
     * @param maxFrame largest frame accepted, length prefix excluded, between the 8-byte correlated header and
     *     {@link Rpc#MAX_FRAME}; a larger one closes the connection
     * @param idleTimeout a connection that sends nothing for this long (the handshake included) while no
     *     {@link RpcReply#later()} answer is outstanding is closed
     * @throws IllegalArgumentException for an empty node id or one longer than 60 UTF-8 bytes, or a bad limit
     */
    public RpcEndpoint(RpcService service, String nodeId, int maxFrame, Duration idleTimeout) {
        this.service = Objects.requireNonNull(service, "service");
        this.nodeId = nodeId.getBytes(StandardCharsets.UTF_8);
        if (this.nodeId.length == 0 || this.nodeId.length > 60) {
            throw new IllegalArgumentException("node id '" + nodeId + "' must be 1..60 UTF-8 bytes");
        }
        if (maxFrame < Rpc.CORRELATED_HEADER || maxFrame > Rpc.MAX_FRAME) {
            throw new IllegalArgumentException(
                    "max frame " + maxFrame + " outside " + Rpc.CORRELATED_HEADER + ".." + Rpc.MAX_FRAME);
        }
        this.maxFrame = maxFrame;
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout " + idleTimeout + " must be positive");
        }
        this.idleNanos = idleTimeout.toNanos();
    }

    /** A new connection handler for one channel. */
    public ChannelHandler connection() {
        return new RpcConnection(this);
    }

    public RpcService service() {
        return service;
    }

    byte[] nodeId() {
        return nodeId;
    }

    public int maxFrame() {
        return maxFrame;
    }

    long idleNanos() {
        return idleNanos;
    }
}
