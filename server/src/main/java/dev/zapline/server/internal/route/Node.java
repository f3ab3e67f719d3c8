package dev.zapline.server.internal.route;

/**
 * One segment position of the compiled trie. Children are tried static first, then the parameter, then the
 * wildcard; {@code endpoint} is set when a route pattern ends here.
 */
final class Node {

    /** Static children keyed by their segment bytes, or {@code null} when there are none. */
    final ByteTable<Node> statics;

    final Node param;
    final Node wildcard;
    final Endpoint endpoint;

    Node(ByteTable<Node> statics, Node param, Node wildcard, Endpoint endpoint) {
        this.statics = statics;
        this.param = param;
        this.wildcard = wildcard;
        this.endpoint = endpoint;
    }
}
