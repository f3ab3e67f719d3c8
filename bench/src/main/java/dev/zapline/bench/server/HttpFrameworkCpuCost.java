package dev.zapline.bench.server;

import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * {@link HttpFrameworkBench}'s arms timed by the <em>thread's CPU time</em> instead of the wall clock, for a
 * machine shared with other work, where a descheduled benchmark thread inflates JMH's wall-clock figures: each
 * round runs every arm (in rotating order) for a batch of requests and records CPU ns and allocated bytes per
 * request; the first rounds are warm-up. Prints per arm the median and minimum over the measured rounds. Arms
 * that share code (the zapline ones) also share its JIT profile in one JVM: name one arm per run for clean
 * figures, as {@code bench/run-framework-cost.sh} does.
 *
 * <pre>
 * taskset -c 1 java -cp bench/target/benchmarks.jar dev.zapline.bench.server.HttpFrameworkCpuCost \
 *     [rounds [batch [arm...]]]
 * </pre>
 */
public final class HttpFrameworkCpuCost {

    private static final String[] ALL = {"zapline", "zapline-preencoded", "raw", "raw-refresh", "raw-codec", "raw-idle"
    };

    private HttpFrameworkCpuCost() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 25;
        int batch = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        int warmup = Math.max(5, rounds / 5);
        String[] arms = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : ALL;
        Thread t = new DefaultThreadFactory("cpu-cost").newThread(() -> run(arms, rounds, batch, warmup));
        t.start();
        t.join();
    }

    private static void run(String[] arms, int rounds, int batch, int warmup) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        PooledByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
        EmbeddedChannel[] channels = new EmbeddedChannel[arms.length];
        for (int a = 0; a < arms.length; a++) {
            channels[a] = HttpFrameworkBench.channel(HttpFrameworkBench.handler(arms[a]));
        }
        double[][] ns = new double[arms.length][rounds - warmup];
        double[][] bytes = new double[arms.length][rounds - warmup];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < arms.length; k++) {
                int a = (k + r) % arms.length;
                EmbeddedChannel ch = channels[a];
                long cpu0 = mx.getCurrentThreadCpuTime();
                long mem0 = mx.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < batch; i++) {
                    sink += HttpFrameworkBench.exchange(ch, ch.pipeline(), alloc);
                }
                long mem = mx.getCurrentThreadAllocatedBytes() - mem0;
                long cpu = mx.getCurrentThreadCpuTime() - cpu0;
                if (r >= warmup) {
                    ns[a][r - warmup] = cpu / (double) batch;
                    bytes[a][r - warmup] = mem / (double) batch;
                }
            }
        }
        if (sink != (long) rounds * arms.length * batch * HttpFrameworkBench.expectedLength()) {
            throw new IllegalStateException("a response had the wrong length");
        }
        System.out.printf(
                "%d rounds x %d requests per arm (%d warm-up rounds not counted); thread CPU time%n",
                rounds - warmup, batch, warmup);
        System.out.printf("%-20s %14s %12s %14s%n", "arm", "median ns/op", "min ns/op", "median B/op");
        for (int a = 0; a < arms.length; a++) {
            System.out.printf("%-20s %14.1f %12.1f %14.3f%n", arms[a], median(ns[a]), min(ns[a]), median(bytes[a]));
        }
        for (EmbeddedChannel ch : channels) {
            ch.finishAndReleaseAll();
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }
}
