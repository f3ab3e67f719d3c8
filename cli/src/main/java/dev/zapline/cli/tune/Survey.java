package dev.zapline.cli.tune;

import java.util.List;
import java.util.Locale;

/**
 * Everything one run of {@code check}, {@code plan} or {@code apply} looks at: the interface, the online CPUs,
 * and every managed setting with its verdict.
 *
 * @param io reads and writes the settings
 * @param host the host's files beneath the root directory
 * @param ethtool the NIC tool in use
 * @param iface the interface tuned
 * @param autoDetected whether {@code iface} came from the default route
 * @param profile the profile recommended
 * @param cpus online CPUs
 * @param findings every managed setting, as found
 */
record Survey(
        SettingIo io,
        HostLayout host,
        Ethtool ethtool,
        String iface,
        boolean autoDetected,
        Profile profile,
        CpuSet cpus,
        List<Finding> findings) {

    /** Resolves the interface and CPUs and reads every setting; {@link TuneException} when that is impossible. */
    static Survey take(HostOptions hostOptions, TargetOptions target, TuneEnv env) {
        HostLayout host = new HostLayout(hostOptions.root, env.files());
        boolean auto = target.iface == null;
        String iface = auto
                ? host.defaultRouteInterface()
                        .orElseThrow(() -> new TuneException(
                                "no default route in " + host.resolve("/proc/net/route") + "; pass --iface"))
                : target.iface;
        if (!host.hasInterface(iface)) {
            throw new TuneException(
                    "unknown interface '" + iface + "': no " + host.resolve(HostLayout.netFile(iface, "")));
        }
        CpuSet cpus = host.onlineCpus();
        Ethtool ethtool = env.ethtool().apply(hostOptions.root);
        SettingIo io = new SettingIo(host, ethtool);
        List<Finding> findings = Inventory.settings(host, iface, target.profile, cpus, ethtool).stream()
                .map(s -> Finding.of(s, io.read(s)))
                .toList();
        return new Survey(io, host, ethtool, iface, auto, target.profile, cpus, findings);
    }

    List<Finding> with(Finding.State state) {
        return findings.stream().filter(f -> f.state() == state).toList();
    }

    /** The heading line every command prints first. */
    String heading(String command) {
        return "zapline tune " + command + ": profile " + profile.name().toLowerCase(Locale.ROOT)
                + ", interface " + iface + (autoDetected ? " (default route)" : "") + ", " + cpus.size()
                + " CPU" + (cpus.size() == 1 ? "" : "s") + " online";
    }
}
