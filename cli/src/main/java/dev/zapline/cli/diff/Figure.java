package dev.zapline.cli.diff;

import java.util.Locale;

/**
 * A figure {@code zapline diff} compares, in the order of its table: four percentiles of the corrected latency and of
 * the service time, the achieved rate, the error rate and the drop rate.
 */
enum Figure {
    P50("p50", Kind.LATENCY, 50),
    P90("p90", Kind.LATENCY, 90),
    P99("p99", Kind.LATENCY, 99),
    P999("p99.9", Kind.LATENCY, 99.9),
    SERVICE_P50("service.p50", Kind.LATENCY, 50),
    SERVICE_P90("service.p90", Kind.LATENCY, 90),
    SERVICE_P99("service.p99", Kind.LATENCY, 99),
    SERVICE_P999("service.p99.9", Kind.LATENCY, 99.9),
    RATE("rate", Kind.RATE, 0),
    ERRORS("error rate", Kind.SHARE, 0),
    DROPPED("drop rate", Kind.SHARE, 0);

    /** The percentiles of each latency, in the order of the figures. */
    static final double[] PERCENTILES = {50, 90, 99, 99.9};

    /** How a figure is compared. */
    enum Kind {
        /** Microseconds; higher is worse; compared as the ratio NEW/BASE. */
        LATENCY,
        /** Responses per second; lower is worse; compared as the ratio NEW/BASE. */
        RATE,
        /** A share of requests; higher is worse; compared as the difference NEW - BASE. */
        SHARE
    }

    private final String label;
    private final Kind kind;
    private final double percentile;

    Figure(String label, Kind kind, double percentile) {
        this.label = label;
        this.kind = kind;
        this.percentile = percentile;
    }

    /** Its name in the table and in limits ({@code p99.9} is also {@code p999}). */
    String label() {
        return label;
    }

    Kind kind() {
        return kind;
    }

    /** A latency figure's percentile (0 for the others). */
    double percentile() {
        return percentile;
    }

    /** Whether it is a percentile of the service time (else of the corrected latency, when a latency). */
    boolean service() {
        return label.startsWith("service.");
    }

    /**
     * The figure a limit names: {@code p50 p90 p99 p999} (or {@code p99.9}), each also after {@code corrected.} or
     * {@code service.}; {@code rate}; {@code errors} or {@code error_rate}; {@code dropped} or {@code drop_rate}.
     * Null when none.
     */
    static Figure named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        boolean service = n.startsWith("service.");
        n = n.replaceFirst("^(service|corrected)\\.", "");
        int base = service ? 4 : 0;
        switch (n) {
            case "p50":
                return values()[base];
            case "p90":
                return values()[base + 1];
            case "p99":
                return values()[base + 2];
            case "p999", "p99.9":
                return values()[base + 3];
            default:
                break;
        }
        if (service || name.toLowerCase(Locale.ROOT).startsWith("corrected.")) {
            return null;
        }
        return switch (n) {
            case "rate" -> RATE;
            case "errors", "error_rate" -> ERRORS;
            case "dropped", "drop_rate" -> DROPPED;
            default -> null;
        };
    }
}
