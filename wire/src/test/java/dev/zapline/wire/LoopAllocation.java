package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * Bytes a server's and a client's event-loop thread allocate, window by window of warmed calls, for the
 * allocation tests of a call path that spans two loops (native RPC's server and client, the generated bindings). A
 * per-call allocation makes every window non-zero; what Netty's pool refills and the JVM itself allocate now and
 * then lands in a few windows only, so the check is that most windows are exactly 0 and the total under a byte per
 * call.
 *
 * @param server bytes the server loop allocated in each window
 * @param client bytes the client loop allocated in each window
 * @param callsPerWindow calls each window made
 */
public record LoopAllocation(long[] server, long[] client, int callsPerWindow) {

    /** One window's calls, made and answered before it returns. */
    @FunctionalInterface
    public interface Window {
        void run() throws Exception;
    }

    /** Runs {@code window} {@code windows} times, counting each thread's allocated bytes around every run. */
    public static LoopAllocation measure(
            int windows, int callsPerWindow, long serverThread, long clientThread, Window window) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] server = new long[windows];
        long[] client = new long[windows];
        for (int w = 0; w < windows; w++) {
            long clientBefore = mx.getThreadAllocatedBytes(clientThread);
            long serverBefore = mx.getThreadAllocatedBytes(serverThread);
            window.run();
            server[w] = mx.getThreadAllocatedBytes(serverThread) - serverBefore;
            client[w] = mx.getThreadAllocatedBytes(clientThread) - clientBefore;
        }
        return new LoopAllocation(server, client, callsPerWindow);
    }

    /** The id of a live thread whose name starts with {@code prefix} (a server's event loop, say). */
    public static long threadNamed(String prefix) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix)) {
                return t.threadId();
            }
        }
        throw new IllegalStateException("no thread named " + prefix + "...");
    }

    /** Prints the windows, then asserts more than half of each loop's are 0 bytes and each total under 1 B/call. */
    public void assertMostlyZero(String what) {
        System.out.printf(
                "%s, bytes per window of %d calls: server loop %s, client loop %s%n",
                what, callsPerWindow, Arrays.toString(server), Arrays.toString(client));
        assertThat(zeros(server)).as("server windows of 0 bytes").isGreaterThan(server.length / 2);
        assertThat(zeros(client)).as("client windows of 0 bytes").isGreaterThan(client.length / 2);
        assertThat(LongStream.of(server).sum()).isLessThan((long) server.length * callsPerWindow);
        assertThat(LongStream.of(client).sum()).isLessThan((long) client.length * callsPerWindow);
    }

    private static long zeros(long[] windows) {
        return LongStream.of(windows).filter(b -> b == 0).count();
    }
}
