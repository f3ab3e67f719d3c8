package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {

    @TempDir
    Path root;

    @Test
    void printsOneShellCommandPerUntunedSettingAndChangesNothing() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        host.file("/proc/sys/net/core/somaxconn", "65535\n");
        var before = host.snapshot();

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "plan", "--root", root.toString());

        assertThat(run.exit()).isEqualTo(0);
        assertThat(run.out())
                .contains("# net.core.netdev_max_backlog: 1000 -> 300000")
                .contains("echo 300000 > " + host.path("/proc/sys/net/core/netdev_max_backlog"))
                .contains("echo '4096 131072 268435456' > " + host.path("/proc/sys/net/ipv4/tcp_rmem"))
                .contains("echo 3 > " + host.path("/sys/class/net/eth0/queues/rx-0/rps_cpus"))
                .contains("echo performance > " + host.path("/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor"))
                .doesNotContain("somaxconn");
        assertThat(host.snapshot()).isEqualTo(before);
    }

    @Test
    void printsEthtoolCommandsForRingsAndOffloads() {
        FakeHost.stock(root, 1, 1);
        FakeEthtool nic = new FakeEthtool("eth0", null, new Ethtool.Rings(4096, 1024, 256, 1024));

        TuneRun run = TuneRun.run(TuneRun.asRoot(nic), "plan", "--root", root.toString());

        assertThat(run.out())
                .contains("ethtool -G eth0 rx 4096")
                .contains("ethtool -K eth0 gro on")
                .doesNotContain("ethtool -G eth0 tx")
                .doesNotContain("gso on");
        assertThat(nic.changes).isZero();
    }

    @Test
    void saysNothingToChangeOnTunedHost() {
        CheckCommandTest.tuneEverything(FakeHost.stock(root, 1, 1));

        TuneRun run = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "plan", "--root", root.toString());

        assertThat(run.exit()).isEqualTo(0);
        assertThat(run.out()).contains("nothing to change").doesNotContain("echo ");
    }

    @Test
    void printScriptIsGuardedBashWithAnUnconditionalWritePerUntunedSetting() {
        FakeHost host = FakeHost.stock(root, 2, 1);
        CheckCommandTest.tuneEverything(host);
        host.file("/proc/sys/net/core/netdev_max_backlog", "1000\n")
                .file("/sys/class/net/eth0/queues/rx-1/rps_cpus", "0\n")
                .file("/sys/class/net/eth0/queues/rx-0/rps_flow_cnt", "16384\n")
                .file("/sys/class/net/eth0/queues/rx-1/rps_flow_cnt", "16384\n");
        FakeEthtool nic = new FakeEthtool("eth0", null, new Ethtool.Rings(4096, 4096, 4096, 4096));
        nic.features.put("generic-receive-offload", new Ethtool.Feature(true, false));

        TuneRun run = TuneRun.run(TuneRun.asRoot(nic), "plan", "--print-script", "--root", root.toString());

        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("#!/usr/bin/env bash");
        assertThat(lines)
                .contains("set -eu")
                .contains("if [ \"$(id -u)\" -ne 0 ]; then echo 'run as root' >&2; exit 2; fi");
        assertThat(lines.stream()
                        .filter(l -> l.startsWith("put ") || l.startsWith("run "))
                        .toList())
                .containsExactly(
                        "put " + host.path("/proc/sys/net/core/netdev_max_backlog") + " 300000",
                        "put " + host.path("/sys/class/net/eth0/queues/rx-1/rps_cpus") + " 3");
        assertThat(lines.get(lines.size() - 2)).contains("exit 1");
        assertThat(run.out()).doesNotContain("zapline tune plan:");
    }

    @Test
    void quotesShellWordsOnlyWhenNeeded() {
        assertThat(ShellScript.quote("/proc/sys/net/core/somaxconn")).isEqualTo("/proc/sys/net/core/somaxconn");
        assertThat(ShellScript.quote("1024 65535")).isEqualTo("'1024 65535'");
        assertThat(ShellScript.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(ShellScript.quote("")).isEqualTo("''");
    }
}
