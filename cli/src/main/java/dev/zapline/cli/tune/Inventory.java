package dev.zapline.cli.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Lists the settings a profile manages on one interface of one host, each with its recommended value. */
final class Inventory {

    /** Offload features switched on, short name (for {@code ethtool -K}) to the long name {@code -k} prints. */
    static final Map<String, String> FEATURES = Map.of(
            "gro", "generic-receive-offload",
            "gso", "generic-segmentation-offload",
            "tso", "tcp-segmentation-offload");

    private static final List<String> FEATURE_ORDER = List.of("gro", "gso", "tso");

    private Inventory() {}

    static List<Setting> settings(HostLayout host, String iface, Profile profile, CpuSet cpus, Ethtool ethtool) {
        List<Setting> out = new ArrayList<>();
        for (Profile.Sysctl s : profile.sysctls()) {
            out.add(new Setting.File(s.key(), s.path(), s.value(), s.match()));
        }
        List<String> rx = host.queues(iface, "rx");
        String flowCount = Long.toString(flowCountPerQueue(Profile.RPS_SOCK_FLOW_ENTRIES, rx.size()));
        for (String q : rx) {
            out.add(queueFile(iface, q, "rps_cpus", cpus.toMask(), Match.CPU_MASK));
            out.add(queueFile(iface, q, "rps_flow_cnt", flowCount, Match.AT_LEAST));
        }
        List<String> tx = host.queues(iface, "tx");
        for (int i = 0; i < tx.size(); i++) {
            out.add(queueFile(
                    iface, tx.get(i), "xps_cpus", xpsMask(cpus, i, tx.size()).toMask(), Match.CPU_MASK));
        }
        for (int cpu : cpus.cpus()) {
            String path = "/sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor";
            out.add(new Setting.File("cpu" + cpu + " scaling_governor", path, "performance", Match.EXACT));
        }
        addEthtool(out, iface, ethtool);
        return List.copyOf(out);
    }

    /** The RFS table shared out over the receive queues, rounded up to the power of two the kernel keeps. */
    static long flowCountPerQueue(long sockFlowEntries, int rxQueues) {
        long share = (sockFlowEntries + Math.max(1, rxQueues) - 1) / Math.max(1, rxQueues);
        long pow = Long.highestOneBit(Math.max(1, share));
        return pow == share ? pow : pow << 1;
    }

    /**
     * Which CPUs send on TX queue {@code queue} of {@code queues}: CPUs are dealt out round-robin so each CPU owns
     * one queue; with more queues than CPUs, queue {@code q} gets CPU {@code q mod cpus}.
     */
    static CpuSet xpsMask(CpuSet cpus, int queue, int queues) {
        int[] online = cpus.cpus();
        if (queues > online.length) {
            return CpuSet.of(online[queue % online.length]);
        }
        List<Integer> mine = new ArrayList<>();
        for (int i = queue; i < online.length; i += queues) {
            mine.add(online[i]);
        }
        return CpuSet.of(mine.stream().mapToInt(Integer::intValue).toArray());
    }

    private static Setting queueFile(String iface, String queue, String file, String desired, Match match) {
        return new Setting.File(
                iface + " " + queue + " " + file,
                HostLayout.netFile(iface, "queues/" + queue + "/" + file),
                desired,
                match);
    }

    private static void addEthtool(List<Setting> out, String iface, Ethtool ethtool) {
        Optional<Ethtool.Rings> rings = ethtool.rings(iface);
        if (rings.isPresent() && rings.get().maxRx() > 0) {
            out.add(new Setting.Ethtool(
                    iface, Setting.Kind.RING, "rx", Integer.toString(rings.get().maxRx()), Match.AT_LEAST));
        }
        if (rings.isPresent() && rings.get().maxTx() > 0) {
            out.add(new Setting.Ethtool(
                    iface, Setting.Kind.RING, "tx", Integer.toString(rings.get().maxTx()), Match.AT_LEAST));
        }
        Map<String, Ethtool.Feature> features = ethtool.features(iface);
        for (String shortName : FEATURE_ORDER) {
            Ethtool.Feature f = features.get(FEATURES.get(shortName));
            if (f != null && !f.fixed()) {
                out.add(new Setting.Ethtool(iface, Setting.Kind.FEATURE, shortName, "on", Match.EXACT));
            }
        }
    }
}
