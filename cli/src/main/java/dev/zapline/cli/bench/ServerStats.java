package dev.zapline.cli.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What the server process says of itself: collections and their time (every collector the JVM reports, pauses and
 * concurrent cycles alike), bytes allocated on the heap by all its threads, and its CPU time (user + system, all
 * threads). Taken inside the server child and sent to the harness as one line.
 */
record ServerStats(long gcCount, long gcMillis, long allocatedBytes, long cpuNanos) {

    private static final String PREFIX = "stats ";

    /** This process, now. */
    static ServerStats now() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        long alloc =
                ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        return new ServerStats(count, millis, alloc, cpu);
    }

    ServerStats minus(ServerStats earlier) {
        return new ServerStats(
                gcCount - earlier.gcCount,
                gcMillis - earlier.gcMillis,
                allocatedBytes - earlier.allocatedBytes,
                cpuNanos - earlier.cpuNanos);
    }

    String line() {
        return PREFIX + gcCount + " " + gcMillis + " " + allocatedBytes + " " + cpuNanos;
    }

    /** @throws IllegalArgumentException when {@code line} is not what {@link #line()} writes */
    static ServerStats parse(String line) {
        if (line == null || !line.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a stats line: " + line);
        }
        String[] f = line.substring(PREFIX.length()).strip().split(" ");
        if (f.length != 4) {
            throw new IllegalArgumentException("not a stats line: " + line);
        }
        return new ServerStats(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
    }
}
