package dev.zapline.cli.tune;

import java.util.ArrayList;
import java.util.List;

/**
 * Which machine is being tuned: the one serving traffic or the one generating it. They share most values; the
 * loader also opens the widest ephemeral port range and reuses TIME_WAIT ports for its outgoing connections.
 * {@code docs/tuning.md} explains every value.
 */
enum Profile {
    SERVER,
    LOADER;

    /** Default total of the RFS socket flow table; the per-queue {@code rps_flow_cnt} is derived from it. */
    static final long RPS_SOCK_FLOW_ENTRIES = 32768;

    private static final String BUFFER_MAX = "268435456";

    /** One {@code /proc/sys} value this profile manages. */
    record Sysctl(String key, String value, Match match) {
        /** The file behind the key, as an absolute host path. */
        String path() {
            return "/proc/sys/" + key.replace('.', '/');
        }
    }

    /** The sysctl values, in the order they are reported. */
    List<Sysctl> sysctls() {
        List<Sysctl> list = new ArrayList<>(List.of(
                new Sysctl("net.core.rps_sock_flow_entries", Long.toString(RPS_SOCK_FLOW_ENTRIES), Match.AT_LEAST),
                new Sysctl("net.core.netdev_max_backlog", "300000", Match.AT_LEAST),
                new Sysctl("net.core.netdev_budget", "600", Match.AT_LEAST),
                new Sysctl("net.core.netdev_budget_usecs", "8000", Match.AT_LEAST),
                new Sysctl("net.core.rmem_max", BUFFER_MAX, Match.AT_LEAST),
                new Sysctl("net.core.wmem_max", BUFFER_MAX, Match.AT_LEAST),
                new Sysctl("net.core.rmem_default", "262144", Match.AT_LEAST),
                new Sysctl("net.core.wmem_default", "262144", Match.AT_LEAST),
                new Sysctl("net.ipv4.tcp_rmem", "4096 131072 " + BUFFER_MAX, Match.TOKENS),
                new Sysctl("net.ipv4.tcp_wmem", "4096 65536 " + BUFFER_MAX, Match.TOKENS),
                new Sysctl("net.core.somaxconn", "65535", Match.AT_LEAST),
                new Sysctl("net.ipv4.tcp_max_syn_backlog", "65535", Match.AT_LEAST),
                new Sysctl("net.ipv4.tcp_fin_timeout", "15", Match.AT_MOST),
                new Sysctl("net.ipv4.tcp_slow_start_after_idle", "0", Match.EXACT),
                new Sysctl("net.ipv4.tcp_mtu_probing", "1", Match.EXACT)));
        switch (this) {
            case SERVER -> list.add(new Sysctl("net.ipv4.ip_local_port_range", "10240 65535", Match.TOKENS));
            case LOADER -> {
                list.add(new Sysctl("net.ipv4.ip_local_port_range", "1024 65535", Match.TOKENS));
                list.add(new Sysctl("net.ipv4.tcp_tw_reuse", "1", Match.EXACT));
            }
        }
        return List.copyOf(list);
    }

    /** The open-files soft limit this profile advises (advice only; a process limit is not a host setting). */
    long openFilesAdvice() {
        return 1_048_576;
    }

    /** Parses {@code server} or {@code loader}, ignoring case. */
    static Profile parse(String name) {
        for (Profile p : values()) {
            if (p.name().equalsIgnoreCase(name.strip())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "' (expected server or loader)");
    }
}
