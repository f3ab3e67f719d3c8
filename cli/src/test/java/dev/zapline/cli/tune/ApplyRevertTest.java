package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApplyRevertTest {

    @TempDir
    Path root;

    private String[] args(String command) {
        return new String[] {command, "--root", root.toString()};
    }

    @Test
    void applyRefusesToRunWithoutRootAndChangesNothing() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        Map<String, String> before = host.snapshot();
        TuneEnv notRoot = new TuneEnv(HostFiles.DIRECT, dir -> Ethtool.NONE, () -> false);

        TuneRun apply = TuneRun.run(notRoot, args("apply"));
        TuneRun revert = TuneRun.run(notRoot, args("revert"));

        assertThat(apply.exit()).isEqualTo(2);
        assertThat(apply.err()).contains("must run as root");
        assertThat(revert.exit()).isEqualTo(2);
        assertThat(host.snapshot()).isEqualTo(before);
        assertThat(Files.exists(root.resolve("var/lib/zapline/tune-state"))).isFalse();
    }

    @Test
    void applySavesStateThenTunesEverySettingAndCheckPasses() {
        FakeHost host = FakeHost.stock(root, 2, 2);
        TuneEnv env = TuneRun.asRoot(Ethtool.NONE);

        TuneRun apply = TuneRun.run(env, args("apply"));

        assertThat(apply.exit()).as(apply.out()).isEqualTo(0);
        assertThat(apply.out())
                .contains("saved previous values to " + root.resolve("var/lib/zapline/tune-state"))
                .contains("changed net.core.netdev_max_backlog: 1000 -> 300000")
                .contains("0 refused");
        assertThat(host.read("/proc/sys/net/ipv4/tcp_rmem")).isEqualTo("4096 131072 268435456\n");
        assertThat(host.read("/sys/class/net/eth0/queues/rx-1/rps_cpus")).isEqualTo("3\n");
        assertThat(host.read("/sys/class/net/eth0/queues/rx-1/rps_flow_cnt")).isEqualTo("16384\n");
        assertThat(host.read("/sys/class/net/eth0/queues/tx-1/xps_cpus")).isEqualTo("2\n");
        assertThat(host.read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))
                .isEqualTo("performance\n");
        assertThat(new TuneState(root.resolve("var/lib/zapline/tune-state")).load())
                .containsEntry("file:/proc/sys/net/ipv4/tcp_rmem", "4096\t131072\t6291456\n");
        assertThat(TuneRun.run(env, args("check")).exit()).isEqualTo(0);
    }

    @Test
    void secondApplyChangesNothingAndSaysSo() throws Exception {
        FakeHost host = FakeHost.stock(root, 1, 1);
        TuneEnv env = TuneRun.asRoot(Ethtool.NONE);
        TuneRun.run(env, args("apply"));
        Map<String, String> afterFirst = host.snapshot();
        Path stateFile = root.resolve("var/lib/zapline/tune-state");
        String stateAfterFirst = Files.readString(stateFile);

        TuneRun second = TuneRun.run(env, args("apply"));

        assertThat(second.exit()).isEqualTo(0);
        assertThat(second.out()).contains("nothing changed").doesNotContain("changed net.");
        assertThat(host.snapshot()).isEqualTo(afterFirst);
        assertThat(Files.readString(stateFile)).isEqualTo(stateAfterFirst);
    }

    @Test
    void refusedSettingIsReportedAndSkippedWhileTheRestIsApplied() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        TuneEnv refusing = new TuneEnv(
                new RefusingFiles("net/core/somaxconn", "rx-0/rps_flow_cnt"), dir -> Ethtool.NONE, () -> true);

        TuneRun apply = TuneRun.run(refusing, args("apply"));

        assertThat(apply.exit()).isEqualTo(1);
        assertThat(apply.out())
                .contains("refused net.core.somaxconn")
                .contains("Invalid argument; skipped")
                .contains("refused eth0 rx-0 rps_flow_cnt")
                .contains("2 refused");
        assertThat(host.read("/proc/sys/net/core/somaxconn")).isEqualTo("4096\n");
        assertThat(host.read("/proc/sys/net/core/netdev_max_backlog")).isEqualTo("300000\n");
        assertThat(host.read("/sys/class/net/eth0/queues/rx-0/rps_cpus")).isEqualTo("3\n");
    }

    @Test
    void writeTheKernelSilentlyIgnoresIsReportedAsRefused() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        HostFiles ignoring = new HostFiles() {
            @Override
            public java.util.Optional<String> read(Path file) {
                return HostFiles.DIRECT.read(file);
            }

            @Override
            public void write(Path file, String content) throws java.io.IOException {
                if (!file.toString().endsWith("netdev_budget")) {
                    HostFiles.DIRECT.write(file, content);
                }
            }
        };

        TuneRun apply = TuneRun.run(new TuneEnv(ignoring, dir -> Ethtool.NONE, () -> true), args("apply"));

        assertThat(apply.exit()).isEqualTo(1);
        assertThat(apply.out()).contains("refused net.core.netdev_budget: accepted the write but reads back 300");
        assertThat(host.read("/proc/sys/net/core/netdev_budget")).isEqualTo("300\n");
    }

    @Test
    void revertRestoresEveryFileByteForByteAndSecondRevertIsANoOp() {
        FakeHost host = FakeHost.stock(root, 4, 4).cpus("0-3").governors("2-3", "schedutil\n");
        host.file("/sys/class/net/eth0/queues/rx-2/rps_cpus", "00000000,00000001\n");
        Map<String, String> before = host.snapshot();
        TuneEnv env = TuneRun.asRoot(Ethtool.NONE);
        TuneRun.run(env, args("apply"));
        assertThat(host.snapshot()).isNotEqualTo(before);

        TuneRun revert = TuneRun.run(env, args("revert"));

        assertThat(revert.exit()).as(revert.out()).isEqualTo(0);
        assertThat(revert.out())
                .contains("restored /proc/sys/net/core/netdev_max_backlog to 1000")
                .contains("0 failed; state file removed");
        assertThat(host.snapshot()).isEqualTo(before);
        assertThat(Files.exists(root.resolve("var/lib/zapline/tune-state"))).isFalse();

        TuneRun again = TuneRun.run(env, args("revert"));

        assertThat(again.exit()).isEqualTo(0);
        assertThat(again.out()).startsWith("nothing to revert: no saved state at");
        assertThat(host.snapshot()).isEqualTo(before);
    }

    @Test
    void reapplyAfterPartialFailureKeepsTheOriginalSavedValues() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        Map<String, String> before = host.snapshot();
        Path state = root.resolve("elsewhere/state");
        String[] apply = {"apply", "--root", root.toString(), "--state", state.toString()};
        TuneRun.run(new TuneEnv(new RefusingFiles("somaxconn"), dir -> Ethtool.NONE, () -> true), apply);
        host.file("/proc/sys/net/core/netdev_max_backlog", "5000\n");

        TuneRun second = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), apply);

        assertThat(second.exit()).isEqualTo(0);
        assertThat(second.out())
                .contains("changed net.core.somaxconn: 4096 -> 65535")
                .contains("kept from an earlier apply");
        assertThat(new TuneState(state).load()).containsEntry("file:/proc/sys/net/core/netdev_max_backlog", "1000\n");
        TuneRun.run(TuneRun.asRoot(Ethtool.NONE), "revert", "--root", root.toString(), "--state", state.toString());
        assertThat(host.snapshot()).isEqualTo(before);
    }

    @Test
    void revertThatFailsKeepsOnlyTheFailedValuesForAnotherTry() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        Map<String, String> before = host.snapshot();
        TuneRun.run(TuneRun.asRoot(Ethtool.NONE), args("apply"));
        TuneEnv refusing = new TuneEnv(new RefusingFiles("tcp_fin_timeout"), dir -> Ethtool.NONE, () -> true);

        TuneRun failed = TuneRun.run(refusing, args("revert"));

        assertThat(failed.exit()).isEqualTo(1);
        assertThat(failed.out()).contains("failed /proc/sys/net/ipv4/tcp_fin_timeout: Invalid argument");
        assertThat(new TuneState(root.resolve("var/lib/zapline/tune-state")).load())
                .containsOnlyKeys("file:/proc/sys/net/ipv4/tcp_fin_timeout");

        TuneRun retry = TuneRun.run(TuneRun.asRoot(Ethtool.NONE), args("revert"));

        assertThat(retry.exit()).isEqualTo(0);
        assertThat(host.snapshot()).isEqualTo(before);
    }

    @Test
    void appliesAndRevertsRingsAndOffloadsThroughEthtool() {
        FakeHost.stock(root, 1, 1);
        FakeEthtool nic = new FakeEthtool("eth0", null, new Ethtool.Rings(4096, 4096, 256, 512));
        nic.refused.add("gso");
        nic.features.put("generic-segmentation-offload", new Ethtool.Feature(false, false));
        TuneEnv env = TuneRun.asRoot(nic);

        TuneRun apply = TuneRun.run(env, args("apply"));

        assertThat(apply.exit()).isEqualTo(1);
        assertThat(apply.out())
                .contains("changed eth0 ring rx: 256 -> 4096")
                .contains("changed eth0 feature gro: off -> on")
                .contains("refused eth0 feature gso (ethtool -K eth0): Operation not supported; skipped");
        assertThat(nic.rings).isEqualTo(new Ethtool.Rings(4096, 4096, 4096, 4096));

        TuneRun revert = TuneRun.run(env, args("revert"));

        assertThat(revert.exit()).as(revert.out()).isEqualTo(0);
        assertThat(nic.rings).isEqualTo(new Ethtool.Rings(4096, 4096, 256, 512));
        assertThat(nic.features.get("generic-receive-offload").on()).isFalse();
    }

    @Test
    void applyExitsTwoAndChangesNothingWhenStateCannotBeWritten() {
        FakeHost host = FakeHost.stock(root, 1, 1);
        host.file("/blocker", "a file where the state directory should be\n");
        Map<String, String> before = host.snapshot();

        TuneRun apply = TuneRun.run(
                TuneRun.asRoot(Ethtool.NONE),
                "apply",
                "--root",
                root.toString(),
                "--state",
                root.resolve("blocker/state").toString());

        assertThat(apply.exit()).isEqualTo(2);
        assertThat(apply.err()).contains("cannot write state file");
        assertThat(host.snapshot()).isEqualTo(before);
    }
}
