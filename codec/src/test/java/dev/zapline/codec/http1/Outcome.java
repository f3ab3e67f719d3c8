package dev.zapline.codec.http1;

import java.util.HexFormat;
import java.util.List;

/**
 * What one parser made of one input: a complete request (in a canonical text form that two parsers can be compared
 * on), a rejection (with our status, or 0 for Netty, and the reason), or still waiting for more bytes.
 */
record Outcome(Kind kind, int status, String detail) {

    enum Kind {
        ACCEPT,
        REJECT,
        INCOMPLETE
    }

    static final Outcome INCOMPLETE = new Outcome(Kind.INCOMPLETE, 0, "");

    static Outcome reject(int status, String reason) {
        return new Outcome(Kind.REJECT, status, reason);
    }

    /** Method, target, version, each header as name and value in order, and the body in hex, one per line. */
    static Outcome accept(String method, String target, String version, List<String> namesAndValues, byte[] body) {
        StringBuilder s = new StringBuilder()
                .append(method)
                .append('\n')
                .append(target)
                .append('\n')
                .append(version);
        for (int i = 0; i < namesAndValues.size(); i += 2) {
            s.append('\n').append(namesAndValues.get(i)).append(": ").append(namesAndValues.get(i + 1));
        }
        s.append("\nbody ").append(HexFormat.of().formatHex(body));
        return new Outcome(Kind.ACCEPT, 0, s.toString());
    }

    boolean accepted() {
        return kind == Kind.ACCEPT;
    }

    boolean rejected() {
        return kind == Kind.REJECT;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case ACCEPT -> "accept{" + detail.replace("\n", " | ") + "}";
            case REJECT -> "reject " + status + " (" + detail + ")";
            case INCOMPLETE -> "incomplete";
        };
    }
}
