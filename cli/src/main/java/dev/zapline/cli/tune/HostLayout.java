package dev.zapline.cli.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Facts about the host read from {@code /proc} and {@code /sys} beneath a root directory: online CPUs, the
 * default-route interface, an interface's queues, driver and device. Read-only.
 */
final class HostLayout {

    private final Path root;
    private final HostFiles files;

    HostLayout(Path root, HostFiles files) {
        this.root = root;
        this.files = files;
    }

    /** An absolute host path ({@code /proc/sys/...}) beneath the root directory. */
    Path resolve(String hostPath) {
        return root.resolve(hostPath.substring(1));
    }

    Path root() {
        return root;
    }

    HostFiles files() {
        return files;
    }

    /** The CPUs in {@code /sys/devices/system/cpu/online}. */
    CpuSet onlineCpus() {
        String path = "/sys/devices/system/cpu/online";
        String text = files.read(resolve(path)).orElseThrow(() -> new TuneException("cannot read " + resolve(path)));
        try {
            CpuSet cpus = CpuSet.parseList(text);
            if (cpus.size() == 0) {
                throw new TuneException("no online CPUs listed in " + resolve(path));
            }
            return cpus;
        } catch (IllegalArgumentException e) {
            throw new TuneException(e.getMessage() + " in " + resolve(path));
        }
    }

    /** The interface of the default route: the first {@code /proc/net/route} line with destination 00000000. */
    Optional<String> defaultRouteInterface() {
        return files.read(resolve("/proc/net/route")).flatMap(HostLayout::defaultRoute);
    }

    static Optional<String> defaultRoute(String routeTable) {
        return routeTable
                .lines()
                .skip(1)
                .map(line -> line.strip().split("\\s+"))
                .filter(f -> f.length > 1 && f[1].equals("00000000"))
                .map(f -> f[0])
                .findFirst();
    }

    boolean hasInterface(String iface) {
        return !iface.isBlank() && !iface.contains("/") && Files.isDirectory(netPath(iface));
    }

    /** {@code rx-0}, {@code rx-1}, ... in numeric order. */
    List<String> queues(String iface, String prefix) {
        Path dir = netPath(iface).resolve("queues");
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix + "-"))
                    .sorted(Comparator.comparingInt(n -> queueNumber(n, prefix)))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The driver's name, from the {@code device/driver} link. */
    Optional<String> driver(String iface) {
        return linkName(netPath(iface).resolve("device/driver"));
    }

    /** The device's name ({@code virtio2}, {@code 0000:3b:00.0}), from the {@code device} link. */
    Optional<String> device(String iface) {
        return linkName(netPath(iface).resolve("device"));
    }

    /** The host path of a file of an interface, e.g. {@code queues/rx-0/rps_cpus}. */
    static String netFile(String iface, String relative) {
        return "/sys/class/net/" + iface + "/" + relative;
    }

    private Path netPath(String iface) {
        return resolve(netFile(iface, "")).normalize();
    }

    private static Optional<String> linkName(Path link) {
        try {
            return Optional.of(Files.readSymbolicLink(link).getFileName().toString());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    private static int queueNumber(String name, String prefix) {
        try {
            return Integer.parseInt(name.substring(prefix.length() + 1));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
