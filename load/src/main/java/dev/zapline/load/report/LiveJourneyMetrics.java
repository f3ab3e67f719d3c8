package dev.zapline.load.report;

import dev.zapline.load.metrics.JourneyLayout;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.transport.metrics.Exposition;
import org.HdrHistogram.Histogram;

/**
 * A journey run's figures in a scrape, beside {@link LiveMetrics}'s run-wide ones and in their style: each step's
 * requests, outcomes, checks and latency quantiles under a {@code step} label, each journey's starts, completions,
 * failures and unfinished ones under a {@code journey} label. An immutable frame made by the reporter's thread once
 * an interval from the {@link JourneyResults} it already closed; a scrape writes the last one.
 *
 * <p>Immutable.
 */
final class LiveJourneyMetrics {

    private static final String[] LATENCY = {"corrected", "service"};

    private final JourneyLayout layout;
    /** Per step: every phase's counters. */
    private final Tally[] steps;
    /** Per step, corrected then service: quantiles then the maximum of the measured phase so far, seconds. */
    private final double[][][] latency;

    private final long[] checksPassed;
    private final long[] checksFailed;
    /** Per journey: started, completed, failed, unfinished (measured phase). */
    private final long[][] journeys;

    private LiveJourneyMetrics(JourneyResults r) {
        this.layout = r.layout();
        int n = layout.steps().size();
        this.steps = new Tally[n];
        this.latency = new double[n][][];
        for (int s = 0; s < n; s++) {
            steps[s] = r.step(s).all();
            latency[s] = new double[][] {
                quantiles(r.step(s).corrected()), quantiles(r.step(s).service())
            };
        }
        this.checksPassed = new long[n];
        this.checksFailed = new long[n];
        for (int c = 0; c < layout.checks().size(); c++) {
            checksPassed[layout.checkStep()[c]] += r.checksPassed(c);
            checksFailed[layout.checkStep()[c]] += r.checksFailed(c);
        }
        this.journeys = new long[layout.journeys().size()][4];
        for (int s = 0; s < n; s++) {
            journeys[layout.stepJourney()[s]][2] += r.failedAt(s);
        }
        for (int j = 0; j < journeys.length; j++) {
            journeys[j][0] = r.started(j);
            journeys[j][1] = r.completed(j);
            journeys[j][3] = r.unfinished(j);
        }
    }

    /** The figures of {@code r} as of the interval it last closed. */
    static LiveJourneyMetrics of(JourneyResults r) {
        return new LiveJourneyMetrics(r);
    }

    private static double[] quantiles(Histogram h) {
        double[] q = new double[LiveMetrics.QUANTILES.length + 1];
        boolean empty = h.getTotalCount() == 0;
        for (int i = 0; i < LiveMetrics.QUANTILES.length; i++) {
            q[i] = empty ? Double.NaN : h.getValueAtPercentile(LiveMetrics.QUANTILES[i] * 100) / 1e9;
        }
        q[LiveMetrics.QUANTILES.length] = empty ? Double.NaN : h.getMaxValue() / 1e9;
        return q;
    }

    void write(Exposition e) {
        e.family(
                "zapline_load_step_requests_sent_total",
                Exposition.Type.COUNTER,
                "Requests of a journey step written to a connection, every phase.");
        for (int s = 0; s < steps.length; s++) {
            e.sample(steps[s].sent(), "step", layout.steps().get(s));
        }
        e.family(
                "zapline_load_step_responses_total",
                Exposition.Type.COUNTER,
                "Responses of any status to a journey step, every phase.");
        for (int s = 0; s < steps.length; s++) {
            e.sample(steps[s].responses(), "step", layout.steps().get(s));
        }
        e.family(
                "zapline_load_step_outcomes_total",
                Exposition.Type.COUNTER,
                "Ended requests of a journey step by outcome, every phase.");
        for (int s = 0; s < steps.length; s++) {
            for (Outcome o : Outcome.values()) {
                e.sample(steps[s].count(o), "step", layout.steps().get(s), "outcome", o.key());
            }
        }
        e.family(
                "zapline_load_step_checks_passed_total",
                Exposition.Type.COUNTER,
                "Checks of a journey step that held, measured phase.");
        for (int s = 0; s < steps.length; s++) {
            e.sample(checksPassed[s], "step", layout.steps().get(s));
        }
        e.family(
                "zapline_load_step_checks_failed_total",
                Exposition.Type.COUNTER,
                "Checks of a journey step that did not hold, measured phase.");
        for (int s = 0; s < steps.length; s++) {
            e.sample(checksFailed[s], "step", layout.steps().get(s));
        }
        latency(e);
        String[] names = {"started", "completed", "failed", "unfinished"};
        String[] help = {
            "Journeys whose first step was due, measured phase.",
            "Journeys whose every step succeeded, measured phase.",
            "Journeys that stopped at a failed step, measured phase.",
            "Journeys the run's end left between steps, measured phase."
        };
        for (int k = 0; k < names.length; k++) {
            e.family("zapline_load_journeys_" + names[k] + "_total", Exposition.Type.COUNTER, help[k]);
            for (int j = 0; j < journeys.length; j++) {
                e.sample(journeys[j][k], "journey", layout.journeys().get(j));
            }
        }
    }

    private void latency(Exposition e) {
        e.family(
                "zapline_load_step_latency_seconds",
                Exposition.Type.SUMMARY,
                "Latency percentiles of a journey step, corrected or service, over the measured phase so far; "
                        + "NaN before a response.");
        for (int s = 0; s < steps.length; s++) {
            for (int l = 0; l < LATENCY.length; l++) {
                for (int q = 0; q < LiveMetrics.QUANTILES.length; q++) {
                    e.quantile(
                            LiveMetrics.QUANTILES[q],
                            latency[s][l][q],
                            "step",
                            layout.steps().get(s),
                            "latency",
                            LATENCY[l]);
                }
            }
        }
        e.family(
                "zapline_load_step_latency_max_seconds",
                Exposition.Type.GAUGE,
                "The largest latency of a journey step, corrected or service, over the measured phase so far.");
        for (int s = 0; s < steps.length; s++) {
            for (int l = 0; l < LATENCY.length; l++) {
                e.sample(
                        latency[s][l][LiveMetrics.QUANTILES.length],
                        "step",
                        layout.steps().get(s),
                        "latency",
                        LATENCY[l]);
            }
        }
    }
}
