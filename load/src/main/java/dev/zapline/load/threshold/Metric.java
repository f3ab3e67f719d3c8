package dev.zapline.load.threshold;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A figure a threshold can name: its canonical name, its kind (which decides the units it takes) and how it is read
 * from the {@link Facts}.
 */
record Metric(String name, Kind kind, Function<Facts, Reading> reader) {

    /** What a metric measures, and so the unit of its limit and of its actual value. */
    enum Kind {
        /** A latency statistic, in microseconds; the expression needs a time unit. */
        LATENCY("us"),
        /** A share between 0 and 1; the expression gives it with {@code %} or as a plain fraction. */
        FRACTION("fraction"),
        /** Responses per second; a plain number or one with {@code /s}. */
        RATE("req/s"),
        /** A number of requests; no unit. */
        COUNT("count");

        private final String unit;

        Kind(String unit) {
            this.unit = unit;
        }

        String unit() {
            return unit;
        }
    }

    /** A metric's value, or NaN and why there is none. */
    record Reading(double value, String reason) {

        static Reading of(double value) {
            return new Reading(value, null);
        }

        static Reading none(String reason) {
            return new Reading(Double.NaN, reason);
        }
    }

    private static final Map<String, Metric> BY_NAME = table();

    /** The metric {@code name} stands for (a bare statistic such as {@code p99} is the corrected one), or null. */
    static Metric find(String name) {
        Metric m = BY_NAME.get(name);
        if (m != null) {
            return m;
        }
        if (name.matches("status_[1-5][0-9][0-9]")) {
            int code = Integer.parseInt(name.substring(7));
            return new Metric(name, Kind.COUNT, f -> Reading.of(f.statuses().getOrDefault(code, 0L)));
        }
        return null;
    }

    private static Map<String, Metric> table() {
        Map<String, Metric> t = new LinkedHashMap<>();
        String[] sources = {"corrected", "service", "connect", "handshake"};
        for (String source : sources) {
            for (int i = 0; i < Facts.STATS.length; i++) {
                String name = source + "." + Facts.STATS[i];
                Metric m = new Metric(name, Kind.LATENCY, latency(source, i));
                t.put(name, m);
                if (source.equals("corrected")) {
                    t.put(Facts.STATS[i], m);
                }
            }
        }
        t.put("error_rate", new Metric("error_rate", Kind.FRACTION, Metric::errorRate));
        t.put("checks", new Metric("checks", Kind.FRACTION, Metric::checks));
        t.put("journeys_failed", new Metric("journeys_failed", Kind.FRACTION, Metric::journeysFailed));
        t.put("drop_rate", new Metric("drop_rate", Kind.FRACTION, Metric::dropRate));
        t.put("rate", new Metric("rate", Kind.RATE, f -> Reading.of(f.rateAchieved())));
        t.put("rate_of_target", new Metric("rate_of_target", Kind.FRACTION, Metric::rateOfTarget));
        t.put("loader_busy", new Metric("loader_busy", Kind.FRACTION, f -> loader(f.loaderBusy())));
        t.put("send_lag_p99", new Metric("send_lag_p99", Kind.LATENCY, f -> loader(f.sendLagP99())));
        count(t, "requests", Facts::requests);
        count(t, "errors", Facts::errors);
        count(t, "dropped", Facts::dropped);
        count(t, "timeouts", Facts::timeouts);
        for (int c = 1; c <= 5; c++) {
            int cls = c;
            count(t, "status_" + c + "xx", f -> statusClass(f, cls));
        }
        return Map.copyOf(t);
    }

    private static void count(Map<String, Metric> t, String name, Function<Facts, Long> f) {
        t.put(name, new Metric(name, Kind.COUNT, facts -> Reading.of(f.apply(facts))));
    }

    private static long statusClass(Facts f, int cls) {
        long n = 0;
        for (Map.Entry<Integer, Long> e : f.statuses().entrySet()) {
            if (e.getKey() / 100 == cls) {
                n += e.getValue();
            }
        }
        return n;
    }

    private static Function<Facts, Reading> latency(String source, int stat) {
        return f -> {
            Facts.Times t = switch (source) {
                case "corrected" -> f.corrected();
                case "service" -> f.service();
                case "connect" -> f.connect();
                default -> f.handshake();
            };
            if (t == null) {
                return Reading.none("no TLS handshakes: the target is not TLS");
            }
            if (t.count() == 0) {
                return Reading.none(
                        switch (source) {
                            case "connect" -> "no connection was opened";
                            case "handshake" -> "no TLS handshake completed";
                            default -> "no latency was recorded in the measured phase";
                        });
            }
            double v = t.us()[stat];
            return Double.isNaN(v)
                    ? Reading.none("the JSON file has no " + source + "." + Facts.STATS[stat])
                    : Reading.of(v);
        };
    }

    /**
     * {@code metric} of step {@code step} of a journey run ({@code p99{step=login}}), or null when the metric has no
     * per-step form (connect and handshake times, rates, drops, journeys).
     */
    static Metric forStep(Metric metric, String step) {
        String n = metric.name();
        boolean perStep = n.startsWith("corrected.")
                || n.startsWith("service.")
                || n.equals("error_rate")
                || n.equals("checks")
                || n.equals("requests")
                || n.equals("errors")
                || n.equals("timeouts")
                || n.startsWith("status_");
        if (!perStep) {
            return null;
        }
        return new Metric(n + "{step=" + step + "}", metric.kind(), f -> {
            Facts s = f.steps() == null ? null : f.steps().get(step);
            if (s == null) {
                return Reading.none(noStep(step, f.stepKeys()));
            }
            return metric.reader().apply(s);
        });
    }

    /** Why step {@code step} has no figures: the run has no journeys, or none of its steps is keyed so. */
    static String noStep(String step, java.util.List<String> keys) {
        return keys.isEmpty()
                ? "no step '" + step + "': the run has no journeys"
                : "no step '" + step + "' (the steps: " + String.join(", ", keys) + ")";
    }

    /** Requests that ended other than in success (a check or extraction failure among them), among those ended. */
    private static Reading errorRate(Facts f) {
        long bad = f.failureStatus() + f.checkFailed() + f.extractFailed() + f.errors();
        long ended = f.success() + bad;
        return ended == 0 ? Reading.none("no request ended") : Reading.of((double) bad / ended);
    }

    /** The share of the checks that held. */
    private static Reading checks(Facts f) {
        long n = f.checksPassed() + f.checksFailed();
        return n == 0 ? Reading.none("no check was evaluated") : Reading.of((double) f.checksPassed() / n);
    }

    /** Journeys that failed, among those that completed or failed (unfinished ones left out). */
    private static Reading journeysFailed(Facts f) {
        if (f.steps() == null) {
            return Reading.none("the run has no journeys");
        }
        long n = f.journeysCompleted() + f.journeysFailed();
        return n == 0 ? Reading.none("no journey ended") : Reading.of((double) f.journeysFailed() / n);
    }

    /** Scheduled requests that were dropped. */
    private static Reading dropRate(Facts f) {
        return f.scheduled() == 0
                ? Reading.none("no request was scheduled")
                : Reading.of((double) f.dropped() / f.scheduled());
    }

    /** A figure of the loader's own load, or none when the run did not measure it (a merged run). */
    private static Reading loader(double v) {
        return Double.isNaN(v)
                ? Reading.none("the loader's load was not measured (a merged run, or loop CPU time not available)")
                : Reading.of(v);
    }

    private static Reading rateOfTarget(Facts f) {
        return f.rateTarget() > 0
                ? Reading.of(f.rateAchieved() / f.rateTarget())
                : Reading.none("no target rate: a " + f.model() + " run has no schedule (use --rate or --stages)");
    }
}
