package dev.zapline.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's timer slack on Linux: how late the kernel may end its timed waits to group them with other
 * wake-ups. Threads start with 50 µs, so a loop sleeping until a request is due woke a median 80 µs after it
 * (issue 31, measured as send lag); at {@link #NANOS} that lateness is the wake-up's own. The thread's file is
 * {@code /proc/TID/timerslack_ns}, which a thread may write for itself without privileges; {@code /proc/thread-self}
 * names the thread's id. Elsewhere, or when the file cannot be written, nothing changes.
 */
final class TimerSlack {

    /** The slack the loops' threads run with: 1 µs. */
    static final long NANOS = 1_000;

    private TimerSlack() {}

    /** Sets the calling thread's timer slack to {@link #NANOS}; true when it was set. */
    static boolean tighten() {
        return set(Path.of("/proc"), NANOS);
    }

    /** Sets the calling thread's slack to {@code nanos} under {@code proc}; true when it was set. */
    static boolean set(Path proc, long nanos) {
        try {
            Files.writeString(file(proc), Long.toString(nanos), StandardCharsets.US_ASCII);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The calling thread's own slack file: {@code /proc/TID/timerslack_ns} ({@link ThreadNice#currentTid}). */
    private static Path file(Path proc) throws IOException {
        int tid = ThreadNice.currentTid(proc);
        if (tid == 0) {
            throw new IOException("no thread-self under " + proc);
        }
        return proc.resolve(Integer.toString(tid)).resolve("timerslack_ns");
    }

    /** The calling thread's timer slack in nanoseconds, or -1 when it cannot be read. */
    static long current(Path proc) {
        try {
            return Long.parseLong(
                    Files.readString(file(proc), StandardCharsets.US_ASCII).strip());
        } catch (IOException | UnsupportedOperationException | SecurityException | NumberFormatException e) {
            return -1;
        }
    }
}
