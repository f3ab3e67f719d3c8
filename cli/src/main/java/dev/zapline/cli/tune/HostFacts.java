package dev.zapline.cli.tune;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The read-only part of {@code tune check}'s view of a host, for {@code zapline load}'s path notes: kernel files
 * beneath a root directory, the default-route interface and an interface's receive queues, read the way {@code tune}
 * reads them.
 */
public final class HostFacts {

    private final HostLayout host;

    /** The host whose {@code /proc} and {@code /sys} lie beneath {@code root} ({@code /} for this host). */
    public HostFacts(Path root) {
        this.host = new HostLayout(root, HostFiles.DIRECT);
    }

    /** The whole content of a host file ({@code /proc/net/snmp}), or empty when it is missing or unreadable. */
    public Optional<String> read(String hostPath) {
        return host.files().read(host.resolve(hostPath));
    }

    /** The interface of the default route in {@code /proc/net/route}, or empty. */
    public Optional<String> defaultRouteInterface() {
        return host.defaultRouteInterface();
    }

    /** Whether {@code /sys/class/net/IFACE} exists. */
    public boolean hasInterface(String iface) {
        return host.hasInterface(iface);
    }

    /** The receive queues ({@code rx-0}, {@code rx-1}, ...) in numeric order; empty when none are listed. */
    public List<String> rxQueues(String iface) {
        return host.queues(iface, "rx");
    }

    /** The host path of a file of an interface, e.g. {@code queues/rx-0/rps_cpus}. */
    public static String netFile(String iface, String relative) {
        return HostLayout.netFile(iface, relative);
    }
}
