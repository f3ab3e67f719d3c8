package dev.zapline.server.rpc;

import java.util.Objects;

/**
 * One method of an {@link RpcService}: its schema name (for errors and docs) and its handler.
 *
 * @param name the method's name in the schema, e.g. {@code ethCall}
 * @param handler what answers its calls
 */
public record RpcMethod(String name, RpcHandler handler) {

    public RpcMethod {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(handler, "handler");
    }
}
