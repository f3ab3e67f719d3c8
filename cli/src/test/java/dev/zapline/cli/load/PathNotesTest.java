package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathNotesTest {

    private static final URI LOCAL = URI.create("http://127.0.0.1:8080/");
    private static final URI REMOTE = URI.create("http://198.51.100.7:8080/");

    @TempDir
    Path root;

    @BeforeEach
    void stockHost() {
        counters(0, 0, 0, 0, 0, 0, 1_000, 5_000);
        file(PathNotes.SOCKSTAT, "sockets: used 40\nTCP: inuse 12 orphan 0 tw 2 alloc 14 mem 3\nUDP: inuse 0 mem 0\n");
        file(PathNotes.PORT_RANGE, "32768\t60999\n");
        file(
                "/proc/net/route",
                "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
                        + "eth0\t00000000\t010264C6\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
                        + "eth1\t0000000A\t00000000\t0001\t0\t0\t0\t000000FF\t0\t0\t0\n");
        queues("eth0", 1, "00000000,00000000\n");
        queues("eth1", 4, "0\n");
    }

    @Test
    void cleanLoopbackRunSaysWhatWasChecked() {
        PathNotes notes = PathNotes.before(LOCAL, 10, root, "Linux");
        counters(0, 0, 0, 0, 0, 0, 1_000, 25_000);
        assertThat(notes.after(10))
                .containsExactly("clean: lo (target on this host); no listen overflows or SYN drops;"
                        + " 0 retransmits of 20000 segments sent; 12 of 28232 ephemeral ports in use"
                        + " (counters host-wide)");
    }

    @Test
    void acceptQueueOverflowDuringTheRunIsNotedAsHostWide() {
        counters(7, 7, 0, 1, 0, 0, 1_000, 5_000);
        PathNotes notes = PathNotes.before(LOCAL, 10, root, "Linux");
        counters(10, 12, 2, 1, 0, 0, 1_000, 6_000);
        assertThat(notes.after(10))
                .containsExactly("accept queue full or SYNs dropped: ListenOverflows +3, ListenDrops +5,"
                        + " TCPReqQFullDrop +2 (host-wide counters: another process may have caused them)");
    }

    @Test
    void retransmitsAreNotedWithTheSegmentsSent() {
        PathNotes notes = PathNotes.before(LOCAL, 10, root, "Linux");
        counters(0, 0, 0, 0, 2, 1, 1_012, 15_000);
        assertThat(notes.after(10))
                .containsExactly("retransmits: 12 of 10000 segments sent (0.120%), TCPTimeouts +2,"
                        + " TCPLostRetransmit +1 (host-wide counters)");
    }

    @Test
    void portsNearExhaustionCountOpenConnectionsAndTimeWait() {
        PathNotes notes = PathNotes.before(LOCAL, 10, root, "Linux");
        file(PathNotes.SOCKSTAT, "sockets: used 40\nTCP: inuse 12 orphan 0 tw 20000 alloc 14 mem 3\n");
        assertThat(notes.after(5_000))
                .containsExactly("ephemeral ports near exhaustion: 10 open + 20000 in TIME-WAIT (host-wide) = 20010"
                        + " of the 28232 ports of ip_local_port_range 32768-60999 (70.9%); 5000 connections opened");
    }

    @Test
    void halfThePortRangeIsNotYetFlagged() {
        file(PathNotes.PORT_RANGE, "60000 60099\n");
        PathNotes notes = PathNotes.before(LOCAL, 10, root, "Linux");
        file(PathNotes.SOCKSTAT, "TCP: inuse 12 orphan 0 tw 40 alloc 14 mem 3\n");
        assertThat(notes.after(10)).singleElement().asString().contains("; 50 of 100 ephemeral ports in use");
        file(PathNotes.SOCKSTAT, "TCP: inuse 12 orphan 0 tw 41 alloc 14 mem 3\n");
        assertThat(notes.after(10)).singleElement().asString().startsWith("ephemeral ports near exhaustion: 10 open");
    }

    @Test
    void oneReceiveQueueWithoutRpsOnTheDefaultRouteIsFlagged() {
        PathNotes notes = PathNotes.before(REMOTE, 10, root, "Linux");
        counters(5, 5, 0, 0, 0, 0, 1_000, 5_100);
        assertThat(notes.after(10))
                .containsExactly(
                        "eth0 (default route): one receive queue and RPS off, so one core takes all its receive work"
                                + " (zapline tune check flags it)",
                        "accept queue full or SYNs dropped: ListenOverflows +5, ListenDrops +5 (host-wide counters"
                                + " of this host's listeners, not the remote target's)");
    }

    @Test
    void oneReceiveQueueWithRpsOnIsClean() {
        file("/sys/class/net/eth0/queues/rx-0/rps_cpus", "00000000,00000003\n");
        PathNotes notes = PathNotes.before(REMOTE, 10, root, "Linux");
        assertThat(notes.after(10))
                .containsExactly("clean: eth0 (default route) with one receive queue, RPS on; no listen overflows"
                        + " or SYN drops; 0 retransmits of 0 segments sent; 12 of 28232 ephemeral ports in use"
                        + " (counters host-wide)");
    }

    @Test
    void theLongestMatchingRouteNamesTheInterface() {
        PathNotes notes = PathNotes.before(URI.create("zaprpc://10.1.2.3:9000/Echo.echo"), 10, root, "Linux");
        assertThat(notes.after(10))
                .singleElement()
                .asString()
                .startsWith("clean: eth1 (route 10.0.0.0/8) with 4" + " receive queues; ");
    }

    @Test
    void ipv6TargetsFollowTheIpv6Routes() {
        file(
                "/proc/net/ipv6_route",
                "20010db8000000000000000000000000 20 00000000000000000000000000000000 00"
                        + " 00000000000000000000000000000000 00000100 00000001 00000000 00000001     eth1\n"
                        + "00000000000000000000000000000000 00 00000000000000000000000000000000 00"
                        + " 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n");
        PathNotes notes = PathNotes.before(URI.create("http://[2001:db8::5]:80/"), 10, root, "Linux");
        assertThat(notes.after(10))
                .singleElement()
                .asString()
                .startsWith("clean: eth1 (route 2001:db8:0:0:0:0:0:0/32)" + " with 4 receive queues; ");
        PathNotes unrouted = PathNotes.before(URI.create("http://[2001:db9::5]:80/"), 10, root, "Linux");
        assertThat(unrouted.after(10).get(0))
                .isEqualTo("interface not checked: no route to 2001:db9:0:0:0:0:0:5 in /proc/net/ipv6_route");
    }

    @Test
    void everyUnreadableFileSkipsItsCheckByName() throws IOException {
        Files.delete(at("/proc/net/route"));
        Files.delete(at(PathNotes.NETSTAT));
        file(PathNotes.SNMP, "Tcp: RetransSegs OutSegs\nTcp: 1 2 3\n");
        Files.delete(at(PathNotes.SOCKSTAT));
        PathNotes notes = PathNotes.before(REMOTE, 10, root, "Linux");
        assertThat(notes.after(10))
                .containsExactly(
                        "interface not checked: cannot read /proc/net/route",
                        "accept queue not checked: cannot read /proc/net/netstat",
                        "retransmits not checked: cannot parse /proc/net/snmp",
                        "ephemeral ports not checked: cannot read /proc/net/sockstat");
    }

    @Test
    void partlyReadableFilesSkipOnlyTheirChecks() throws IOException {
        Files.delete(at("/sys/class/net/eth0/queues/rx-0/rps_cpus"));
        file(PathNotes.PORT_RANGE, "60999 32768\n");
        PathNotes notes = PathNotes.before(REMOTE, 10, root, "Linux");
        file(PathNotes.NETSTAT, "IpExt: InNoRoutes\nIpExt: 0\n");
        assertThat(notes.after(10))
                .containsExactly(
                        "interface not checked: cannot read /sys/class/net/eth0/queues/rx-0/rps_cpus",
                        "accept queue not checked: no TcpExt ListenOverflows in /proc/net/netstat",
                        "ephemeral ports not checked: cannot parse /proc/sys/net/ipv4/ip_local_port_range",
                        "clean: 0 retransmits of 0 segments sent (counters host-wide)");
    }

    @Test
    void aMissingInterfaceDirectorySkipsTheInterfaceCheck() {
        PathNotes notes = PathNotes.before(URI.create("http://10.9.9.9/"), 10, root.resolve("none"), "Linux");
        assertThat(notes.after(10).get(0)).isEqualTo("interface not checked: cannot read /proc/net/route");
        deleteTree(at("/sys/class/net/eth1"));
        PathNotes gone = PathNotes.before(URI.create("http://10.9.9.9/"), 10, root, "Linux");
        assertThat(gone.after(10).get(0))
                .isEqualTo("interface not checked: no receive queues in /sys/class/net/eth1/queues");
    }

    @Test
    void anUnknownTargetIsCheckedOnTheDefaultRoute() {
        PathNotes notes = PathNotes.before(null, 10, root, "Linux");
        assertThat(notes.after(10).get(0))
                .startsWith("eth0 (default route; target host not known): one receive queue and RPS off");
        PathNotes unparsed = PathNotes.before(URI.create("http://my_host:8080/"), 10, root, "Linux");
        assertThat(unparsed.after(10).get(0))
                .startsWith("eth0 (default route; target host not known): one receive queue and RPS off");
    }

    @Test
    void elsewhereThanLinuxAndOnUnixSocketsNothingIsChecked() {
        assertThat(PathNotes.before(LOCAL, 10, root, "Mac OS X").after(10))
                .containsExactly("not checked: the path notes read Linux's /proc and /sys");
        assertThat(PathNotes.before(URI.create("zap:///run/app.sock?path=/x"), 10, root, "Linux")
                        .after(10))
                .containsExactly("not checked: the target is a Unix socket, no TCP path");
    }

    @Test
    void theTargetComesFromTheUrlTheJourneysOrTheTargetsFile() throws IOException {
        assertThat(PathNotes.target("http://10.0.0.1:81/a", null, null)).isEqualTo(URI.create("http://10.0.0.1:81/a"));
        Path targets = root.resolve("targets.txt");
        Files.writeString(targets, "GET http://10.0.0.2:82/x\n\nGET http://10.0.0.2:82/y\n");
        assertThat(PathNotes.target(null, targets, null).getHost()).isEqualTo("10.0.0.2");
        assertThat(PathNotes.target(null, root.resolve("missing.txt"), null)).isNull();
        assertThat(PathNotes.target("http://bad host/", null, null)).isNull();
    }

    /** TcpExt and Tcp counters, in the kernel's layout (more counters around the ones read). */
    private void counters(
            long overflows,
            long drops,
            long reqQFullDrop,
            long cookies,
            long timeouts,
            long lostRetransmit,
            long retrans,
            long outSegs) {
        file(
                PathNotes.NETSTAT,
                "TcpExt: SyncookiesSent ListenOverflows ListenDrops TCPReqQFullDoCookies TCPReqQFullDrop TCPTimeouts"
                        + " TCPLostRetransmit\n"
                        + "TcpExt: 0 " + overflows + " " + drops + " " + cookies + " " + reqQFullDrop + " " + timeouts
                        + " " + lostRetransmit + "\n"
                        + "IpExt: InNoRoutes InTruncatedPkts\nIpExt: 0 0\n");
        file(
                PathNotes.SNMP,
                "Ip: Forwarding DefaultTTL\nIp: 2 64\n"
                        + "Tcp: RtoAlgorithm MaxConn ActiveOpens OutSegs RetransSegs InErrs\n"
                        + "Tcp: 1 -1 40 " + outSegs + " " + retrans + " 0\n");
    }

    private void queues(String iface, int rx, String rps) {
        for (int q = 0; q < rx; q++) {
            file("/sys/class/net/" + iface + "/queues/rx-" + q + "/rps_cpus", rps);
            file("/sys/class/net/" + iface + "/queues/tx-" + q + "/xps_cpus", "0\n");
        }
    }

    private Path at(String hostPath) {
        return root.resolve(hostPath.substring(1));
    }

    private void file(String hostPath, String content) {
        try {
            Files.createDirectories(at(hostPath).getParent());
            Files.writeString(at(hostPath), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
