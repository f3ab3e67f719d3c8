package dev.zapline.cli.load;

import dev.zapline.cli.tune.HostFacts;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The interface a run's packets to its target leave by: {@code lo} for a loopback address or one of this host's own
 * (the kernel delivers those over loopback), else the longest matching route in {@code /proc/net/route}
 * (IPv4, the main table) or {@code /proc/net/ipv6_route} (IPv6), the lower metric on a tie; policy routing rules are
 * not followed.
 *
 * @param iface the interface, or null when it could not be told
 * @param label the interface with how it was found ({@code eth0 (route 198.51.100.0/24)}), or why none was
 */
record PathRoute(String iface, String label) {

    static final String LOOPBACK = "lo";

    private static final int RTF_UP = 0x1;
    private static final int RTF_REJECT = 0x200;

    /** The route to {@code target}; null {@code target}: the default route's interface, as an approximation. */
    static PathRoute of(InetAddress target, HostFacts host) {
        if (target == null) {
            return host.defaultRouteInterface()
                    .map(i -> new PathRoute(i, i + " (default route; target host not known)"))
                    .orElse(new PathRoute(null, "target host not known and no default route in /proc/net/route"));
        }
        if (isOnThisHost(target)) {
            return new PathRoute(LOOPBACK, LOOPBACK + " (target on this host)");
        }
        boolean v4 = target instanceof Inet4Address;
        String file = v4 ? "/proc/net/route" : "/proc/net/ipv6_route";
        Optional<String> table = host.read(file);
        if (table.isEmpty()) {
            return new PathRoute(null, "cannot read " + file);
        }
        try {
            Match best = v4 ? v4Route(table.get(), target.getAddress()) : v6Route(table.get(), target.getAddress());
            return best == null
                    ? new PathRoute(null, "no route to " + target.getHostAddress() + " in " + file)
                    : new PathRoute(
                            best.iface,
                            best.iface + (best.bits == 0 ? " (default route)" : " (route " + best.prefix + ")"));
        } catch (IllegalArgumentException e) {
            return new PathRoute(null, "cannot parse " + file);
        }
    }

    private static boolean isOnThisHost(InetAddress a) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    private record Match(String iface, int bits, long metric, String prefix) {}

    /** {@code Iface Destination Gateway Flags RefCnt Use Metric Mask ...}, addresses in host byte order. */
    private static Match v4Route(String table, byte[] target) {
        Match best = null;
        for (String line : table.lines().skip(1).toList()) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 8 || (Integer.parseInt(f[3], 16) & (RTF_UP | RTF_REJECT)) != RTF_UP) {
                continue;
            }
            byte[] dest = networkOrder(f[1]);
            byte[] mask = networkOrder(f[7]);
            int bits = 0;
            for (byte m : mask) {
                bits += Integer.bitCount(m & 0xff);
            }
            best = better(best, f[0], dest, bits, Long.parseLong(f[6]), target);
        }
        return best;
    }

    /** {@code dest plen src slen nexthop metric refcnt use flags iface}, addresses in network byte order. */
    private static Match v6Route(String table, byte[] target) {
        Match best = null;
        for (String line : table.lines().toList()) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 10 || (Integer.parseUnsignedInt(f[8], 16) & (RTF_UP | RTF_REJECT)) != RTF_UP) {
                continue;
            }
            int bits = Integer.parseInt(f[1], 16);
            best = better(best, f[9], HexFormat.of().parseHex(f[0]), bits, Long.parseUnsignedLong(f[5], 16), target);
        }
        return best;
    }

    private static Match better(Match best, String iface, byte[] dest, int bits, long metric, byte[] target) {
        if (dest.length != target.length || bits > dest.length * 8) {
            throw new IllegalArgumentException("bad route");
        }
        for (int b = 0; b < bits; b++) {
            int bit = 0x80 >>> (b % 8);
            if ((dest[b / 8] & bit) != (target[b / 8] & bit)) {
                return best;
            }
        }
        if (best != null && (best.bits > bits || best.bits == bits && best.metric <= metric)) {
            return best;
        }
        String prefix;
        try {
            prefix = InetAddress.getByAddress(dest).getHostAddress() + "/" + bits;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
        return new Match(iface, bits, metric, prefix);
    }

    /** An IPv4 address of {@code /proc/net/route}, in the host's byte order there, as network-order bytes. */
    private static byte[] networkOrder(String hex) {
        byte[] b = HexFormat.of().parseHex(hex);
        if (b.length == 4 && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
            return new byte[] {b[3], b[2], b[1], b[0]};
        }
        return b;
    }
}
