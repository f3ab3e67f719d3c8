package dev.zapline.cli.diff;

import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.report.RunTag;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Synthetic runs for the diff tests: each second 1,000 log-normal latencies (median 1 ms, sigma 0.5), the service
 * time half of each; a tail factor multiplies the values above the distribution's 97th percentile (so p99 and p99.9
 * move, p50 and p90 do not).
 */
final class Synthetic {

    /** The 97th percentile of the latency, ns: exp(ln 1e6 + 1.8808 * 0.5). */
    static final double Q97 = Math.exp(Math.log(1e6) + 1.8808 * 0.5);

    final List<Histogram> corrected = new ArrayList<>();
    final List<Histogram> service = new ArrayList<>();
    final long[] failed;
    final long[] errors;
    final long[] dropped;

    /**
     * @param seconds how many
     * @param perSecond responses per second
     * @param tail the factor of the values above {@link #Q97}
     * @param failEvery every how many responses one failed (0: none)
     * @param seed of the values
     */
    Synthetic(int seconds, int perSecond, double tail, int failEvery, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        failed = new long[seconds];
        errors = new long[seconds];
        dropped = new long[seconds];
        for (int s = 0; s < seconds; s++) {
            Histogram c = LoopRecorder.newHistogram();
            Histogram v = LoopRecorder.newHistogram();
            for (int i = 0; i < perSecond; i++) {
                double x = Math.exp(Math.log(1e6) + 0.5 * gaussian(r));
                x = x > Q97 ? x * tail : x;
                c.recordValue((long) x);
                v.recordValue((long) (x / 2));
            }
            corrected.add(c);
            service.add(v);
            failed[s] = failEvery == 0 ? 0 : perSecond / failEvery;
        }
    }

    private static double gaussian(SplittableRandom r) {
        double u = 1 - r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    Seconds seconds() {
        return Seconds.of(corrected, service, failed, errors, dropped);
    }

    /** A run of these seconds and no steps. */
    RunFile run(String name) {
        Seconds s = seconds();
        return new RunFile(name, Bootstrap.point(s), s, List.of());
    }

    /** The text of a zapline load result with these seconds ({@code intervals}) or without. */
    String json(boolean intervals) {
        double[] p = Bootstrap.point(seconds());
        long count = 0;
        long bad = 0;
        for (int s = 0; s < corrected.size(); s++) {
            count += corrected.get(s).getTotalCount();
            bad += failed[s];
        }
        StringBuilder b = new StringBuilder("{\"summary\":{\"target\":\"http://t/\",\"model\":\"open\",");
        b.append(String.format(
                Locale.ROOT,
                "\"scheduled\":%d,\"dropped\":0,\"rate_achieved\":%.3f,",
                count,
                p[Figure.RATE.ordinal()]));
        b.append("\"outcomes\":{\"success\":")
                .append(count - bad)
                .append(",\"failure_status\":")
                .append(bad);
        b.append(",\"dropped\":0}},\"latency\":{\"corrected\":").append(latency(p, 0));
        b.append(",\"service\":").append(latency(p, 4)).append("},\"timeline\":[]");
        if (intervals) {
            b.append(",\"intervals\":[");
            for (int s = 0; s < corrected.size(); s++) {
                b.append(s == 0 ? "" : ",").append("{\"t\":").append(s + 1).append(",\"seconds\":1,\"count\":");
                b.append(corrected.get(s).getTotalCount())
                        .append(",\"failed\":")
                        .append(failed[s]);
                b.append(",\"errors\":0,\"dropped\":0,\"corrected\":\"").append(RunTag.encode(corrected.get(s)));
                b.append("\",\"service\":\"")
                        .append(RunTag.encode(service.get(s)))
                        .append("\"}");
            }
            b.append(']');
        }
        return b.append("}\n").toString();
    }

    /** {@link #json} with a journey step {@code key} whose histograms are {@code step}'s first second's. */
    String json(boolean intervals, String key, Synthetic step) {
        String steps = ",\"steps\":[{\"key\":\"" + key + "\",\"journey\":\"j\",\"requests\":"
                + step.corrected.get(0).getTotalCount() + ",\"errors\":0,\"outcomes\":{\"success\":"
                + step.corrected.get(0).getTotalCount() + "},\"histograms\":{\"corrected\":\""
                + RunTag.encode(step.corrected.get(0)) + "\",\"service\":\"" + RunTag.encode(step.service.get(0))
                + "\"}}]";
        String j = json(intervals);
        return j.substring(0, j.length() - 2) + steps + "}\n";
    }

    private static String latency(double[] p, int from) {
        return String.format(
                Locale.ROOT,
                "{\"p50_us\":%.3f,\"p90_us\":%.3f,\"p99_us\":%.3f,\"p999_us\":%.3f}",
                p[from],
                p[from + 1],
                p[from + 2],
                p[from + 3]);
    }
}
