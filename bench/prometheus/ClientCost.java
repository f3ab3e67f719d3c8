import com.sun.management.ThreadMXBean;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;

/**
 * What counting one request costs the request path with the Prometheus Java client (prometheus-metrics-core):
 * bytes allocated per request on the counting thread, and nanoseconds per request with two threads counting the
 * same series, for the label lookup per request and for data points resolved once. Run by
 * bench/run-prometheus-client.sh; a rough figure (no JMH), to decide whether the server can use the library on its
 * request path.
 */
public final class ClientCost {

    static final String[] ROUTES = {"/health", "/users/:id", "/rpc", "<unmatched>"};
    static final String[] METHODS = {"GET", "POST"};
    static final String[] CLASSES = {"2xx", "4xx", "5xx"};
    static final String[] TRANSPORTS = {"http", "zap"};
    static final double[] BOUNDS = {
        0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
    };
    static final int N = 2_000_000;

    public static void main(String[] args) throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter requests = Counter.builder()
                .name("requests_total")
                .labelNames("route", "method", "status_class", "transport")
                .register(registry);
        Histogram latency = Histogram.builder()
                .name("duration_seconds")
                .labelNames("route", "transport")
                .classicUpperBounds(BOUNDS)
                .classicOnly()
                .register(registry);
        CounterDataPoint[] counters = new CounterDataPoint[ROUTES.length * METHODS.length * CLASSES.length
                * TRANSPORTS.length];
        DistributionDataPoint[] histograms = new DistributionDataPoint[ROUTES.length * TRANSPORTS.length];
        for (int i = 0; i < counters.length; i++) {
            counters[i] = requests.labelValues(
                    ROUTES[i / 12 % 4], METHODS[i / 6 % 2], CLASSES[i / 2 % 3], TRANSPORTS[i % 2]);
        }
        for (int i = 0; i < histograms.length; i++) {
            histograms[i] = latency.labelValues(ROUTES[i / 2], TRANSPORTS[i % 2]);
        }
        long[] cells = new long[counters.length];
        long[] buckets = new long[histograms.length * (BOUNDS.length + 2)];
        for (int round = 0; round < 3; round++) {
            report("labelValues(...).inc() + labelValues(...).observe()", bytes(() -> byLookup(requests, latency)));
            report("resolved data points: inc() + observe()", bytes(() -> resolved(counters, histograms)));
            report("plain single-writer cells (as zapline's loops)", bytes(() -> plain(cells, buckets)));
        }
        System.out.printf("two threads on the same resolved series: %.1f ns per request%n",
                twoThreads(() -> resolved(counters, histograms)));
        System.out.printf("two threads, each on cells of its own:     %.1f ns per request%n",
                twoThreads(() -> plain(new long[cells.length], new long[buckets.length])));
    }

    static void byLookup(Counter requests, Histogram latency) {
        for (int i = 0; i < N; i++) {
            requests.labelValues(ROUTES[i & 3], METHODS[i >> 2 & 1], CLASSES[0], TRANSPORTS[i >> 3 & 1]).inc();
            latency.labelValues(ROUTES[i & 3], TRANSPORTS[i >> 3 & 1]).observe(0.0002);
        }
    }

    static void resolved(CounterDataPoint[] counters, DistributionDataPoint[] histograms) {
        for (int i = 0; i < N; i++) {
            counters[i % counters.length].inc();
            histograms[i % histograms.length].observe(0.0002);
        }
    }

    static void plain(long[] cells, long[] buckets) {
        for (int i = 0; i < N; i++) {
            cells[i % cells.length]++;
            int base = i % 8 * (BOUNDS.length + 2);
            int b = 0;
            while (b < BOUNDS.length && 0.0002 > BOUNDS[b]) {
                b++;
            }
            buckets[base + b]++;
            buckets[base + BOUNDS.length + 1] += 200_000;
        }
    }

    static double bytes(Runnable r) {
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        r.run();
        return (mx.getCurrentThreadAllocatedBytes() - before) / (double) N;
    }

    static void report(String what, double bytes) {
        System.out.printf("%-55s %8.1f bytes per request%n", what, bytes);
    }

    static double twoThreads(Runnable r) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        Thread[] t = new Thread[2];
        for (int i = 0; i < t.length; i++) {
            t[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                r.run();
            });
            t[i].start();
        }
        long start = System.nanoTime();
        go.countDown();
        for (Thread x : t) {
            x.join();
        }
        return (System.nanoTime() - start) / (double) N;
    }
}
