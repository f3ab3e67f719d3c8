package dev.zapline.cli.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code tune check} says about the interface: driver, hardware queue counts (from {@code ethtool -l}, or the
 * kernel's queue directories when ethtool is missing) and the IRQ spread.
 *
 * @param iface interface name
 * @param driver driver name, or {@code unknown}
 * @param rxQueues receive queues
 * @param txQueues transmit queues
 * @param queueSource where the counts come from
 * @param irqs interrupt spread over CPUs
 */
record NicSummary(String iface, String driver, int rxQueues, int txQueues, String queueSource, IrqSpread irqs) {

    static NicSummary inspect(HostLayout host, String iface, Ethtool ethtool) {
        Optional<Ethtool.Channels> channels = ethtool.channels(iface);
        int rx;
        int tx;
        String src;
        if (channels.isPresent() && channels.get().rxQueues() > 0) {
            rx = channels.get().rxQueues();
            tx = channels.get().txQueues();
            src = "ethtool -l";
        } else {
            rx = host.queues(iface, "rx").size();
            tx = host.queues(iface, "tx").size();
            src = ethtool.present() ? "kernel queues; ethtool -l not supported" : "kernel queues; ethtool not found";
        }
        List<String> names = new ArrayList<>(List.of(iface));
        host.device(iface).ifPresent(names::add);
        IrqSpread irqs = host.files()
                .read(host.resolve("/proc/interrupts"))
                .map(text -> IrqSpread.parse(text, names))
                .orElse(new IrqSpread(0, List.of()));
        return new NicSummary(iface, host.driver(iface).orElse("unknown"), rx, tx, src, irqs);
    }

    /** Report lines, ending with a warning when one receive queue makes one core the ceiling. */
    List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("interface " + iface + ": driver " + driver + ", " + rxQueues + " RX / " + txQueues + " TX queue"
                + (rxQueues == 1 && txQueues == 1 ? "" : "s") + " (" + queueSource + ")");
        out.add("interrupts: " + irqs.describe());
        if (rxQueues == 1) {
            out.add("WARNING: " + iface + " has a single receive queue, so one core takes every receive interrupt"
                    + " and its softirq work; that core is the ceiling. Receive packet steering (rps_cpus) spreads"
                    + " the protocol work over all cores.");
        }
        return out;
    }
}
