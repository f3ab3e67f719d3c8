package dev.zapline.server.rpc;

import java.util.Arrays;
import java.util.Objects;

/**
 * A service served on an RPC listener: its methods indexed by ordinal, the {@code @n} of the schema interface, so
 * dispatch is one array read. A null entry is an ordinal without a method (answered 404, like one past the end).
 *
 * {@snippet class=dev.zapline.server.snippets.RpcSnippets region=service}
 *
 * <p>Immutable; generated code builds one per schema interface.
 */
public final class RpcService {

    private final String name;
    private final RpcMethod[] methods;

    private RpcService(String name, RpcMethod[] methods) {
        this.name = Objects.requireNonNull(name, "name");
        this.methods = methods.clone();
    }

    /** A service named {@code name} whose method of ordinal {@code i} is {@code methods[i]}. */
    public static RpcService of(String name, RpcMethod... methods) {
        return new RpcService(name, methods);
    }

    public String name() {
        return name;
    }

    /** The method of {@code ordinal}, or null when there is none. */
    public RpcMethod method(long ordinal) {
        return ordinal >= 0 && ordinal < methods.length ? methods[(int) ordinal] : null;
    }

    /** One past the highest ordinal. */
    public int size() {
        return methods.length;
    }

    @Override
    public String toString() {
        return "RpcService[" + name + ", " + Arrays.toString(methods) + "]";
    }
}
