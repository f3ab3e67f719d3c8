package dev.zapline.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Where a command that runs for minutes is: step k of n, what the step is, and the time left. On a terminal it is
 * one line rewritten in place ({@code \r}, then erase to the line's end), kept below the command's other lines when
 * they go through {@link #log()}; elsewhere (a pipe, CI) each step is a line of its own.
 *
 * <p>The time left is the planned length of what remains (this step included), taken from the command's own
 * settings, scaled by how long the finished steps took against their plan once one has finished: never a guess of
 * its own. Thread-safe.
 */
public final class Progress {

    private static final String ERASE = "\r\033[K";

    private final String prefix;
    private final PrintStream out;
    private final boolean terminal;
    private final LongSupplier nanoClock;
    private final long start;
    private int steps;
    private long plannedTotal;
    private int step;
    private long plannedDone;
    private long plannedNow;
    private String status;
    private boolean shown;

    /**
     * @param prefix what each line starts with, e.g. {@code zapline bench}
     * @param terminal whether {@code out} is a terminal ({@code System.console() != null})
     * @param nanoClock the time, in ns ({@code System::nanoTime})
     */
    public Progress(String prefix, PrintStream out, boolean terminal, LongSupplier nanoClock) {
        this.prefix = prefix;
        this.out = out;
        this.terminal = terminal;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    /** Adds {@code count} steps planned to last {@code nanos} in all to what the command will do. */
    public synchronized void plan(int count, long nanos) {
        steps += count;
        plannedTotal += nanos;
    }

    /** The next step begins (the one before, if any, has ended): shows it with the time left. */
    public synchronized void step(String what, long plannedNanos) {
        plannedDone += plannedNow;
        plannedNow = plannedNanos;
        step++;
        status = line(what);
        if (terminal) {
            out.print((shown ? ERASE : "") + status);
            shown = true;
        } else {
            out.println(status);
        }
        out.flush();
    }

    /** The command has finished: the terminal's status line is erased. */
    public synchronized void done() {
        if (shown) {
            out.print(ERASE);
            out.flush();
        }
        shown = false;
        status = null;
    }

    /** A stream for the command's other lines: on a terminal each goes above the status line, which stays last. */
    public PrintStream log() {
        return terminal ? new PrintStream(new Above(), true, StandardCharsets.UTF_8) : out;
    }

    private String line(String what) {
        long remaining = Math.max(plannedNow, plannedTotal - plannedDone);
        long elapsed = nanoClock.getAsLong() - start;
        long left = plannedDone > 0 ? (long) ((double) remaining * elapsed / plannedDone) : remaining;
        String count = steps > 0 ? "step " + Math.min(step, steps) + " of " + steps + ", " : "";
        return prefix + ": " + what + " [" + count + "about " + time(left) + " left]";
    }

    /** {@code nanos} rounded up to a second: {@code 42s}, {@code 3m 05s}, {@code 1h 02m} (minutes rounded down). */
    static String time(long nanos) {
        long s = (nanos + 999_999_999L) / 1_000_000_000L;
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh %02dm", s / 3600, s % 3600 / 60);
    }

    /** Writes through to the terminal, erasing the status line before a line and drawing it again after. */
    private final class Above extends OutputStream {

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            synchronized (Progress.this) {
                if (shown) {
                    out.print(ERASE);
                    shown = false;
                }
                out.write(b, off, len);
                if (len > 0 && b[off + len - 1] == '\n' && status != null) {
                    out.print(status);
                    shown = true;
                }
                out.flush();
            }
        }

        @Override
        public void flush() {
            out.flush();
        }
    }
}
