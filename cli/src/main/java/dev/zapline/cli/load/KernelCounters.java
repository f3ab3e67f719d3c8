package dev.zapline.cli.load;

import java.util.HashMap;
import java.util.Map;

/**
 * Parsers for the kernel's TCP counter files. {@code /proc/net/netstat} and {@code /proc/net/snmp} hold pairs of
 * lines, {@code Prefix: Name1 Name2 ...} then {@code Prefix: v1 v2 ...}; {@code /proc/net/sockstat} holds
 * {@code TCP: inuse N orphan N tw N ...}; {@code ip_local_port_range} holds two numbers. Every parser throws
 * {@link IllegalArgumentException} on text it does not recognise, so the caller can skip that check.
 */
final class KernelCounters {

    private KernelCounters() {}

    /** Every counter of a paired table, keyed {@code Prefix.Name} ({@code TcpExt.ListenOverflows}). */
    static Map<String, Long> table(String text) {
        String[] lines = text.strip().split("\n");
        if (lines.length < 2 || lines.length % 2 != 0) {
            throw new IllegalArgumentException("not pairs of name and value lines");
        }
        Map<String, Long> out = new HashMap<>();
        for (int i = 0; i < lines.length; i += 2) {
            String[] names = lines[i].strip().split("\\s+");
            String[] values = lines[i + 1].strip().split("\\s+");
            if (names.length != values.length || !names[0].endsWith(":") || !names[0].equals(values[0])) {
                throw new IllegalArgumentException("line " + (i + 2) + " does not match the names above it");
            }
            String prefix = names[0].substring(0, names[0].length() - 1);
            for (int k = 1; k < names.length; k++) {
                out.put(prefix + "." + names[k], Long.parseLong(values[k]));
            }
        }
        return out;
    }

    /** The sockets in TIME-WAIT: {@code tw} of the {@code TCP:} line. */
    static long timeWait(String sockstat) {
        for (String line : sockstat.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f[0].equals("TCP:")) {
                for (int k = 1; k + 1 < f.length; k += 2) {
                    if (f[k].equals("tw")) {
                        return nonNegative(f[k + 1]);
                    }
                }
            }
        }
        throw new IllegalArgumentException("no TCP tw count");
    }

    /** The first and last port of {@code ip_local_port_range}. */
    static int[] portRange(String text) {
        String[] f = text.strip().split("\\s+");
        if (f.length != 2) {
            throw new IllegalArgumentException("expected two ports");
        }
        long low = nonNegative(f[0]);
        long high = nonNegative(f[1]);
        if (low > high || high > 65_535) {
            throw new IllegalArgumentException("not a port range");
        }
        return new int[] {(int) low, (int) high};
    }

    private static long nonNegative(String s) {
        long v = Long.parseLong(s);
        if (v < 0) {
            throw new IllegalArgumentException("negative count " + s);
        }
        return v;
    }
}
