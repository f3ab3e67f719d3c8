package dev.zapline.cli.load;

import dev.zapline.cli.tune.HostFacts;
import dev.zapline.load.journey.JourneyPlan;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code zapline tune check} would flag on a load run's network path, judged over the run (docs/load.md, "Path
 * notes"): one receive queue without RPS on the interface to the target, a full accept queue or dropped SYNs,
 * retransmits, ephemeral ports near exhaustion. {@link #before} snapshots the kernel's counters as the run starts,
 * {@link #after} turns their change into short notes. The counters are host-wide, and the notes say so. Linux only;
 * elsewhere one note says nothing was checked. A file that cannot be read or parsed skips its check with a note
 * naming it; nothing here throws.
 */
public final class PathNotes {

    /** This host's own {@code /proc} and {@code /sys}. */
    public static final Path HOST_ROOT = Path.of("/");

    /** Above this share of the ephemeral port range in use, the ports get a note. */
    static final double PORTS_FLAGGED = 0.5;

    static final String NETSTAT = "/proc/net/netstat";
    static final String SNMP = "/proc/net/snmp";
    static final String SOCKSTAT = "/proc/net/sockstat";
    static final String PORT_RANGE = "/proc/sys/net/ipv4/ip_local_port_range";

    private static final List<String> QUEUE_COUNTERS =
            List.of("ListenOverflows", "ListenDrops", "TCPReqQFullDrop", "TCPReqQFullDoCookies");

    private final HostFacts host;
    private final List<String> only;
    private final boolean local;
    private final IfaceCheck iface;
    private final int connections;
    private final Counters netstat;
    private final Counters snmp;

    private PathNotes(HostFacts host, List<String> only, PathRoute route, IfaceCheck iface, int connections) {
        this.host = host;
        this.only = only;
        this.local = route != null && PathRoute.LOOPBACK.equals(route.iface());
        this.iface = iface;
        this.connections = connections;
        this.netstat = only != null ? null : Counters.read(host, NETSTAT);
        this.snmp = only != null ? null : Counters.read(host, SNMP);
    }

    /**
     * Snapshots this host's path to {@code target} as a run with {@code connections} connections at a time starts.
     * {@code target}: its host is resolved; null when not known (the default route's interface is then checked).
     */
    public static PathNotes before(URI target, int connections) {
        return before(target, connections, HOST_ROOT);
    }

    /** As {@link #before(URI, int)}, the kernel's files read beneath {@code root}. */
    public static PathNotes before(URI target, int connections, Path root) {
        return before(target, connections, root, System.getProperty("os.name", ""));
    }

    static PathNotes before(URI target, int connections, Path root, String osName) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return new PathNotes(
                    null, List.of("not checked: the path notes read Linux's /proc and /sys"), null, null, 0);
        }
        HostFacts host = new HostFacts(root);
        if (target != null && target.getHost() == null && target.getRawAuthority() == null) {
            return new PathNotes(host, List.of("not checked: the target is a Unix socket, no TCP path"), null, null, 0);
        }
        InetAddress address = null;
        if (target != null && target.getHost() != null) {
            try {
                address = InetAddress.getByName(target.getHost());
            } catch (UnknownHostException | SecurityException e) {
                // checked as an unknown target: the default route
            }
        }
        PathRoute route = PathRoute.of(address, host);
        return new PathNotes(host, null, route, IfaceCheck.of(host, route), connections);
    }

    /**
     * The notes at the run's end, {@code connectionsOpened} being every connection the run opened, reconnects
     * included: one short line per finding or skipped check, or one line saying what was checked and found clean.
     */
    public List<String> after(long connectionsOpened) {
        if (only != null) {
            return only;
        }
        Found found = new Found();
        if (iface.flagged()) {
            found.flag(iface.text());
        } else if (iface.clean()) {
            found.clean.add(iface.text());
        } else {
            found.notes.add(iface.text());
        }
        Counters netstatNow = Counters.read(host, NETSTAT);
        Counters snmpNow = Counters.read(host, SNMP);
        acceptQueue(found, netstatNow);
        retransmits(found, snmpNow, netstatNow);
        ports(found, connectionsOpened);
        List<String> out = new ArrayList<>(found.notes);
        if (!found.flagged && !found.clean.isEmpty()) {
            out.add("clean: " + String.join("; ", found.clean) + " (counters host-wide)");
        }
        return List.copyOf(out);
    }

    /**
     * The target whose path is checked: the journeys' origin, the URL, or the first of {@code --targets} (they
     * share one host); null when none can be told.
     */
    public static URI target(String url, Path targets, JourneyPlan journeys) {
        try {
            String where = journeys != null
                    ? journeys.origin()
                    : url != null
                            ? url
                            : TargetsFile.read(targets).get(0).target().url();
            return new URI(where);
        } catch (URISyntaxException | java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The interface's verdict, taken before the run: its receive queues and RPS do not change with it.
     *
     * @param text the note, or the interface for the clean line
     * @param flagged one receive queue and RPS off
     * @param clean nothing to flag ({@code text} names the interface)
     */
    private record IfaceCheck(String text, boolean flagged, boolean clean) {

        static IfaceCheck of(HostFacts host, PathRoute route) {
            String iface = route.iface();
            if (iface == null) {
                return skipped(route.label());
            }
            if (iface.equals(PathRoute.LOOPBACK)) {
                return new IfaceCheck(route.label(), false, true);
            }
            List<String> rx = host.rxQueues(iface);
            if (rx.isEmpty()) {
                return skipped("no receive queues in " + HostFacts.netFile(iface, "queues"));
            }
            if (rx.size() > 1) {
                return new IfaceCheck(route.label() + " with " + rx.size() + " receive queues", false, true);
            }
            String file = HostFacts.netFile(iface, "queues/" + rx.get(0) + "/rps_cpus");
            Optional<String> rps = host.read(file);
            if (rps.isEmpty()) {
                return skipped("cannot read " + file);
            }
            if (!rps.get().strip().matches("[0-9a-fA-F,]+")) {
                return skipped("cannot parse " + file);
            }
            if (!rps.get().strip().matches("[0,]+")) {
                return new IfaceCheck(route.label() + " with one receive queue, RPS on", false, true);
            }
            return new IfaceCheck(
                    route.label() + ": one receive queue and RPS off, so one core takes all its receive work"
                            + " (zapline tune check flags it)",
                    true,
                    false);
        }

        private static IfaceCheck skipped(String why) {
            return new IfaceCheck("interface not checked: " + why, false, false);
        }
    }

    private void acceptQueue(Found found, Counters now) {
        String skip =
                Counters.skip("accept queue", NETSTAT, netstat, now, "TcpExt.ListenOverflows", "TcpExt.ListenDrops");
        if (skip != null) {
            found.notes.add(skip);
            return;
        }
        List<String> grown = new ArrayList<>();
        for (String name : QUEUE_COUNTERS) {
            long d = Counters.delta(netstat, now, "TcpExt." + name);
            if (d > 0) {
                grown.add(name + " +" + d);
            }
        }
        if (grown.isEmpty()) {
            found.clean.add("no listen overflows or SYN drops");
            return;
        }
        found.flag("accept queue full or SYNs dropped: " + String.join(", ", grown)
                + (local
                        ? " (host-wide counters: another process may have caused them)"
                        : " (host-wide counters of this host's listeners, not the remote target's)"));
    }

    private void retransmits(Found found, Counters now, Counters netstatNow) {
        String skip = Counters.skip("retransmits", SNMP, snmp, now, "Tcp.RetransSegs", "Tcp.OutSegs");
        if (skip != null) {
            found.notes.add(skip);
            return;
        }
        long retrans = Counters.delta(snmp, now, "Tcp.RetransSegs");
        long sent = Counters.delta(snmp, now, "Tcp.OutSegs");
        if (retrans <= 0) {
            found.clean.add("0 retransmits of " + sent + " segments sent");
            return;
        }
        StringBuilder b = new StringBuilder("retransmits: " + retrans + " of " + sent + " segments sent");
        if (sent > 0) {
            b.append(String.format(Locale.ROOT, " (%.3f%%)", 100.0 * retrans / sent));
        }
        for (String name : List.of("TCPTimeouts", "TCPLostRetransmit")) {
            String key = "TcpExt." + name;
            if (netstat != null && netstatNow != null && netstat.has(key) && netstatNow.has(key)) {
                b.append(", ").append(name).append(" +").append(Counters.delta(netstat, netstatNow, key));
            }
        }
        found.flag(b.append(" (host-wide counters)").toString());
    }

    private void ports(Found found, long connectionsOpened) {
        int[] range;
        long timeWait;
        try {
            range = KernelCounters.portRange(host.read(PORT_RANGE).orElseThrow(() -> unreadable(PORT_RANGE)));
        } catch (IllegalArgumentException e) {
            found.notes.add("ephemeral ports not checked: cannot " + reason(e) + PORT_RANGE);
            return;
        }
        try {
            timeWait = KernelCounters.timeWait(host.read(SOCKSTAT).orElseThrow(() -> unreadable(SOCKSTAT)));
        } catch (IllegalArgumentException e) {
            found.notes.add("ephemeral ports not checked: cannot " + reason(e) + SOCKSTAT);
            return;
        }
        long open = Math.min(Math.max(0, connectionsOpened), Math.max(0, connections));
        long used = open + timeWait;
        int size = range[1] - range[0] + 1;
        double share = (double) used / size;
        if (share <= PORTS_FLAGGED) {
            found.clean.add(used + " of " + size + " ephemeral ports in use");
            return;
        }
        found.flag(String.format(
                Locale.ROOT,
                "ephemeral ports near exhaustion: %d open + %d in TIME-WAIT (host-wide) = %d of the %d ports of"
                        + " ip_local_port_range %d-%d (%.1f%%); %d connections opened",
                open,
                timeWait,
                used,
                size,
                range[0],
                range[1],
                100 * share,
                connectionsOpened));
    }

    private static IllegalArgumentException unreadable(String file) {
        return new Unreadable(file);
    }

    private static String reason(IllegalArgumentException e) {
        return e instanceof Unreadable ? "read " : "parse ";
    }

    /** A file that could not be read, as opposed to one read but not understood. */
    private static final class Unreadable extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Unreadable(String file) {
            super(file);
        }
    }

    /** The notes being gathered: flags and skipped checks in order, and what was found clean. */
    private static final class Found {
        final List<String> notes = new ArrayList<>();
        final List<String> clean = new ArrayList<>();
        boolean flagged;

        void flag(String note) {
            notes.add(note);
            flagged = true;
        }
    }

    /**
     * A paired counter table as read, or why it could not be.
     *
     * @param values counters keyed {@code Prefix.Name}; null when unusable
     * @param why {@code read FILE} or {@code parse FILE} when unusable
     */
    private record Counters(Map<String, Long> values, String why) {

        static Counters read(HostFacts host, String file) {
            Optional<String> text = host.read(file);
            if (text.isEmpty()) {
                return new Counters(null, "read " + file);
            }
            try {
                return new Counters(KernelCounters.table(text.get()), null);
            } catch (IllegalArgumentException e) {
                return new Counters(null, "parse " + file);
            }
        }

        boolean has(String key) {
            return values != null && values.containsKey(key);
        }

        /** The note skipping {@code check}, or null when both snapshots hold every one of {@code keys}. */
        static String skip(String check, String file, Counters before, Counters after, String... keys) {
            for (Counters c : new Counters[] {before, after}) {
                if (c.values == null) {
                    return check + " not checked: cannot " + c.why;
                }
            }
            for (String key : keys) {
                if (!before.has(key) || !after.has(key)) {
                    String[] parts = key.split("\\.");
                    return check + " not checked: no " + parts[0] + " " + parts[1] + " in " + file;
                }
            }
            return null;
        }

        static long delta(Counters before, Counters after, String key) {
            return before.has(key) && after.has(key) ? after.values.get(key) - before.values.get(key) : 0;
        }
    }
}
