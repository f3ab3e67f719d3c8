package dev.zapline.load.threshold;

/** The comparison of a threshold: the actual value on the left, the limit on the right. */
public enum Op {
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">="),
    EQ("=="),
    NE("!=");

    private final String symbol;

    Op(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** Whether {@code actual OP limit} holds. */
    public boolean holds(double actual, double limit) {
        return switch (this) {
            case LT -> actual < limit;
            case LE -> actual <= limit;
            case GT -> actual > limit;
            case GE -> actual >= limit;
            case EQ -> actual == limit;
            case NE -> actual != limit;
        };
    }

    /** The operator spelled {@code symbol}, or null. */
    static Op of(String symbol) {
        for (Op o : values()) {
            if (o.symbol.equals(symbol)) {
                return o;
            }
        }
        return null;
    }
}
