package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

    @TempDir
    Path root;

    @Test
    void reportsUntunedHostWithExitOneAndWarnsAboutSingleReceiveQueue() {
        FakeHost.stock(root, 1, 1);

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out())
                .contains("interface eth0 (default route), 2 CPUs online")
                .contains("1 RX / 1 TX queue (kernel queues; ethtool not found)")
                .contains("WARNING: eth0 has a single receive queue")
                .containsPattern("net.core.netdev_max_backlog +1000 +>= 300000 +NOT TUNED")
                .containsPattern("net.ipv4.tcp_rmem +4096 131072 6291456 +4096 131072 268435456 +NOT TUNED")
                .containsPattern("eth0 rx-0 rps_cpus +00000000,00000000 +3 +NOT TUNED")
                .containsPattern("cpu1 scaling_governor +powersave +performance +NOT TUNED")
                .contains("soft limit 1024 is below 1048576");
    }

    @Test
    void reportsTunedHostWithExitZero() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        tuneEverything(host);

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.exit()).as(run.out()).isEqualTo(0);
        assertThat(run.out())
                .doesNotContain("NOT TUNED")
                .contains("0 not tuned")
                .contains("nothing to do");
    }

    @Test
    void comparesMasksAsBitsAndMultiNumberValuesAsTokens() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        host.file("/sys/class/net/eth0/queues/rx-0/rps_cpus", "00000000,00000003\n")
                .file("/proc/sys/net/ipv4/tcp_rmem", "4096   131072\t268435456\n");

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.out())
                .containsPattern("eth0 rx-0 rps_cpus +00000000,00000003 +3 +tuned")
                .containsPattern("net.ipv4.tcp_rmem +4096 131072 268435456 +4096 131072 268435456 +tuned");
    }

    @Test
    void listsEveryQueueAndSpreadsTransmitQueuesWithoutWarningForSeveralQueues() {
        FakeHost.stock(root, 4, 2).cpus("0-3").governors("2-3", "powersave\n");

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.out())
                .doesNotContain("WARNING")
                .contains("4 RX / 2 TX queues")
                .containsPattern("eth0 rx-3 rps_cpus +00000000,00000000 +f ")
                .containsPattern("eth0 rx-3 rps_flow_cnt +0 +>= 8192 ")
                .containsPattern("eth0 tx-0 xps_cpus +00000000,00000000 +5 ")
                .containsPattern("eth0 tx-1 xps_cpus +00000000,00000000 +a ");
    }

    @Test
    void usesEthtoolForQueuesRingsAndOffloads() {
        FakeHost.stock(root, 1, 1);
        FakeEthtool nic = new FakeEthtool(
                "eth0", new Ethtool.Channels(0, 0, 8, 0, 0, 1), new Ethtool.Rings(4096, 4096, 256, 4096));

        TuneRun run = TuneRun.run(TuneRun.asRoot(nic), "check", "--root", root.toString());

        assertThat(run.out())
                .contains("1 RX / 1 TX queue (ethtool -l)")
                .contains("single receive queue")
                .containsPattern("eth0 ring rx +256 +>= 4096 +NOT TUNED")
                .containsPattern("eth0 ring tx +4096 +>= 4096 +tuned")
                .containsPattern("eth0 feature gro +off +on +NOT TUNED")
                .containsPattern("eth0 feature gso +on +on +tuned")
                .doesNotContain("feature tso");
    }

    @Test
    void showsMissingAndUnreadableFilesAsNotAvailableWithoutFailing() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        tuneEverything(host);
        host.remove("/proc/sys/net/core/netdev_budget_usecs")
                .remove("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
                .directoryInstead("/sys/class/net/eth0/queues/tx-0/xps_cpus");

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.exit()).isEqualTo(0);
        assertThat(run.out())
                .containsPattern("net.core.netdev_budget_usecs +n/a +>= 8000 +not available")
                .containsPattern("cpu0 scaling_governor +n/a +performance +not available")
                .containsPattern("eth0 tx-0 xps_cpus +n/a +3 +not available")
                .contains("3 not available here");
    }

    @Test
    void checksTheNamedInterfaceAndProfile() {
        FakeHost.stock(root, 1, 1).iface("eth1", 2, 2);

        TuneRun run = TuneRun.run(
                TuneRun.asRoot(Ethtool.NONE),
                "check",
                "--root",
                root.toString(),
                "--iface",
                "eth1",
                "--profile",
                "LOADER");

        assertThat(run.out())
                .contains("profile loader, interface eth1, 2 CPUs")
                .contains("eth1 rx-1 rps_cpus")
                .doesNotContain("eth0 rx-0")
                .containsPattern("net.ipv4.ip_local_port_range +32768 60999 +1024 65535 +NOT TUNED")
                .containsPattern("net.ipv4.tcp_tw_reuse +2 +1 +NOT TUNED");
    }

    @Test
    void exitsTwoForUnknownInterfaceThroughMain() {
        FakeHost.stock(root, 1, 1);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int exit = Main.run(
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                "tune",
                "check",
                "--root",
                root.toString(),
                "--iface",
                "nope0");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("unknown interface 'nope0'");
    }

    @Test
    void exitsTwoWithoutDefaultRoute() {
        FakeHost.stock(root, 1, 1).file("/proc/net/route", "Iface\tDestination\n");

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("no default route").contains("--iface");
    }

    @Test
    void exitsTwoWhenOnlineCpusCannotBeRead() {
        FakeHost.stock(root, 1, 1).remove("/sys/devices/system/cpu/online");

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("cannot read").contains("online");
    }

    @Test
    void exitsTwoForUnknownProfile() {
        FakeHost.stock(root, 1, 1);

        TuneRun run =
                TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "check", "--root", root.toString(), "--profile", "desktop");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("unknown profile 'desktop'");
    }

    /** Writes every recommended value the server profile wants on a stock two-CPU host. */
    static void tuneEverything(FakeHost host) {
        for (Profile.Sysctl s : Profile.SERVER.sysctls()) {
            host.file(s.path(), s.value().replace(' ', '\t') + "\n");
        }
        host.governors("0-1", "performance\n")
                .file("/sys/class/net/eth0/queues/rx-0/rps_cpus", "00000000,00000003\n")
                .file("/sys/class/net/eth0/queues/rx-0/rps_flow_cnt", "32768\n")
                .file("/sys/class/net/eth0/queues/tx-0/xps_cpus", "00000000,00000003\n");
    }
}
