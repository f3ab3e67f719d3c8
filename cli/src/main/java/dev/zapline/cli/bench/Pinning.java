package dev.zapline.cli.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the server and the loader run. On Linux with at least two usable cores and {@code taskset} installed, the
 * loader (this JVM, every thread) goes to the first usable core and each server child to the second; otherwise
 * nothing is pinned and {@link #note()} says why. The bench scripts pick their cores the same way
 * ({@code bench/lib.sh}, {@code bench_pinning}; {@code BenchPartsTest} checks that the two agree).
 *
 * @param note one line for the report
 */
record Pinning(boolean pinned, int loaderCpu, int serverCpu, String note) {

    static Pinning off(String why) {
        return new Pinning(false, -1, -1, "unpinned: " + why);
    }

    /** Decides, and pins this process when it can. */
    static Pinning apply(boolean wanted) {
        if (!wanted) {
            return off("--no-pin");
        }
        if (!System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .contains("linux")) {
            return off("not Linux, so server and loader share the cores and disturb each other");
        }
        List<Integer> cpus = allowedCpus();
        if (cpus.size() < 2) {
            return off(cpus.size() + " usable core: server and loader share it, so every figure is lower "
                    + "and the ratios are blurred");
        }
        String taskset = onPath("taskset");
        if (taskset == null) {
            return off("taskset is not installed (util-linux), so server and loader share the cores");
        }
        int loader = cpus.get(0);
        int server = cpus.get(1);
        String pid = Long.toString(ProcessHandle.current().pid());
        try {
            Process p = new ProcessBuilder(taskset, "-a", "-p", "-c", Integer.toString(loader), pid)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return off("taskset could not pin this process");
            }
        } catch (IOException e) {
            return off("taskset failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return off("interrupted while pinning");
        }
        return new Pinning(
                true, loader, server, "pinned: server on core " + server + ", loader on core " + loader + " (taskset)");
    }

    /** What goes before a server child's {@code java}. */
    List<String> serverPrefix() {
        return pinned ? List.of(onPath("taskset"), "-c", Integer.toString(serverCpu)) : List.of();
    }

    /** What goes before another loader ({@code wrk}). */
    List<String> loaderPrefix() {
        return pinned ? List.of(onPath("taskset"), "-c", Integer.toString(loaderCpu)) : List.of();
    }

    /** This process's usable CPUs, from {@code Cpus_allowed_list}; empty when it cannot tell. */
    static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseCpuList(line.substring(line.indexOf(':') + 1).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or an odd kernel
        }
        return List.of();
    }

    /** {@code 0-3,6,8-9} as a list. */
    static List<Integer> parseCpuList(String text) {
        List<Integer> out = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            int from = Integer.parseInt(
                    part.substring(0, dash < 0 ? part.length() : dash).strip());
            int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).strip());
            for (int c = from; c <= to; c++) {
                out.add(c);
            }
        }
        return out;
    }

    /** An executable of that name on PATH, or null. */
    static String onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
