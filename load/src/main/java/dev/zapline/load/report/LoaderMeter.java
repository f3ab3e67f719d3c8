package dev.zapline.load.report;

import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.LoopRecorder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Samples the loader's own load from the reporting thread, once per interval: each event loop's busy share (its
 * thread's CPU time over the wall time since the last sample, {@link ThreadMXBean#getThreadCpuTime}) and the
 * process's CPU time. The loops do nothing for it: each recorder knows its loop's thread
 * ({@link LoopRecorder#owner}).
 *
 * <p>Busy share is CPU share: a loop starved of CPU by other processes reads lower, not higher.
 *
 * <p>Not thread-safe: the reporting thread's.
 */
public final class LoaderMeter {

    private final LoopRecorder[] loops;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final boolean enabled;
    private final long[] lastCpu;
    private final double[] last;
    private final long[] measuredCpu;
    private final List<Double> secondsMax = new ArrayList<>();
    private final long processCpuStart = processCpu();
    private long lastWall = System.nanoTime();
    private long measuredWall;
    /** How much measured time passes between readings of the machine's CPU use: 10 s. */
    static final long MACHINE_EVERY = 10_000_000_000L;

    /**
     * The machine's CPU use (0 to 1) weighted by the measured time each reading covers (ns), and that time; the
     * measured time since the last reading; whether the baseline reading was taken.
     */
    private double machineSum;

    private long machineWall;
    private long machinePending;
    private boolean machineRead;

    public LoaderMeter(LoopRecorder[] loops) {
        this.loops = loops.clone();
        this.enabled = threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        this.lastCpu = new long[loops.length];
        this.last = new double[loops.length];
        this.measuredCpu = new long[loops.length];
        Arrays.fill(lastCpu, -1);
        sample(false);
    }

    /**
     * Closes an interval at the current time: each loop's busy share over it, and over the measured phase when
     * {@code measured} (an interval of the measured window or of the drain after it, where a loader that fell
     * behind still sends the window's requests; the warm-up is left out).
     */
    public void sample(boolean measured) {
        sample(measured, false);
    }

    /**
     * Like {@link #sample(boolean)}; {@code closing} for the run's last interval. The machine's CPU use is read every
     * {@link #MACHINE_EVERY} of measured time and at the last interval, not every interval: each reading allocates
     * (in a container the JDK reads cgroup files) and the garbage it makes stops the loops when collected.
     */
    public void sample(boolean measured, boolean closing) {
        long wall = System.nanoTime();
        long elapsed = wall - lastWall;
        lastWall = wall;
        double max = Double.NaN;
        for (int i = 0; i < loops.length; i++) {
            Thread t = loops[i].owner();
            long cpu = enabled && t != null ? threads.getThreadCpuTime(t.threadId()) : -1;
            last[i] = Double.NaN;
            long since = lastCpu[i];
            long span = elapsed;
            if (since < 0 && cpu >= 0 && loops[i].ownerCpuStart() >= 0) {
                // the loop started within this interval: from its start on
                since = loops[i].ownerCpuStart();
                span = wall - loops[i].ownerWallStart();
            }
            if (cpu >= 0 && since >= 0 && span > 0) {
                long used = cpu - since;
                last[i] = Math.min(1, (double) used / span);
                if (measured) {
                    measuredCpu[i] += used;
                }
                max = Double.isNaN(max) ? last[i] : Math.max(max, last[i]);
            }
            lastCpu[i] = cpu;
        }
        if (measured) {
            if (!machineRead) {
                // the baseline: each reading covers the time since the one before
                machineCpu();
                machineRead = true;
            } else {
                machinePending += elapsed;
            }
            if (machinePending > 0 && (machinePending >= MACHINE_EVERY || closing)) {
                double m = machineCpu();
                if (m >= 0) {
                    machineSum += m * machinePending;
                    machineWall += machinePending;
                }
                machinePending = 0;
            }
            measuredWall += elapsed;
            if (!Double.isNaN(max)) {
                secondsMax.add(max);
            }
        }
    }

    /** The busiest loop's share in the last interval, NaN when not known. */
    public double lastMax() {
        double max = Double.NaN;
        for (double v : last) {
            if (!Double.isNaN(v)) {
                max = Double.isNaN(max) ? v : Math.max(max, v);
            }
        }
        return max;
    }

    /** Loop {@code i}'s share in the last interval, NaN when not known. */
    public double last(int i) {
        return last[i];
    }

    /** The number of loops. */
    public int loops() {
        return loops.length;
    }

    /** Each loop's share over the measured intervals so far (NaN where not known). */
    public List<Double> measured() {
        List<Double> out = new ArrayList<>(loops.length);
        for (int i = 0; i < loops.length; i++) {
            out.add(
                    measuredWall > 0 && lastCpu[i] >= 0
                            ? Math.min(1, (double) measuredCpu[i] / measuredWall)
                            : Double.NaN);
        }
        return out;
    }

    /** The median over the measured intervals of the busiest loop's share, NaN before any. */
    public double secondsMedian() {
        if (secondsMax.isEmpty()) {
            return Double.NaN;
        }
        double[] v =
                secondsMax.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /**
     * The loader's load over the measured phase so far and the verdict ({@link LoaderLoad#judge}).
     *
     * @param agg the run's aggregator (send lag and service time of the measured phase)
     * @param responses responses of the run so far, every phase (the CPU per response's denominator)
     * @param requests requests written in the measured phase
     * @param dropped requests dropped in it
     * @param closed whether the model is closed
     */
    public LoaderLoad load(Aggregator agg, long responses, long requests, long dropped, boolean closed) {
        double cpu = processCpuSeconds();
        org.HdrHistogram.Histogram service = agg.service();
        long serviceP99 = service.getTotalCount() == 0 ? 0 : service.getValueAtPercentile(99);
        LoaderLoad l = LoaderLoad.judge(
                measured(),
                secondsMedian(),
                LoaderLoad.Lag.of(agg.sendLag()),
                LoaderLoad.Lag.of(agg.queuedLag()),
                serviceP99,
                requests,
                dropped,
                closed,
                cpu,
                responses > 0 && !Double.isNaN(cpu) ? cpu * 1e6 / responses : 0);
        return l.withNotes(machineNotes(l.busyMax()));
    }

    /** The process's CPU time (user and system) since this meter was made, in seconds; NaN when not known. */
    public double processCpuSeconds() {
        long now = processCpu();
        return now < 0 || processCpuStart < 0 ? Double.NaN : (now - processCpuStart) / 1e9;
    }

    /**
     * A note when the machine's CPUs were busy at least {@link LoaderLoad#SATURATED} on average over the measured
     * intervals while no loop was saturated: the loops then waited for CPU, so their busy shares read low and the
     * verdict may name the target for what the loader's machine did; empty otherwise.
     */
    List<String> machineNotes(double busiestLoop) {
        double machine = machineWall == 0 ? -1 : machineSum / machineWall;
        if (machine < LoaderLoad.SATURATED || busiestLoop >= LoaderLoad.SATURATED) {
            return List.of();
        }
        double loadAverage = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        int cpus = Runtime.getRuntime().availableProcessors();
        return List.of(String.format(
                java.util.Locale.ROOT,
                "the machine's CPUs were %.0f%% busy%s: the loops waited for CPU, so their busy shares read low and "
                        + "a verdict naming the target may be the loader's machine's doing",
                100 * machine,
                loadAverage < 0
                        ? ""
                        : String.format(java.util.Locale.ROOT, " (load average %.1f on %d CPUs)", loadAverage, cpus)));
    }

    /** The whole machine's recent CPU use (0 to 1), or -1 when the platform does not tell. */
    private static double machineCpu() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getCpuLoad();
        }
        return -1;
    }

    /** The process's CPU time in ns, or -1 when the platform does not tell. */
    private static long processCpu() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
