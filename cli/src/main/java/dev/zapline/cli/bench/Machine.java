package dev.zapline.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the figures were measured on, as the report prints it. */
record Machine(String cpu, int cores, String os, String jdk) {

    static Machine current() {
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
