package dev.zapline.load.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the loader ran on, for the JSON file's {@code machine} object: the reader of a result wants to know whether
 * two runs are comparable at all.
 *
 * @param cpu the CPU model ({@code /proc/cpuinfo}), or the architecture where that is not readable
 * @param cores the processors available to the JVM
 * @param os name and version
 * @param jdk vendor and version
 */
public record Machine(String cpu, int cores, String os, String jdk) {

    private static final Machine CURRENT = read();

    /** This machine (read once per JVM). */
    public static Machine current() {
        return CURRENT;
    }

    private static Machine read() {
        String cpu = System.getProperty("os.arch");
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).strip();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture will do
        }
        String vendor = System.getProperty("java.vendor.version", System.getProperty("java.vendor", ""));
        return new Machine(
                cpu,
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                (vendor.isEmpty() ? "" : vendor + " ") + "JDK " + Runtime.version());
    }
}
