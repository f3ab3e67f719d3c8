package dev.zapline.server.internal;

import dev.zapline.codec.http1.HttpDate;

/**
 * The {@code date:} line of the current second by the system clock, kept up to date by one daemon thread that
 * wakes just after each second boundary, so a response reads a field instead of the clock. Started on first use;
 * shared by every app in the JVM. The line lags the clock by the thread's wake-up delay (well under a
 * millisecond on an idle machine, a scheduling quantum at worst on a busy one).
 */
public final class SystemDateLine {

    private static volatile byte[] line;

    private SystemDateLine() {}

    /** The current line: a new array each second, the same one in between. */
    public static byte[] get() {
        byte[] l = line;
        return l != null ? l : start();
    }

    private static synchronized byte[] start() {
        if (line == null) {
            HttpDate date = new HttpDate();
            line = date.line(System.currentTimeMillis());
            Thread.ofPlatform().daemon().name("zapline-date").start(() -> tick(date));
        }
        return line;
    }

    private static void tick(HttpDate date) {
        while (true) {
            try {
                // 1 ms past the boundary; a wake-up before it finds the old second and sleeps again briefly.
                Thread.sleep(1001 - Math.floorMod(System.currentTimeMillis(), 1000L));
            } catch (InterruptedException e) {
                // a daemon; nothing asks it to stop
            }
            line = date.line(System.currentTimeMillis());
        }
    }
}
