package dev.zapline.cli.tune;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Builds a fake {@code /proc} and {@code /sys} tree in a test directory, with stock (untuned) kernel values. */
final class FakeHost {

    /** Stock values as a fresh kernel prints them (tabs inside the multi-number ones). */
    static final Map<String, String> STOCK = Map.ofEntries(
            Map.entry("net.core.rps_sock_flow_entries", "0\n"),
            Map.entry("net.core.netdev_max_backlog", "1000\n"),
            Map.entry("net.core.netdev_budget", "300\n"),
            Map.entry("net.core.netdev_budget_usecs", "2000\n"),
            Map.entry("net.core.rmem_max", "212992\n"),
            Map.entry("net.core.wmem_max", "212992\n"),
            Map.entry("net.core.rmem_default", "212992\n"),
            Map.entry("net.core.wmem_default", "212992\n"),
            Map.entry("net.ipv4.tcp_rmem", "4096\t131072\t6291456\n"),
            Map.entry("net.ipv4.tcp_wmem", "4096\t16384\t4194304\n"),
            Map.entry("net.core.somaxconn", "4096\n"),
            Map.entry("net.ipv4.tcp_max_syn_backlog", "1024\n"),
            Map.entry("net.ipv4.tcp_fin_timeout", "60\n"),
            Map.entry("net.ipv4.tcp_slow_start_after_idle", "1\n"),
            Map.entry("net.ipv4.tcp_mtu_probing", "0\n"),
            Map.entry("net.ipv4.ip_local_port_range", "32768\t60999\n"),
            Map.entry("net.ipv4.tcp_tw_reuse", "2\n"));

    private final Path root;

    FakeHost(Path root) {
        this.root = root;
    }

    /** Two CPUs, a stock kernel and eth0 with the given queue counts on the default route. */
    static FakeHost stock(Path root, int rxQueues, int txQueues) {
        FakeHost host = new FakeHost(root).cpus("0-1").defaultRoute("eth0").iface("eth0", rxQueues, txQueues);
        STOCK.forEach((key, value) -> host.file("/proc/sys/" + key.replace('.', '/'), value));
        host.file(
                "/proc/self/limits",
                "Limit                     Soft Limit           Hard Limit           Units\n"
                        + "Max open files            1024                 524288               files\n");
        return host.governors("0-1", "powersave\n");
    }

    FakeHost cpus(String online) {
        return file("/sys/devices/system/cpu/online", online + "\n");
    }

    FakeHost governors(String cpus, String value) {
        for (int cpu : CpuSet.parseList(cpus).cpus()) {
            file("/sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor", value);
        }
        return this;
    }

    FakeHost defaultRoute(String iface) {
        return file(
                "/proc/net/route",
                "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
                        + "lo\t0000007F\t00000000\t0001\t0\t0\t0\t000000FF\t0\t0\t0\n"
                        + iface + "\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n");
    }

    FakeHost iface(String name, int rxQueues, int txQueues) {
        for (int q = 0; q < rxQueues; q++) {
            file("/sys/class/net/" + name + "/queues/rx-" + q + "/rps_cpus", "00000000,00000000\n");
            file("/sys/class/net/" + name + "/queues/rx-" + q + "/rps_flow_cnt", "0\n");
        }
        for (int q = 0; q < txQueues; q++) {
            file("/sys/class/net/" + name + "/queues/tx-" + q + "/xps_cpus", "00000000,00000000\n");
        }
        return this;
    }

    FakeHost file(String hostPath, String content) {
        try {
            Path p = path(hostPath);
            Files.createDirectories(p.getParent());
            Files.writeString(p, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Removes a file, as a kernel without the setting would. */
    FakeHost remove(String hostPath) {
        try {
            Files.delete(path(hostPath));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Puts a directory where a file should be: it can be neither read nor written. */
    FakeHost directoryInstead(String hostPath) {
        try {
            remove(hostPath);
            Files.createDirectories(path(hostPath));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    String read(String hostPath) {
        try {
            return Files.readString(path(hostPath));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path path(String hostPath) {
        return root.resolve(hostPath.substring(1));
    }

    Path root() {
        return root;
    }

    /** Every file under proc/ and sys/ with its exact content, to compare before and after. */
    Map<String, String> snapshot() {
        Map<String, String> out = new TreeMap<>();
        for (String top : new String[] {"proc", "sys"}) {
            try (Stream<Path> files = Files.walk(root.resolve(top))) {
                for (Path p : files.filter(Files::isRegularFile).toList()) {
                    out.put(root.relativize(p).toString(), Files.readString(p));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }
}
