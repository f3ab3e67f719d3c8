package dev.zapline.transport.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;

/**
 * The JVM's own figures, read from its management beans at scrape time: collections and collection time per
 * garbage collector, heap and non-heap memory used and committed, live, daemon and peak threads, the process's
 * CPU time and start time. Stateless; safe from any thread.
 */
public final class JvmMetrics {

    private JvmMetrics() {}

    /** Writes the JVM families into {@code e}. */
    public static void write(Exposition e) {
        gc(e);
        memory(e);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        e.family("jvm_threads_current", Exposition.Type.GAUGE, "Live threads, daemon or not.")
                .sample(threads.getThreadCount());
        e.family("jvm_threads_daemon", Exposition.Type.GAUGE, "Live daemon threads.")
                .sample(threads.getDaemonThreadCount());
        e.family("jvm_threads_peak", Exposition.Type.GAUGE, "Most live threads since the JVM started.")
                .sample(threads.getPeakThreadCount());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0) {
            e.family(
                            "process_cpu_seconds_total",
                            Exposition.Type.COUNTER,
                            "CPU time of the process, user and " + "system.")
                    .sample(os.getProcessCpuTime() / 1e9);
        }
        e.family("process_start_time_seconds", Exposition.Type.GAUGE, "When the process started, Unix time.")
                .sample(ManagementFactory.getRuntimeMXBean().getStartTime() / 1e3);
    }

    private static void gc(Exposition e) {
        var beans = ManagementFactory.getGarbageCollectorMXBeans();
        e.family(
                "jvm_gc_collections_total",
                Exposition.Type.COUNTER,
                "Collections by collector (the JVM's bean "
                        + "names: young and old generation collectors count separately).");
        for (GarbageCollectorMXBean gc : beans) {
            if (gc.getCollectionCount() >= 0) {
                e.sample(gc.getCollectionCount(), "gc", gc.getName());
            }
        }
        e.family(
                "jvm_gc_collection_seconds_total",
                Exposition.Type.COUNTER,
                "Accumulated collection time by collector, as the JVM reports it (milliseconds resolution; "
                        + "for concurrent collectors the time of their cycles, not of pauses only).");
        for (GarbageCollectorMXBean gc : beans) {
            if (gc.getCollectionTime() >= 0) {
                e.sample(gc.getCollectionTime() / 1e3, "gc", gc.getName());
            }
        }
    }

    private static void memory(Exposition e) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        e.family("jvm_memory_used_bytes", Exposition.Type.GAUGE, "Memory used, heap or non-heap.")
                .sample(heap.getUsed(), "area", "heap")
                .sample(nonHeap.getUsed(), "area", "nonheap");
        e.family(
                        "jvm_memory_committed_bytes",
                        Exposition.Type.GAUGE,
                        "Memory committed by the JVM, heap or " + "non-heap.")
                .sample(heap.getCommitted(), "area", "heap")
                .sample(nonHeap.getCommitted(), "area", "nonheap");
        if (heap.getMax() >= 0) {
            e.family("jvm_memory_max_bytes", Exposition.Type.GAUGE, "Largest heap the JVM may use.")
                    .sample(heap.getMax(), "area", "heap");
        }
    }
}
