package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InventoryTest {

    @ParameterizedTest(name = "{0} entries over {1} queues -> {2} each")
    @CsvSource({"32768,1,32768", "32768,2,16384", "32768,3,16384", "32768,8,4096", "32768,0,32768", "32768,5,8192"})
    void sharesFlowTableOverQueuesAsPowerOfTwo(long entries, int queues, long perQueue) {
        assertThat(Inventory.flowCountPerQueue(entries, queues)).isEqualTo(perQueue);
    }

    @ParameterizedTest(name = "cpus {0}, queue {1} of {2} -> {3}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0-3|0|1|f",
                "0-3|0|2|5",
                "0-3|1|2|a",
                "0-3|3|4|8",
                "0-1|3|4|2",
                "0-3,6|1|2|a",
                "0-3,6|0|2|45",
            })
    void dealsCpusOutOverTransmitQueues(String cpus, int queue, int queues, String mask) {
        assertThat(Inventory.xpsMask(CpuSet.parseList(cpus), queue, queues).toMask())
                .isEqualTo(mask);
    }

    @Test
    void loaderAddsWidePortRangeAndTimeWaitReuse(@TempDir Path dir) {
        HostLayout host = new HostLayout(dir, HostFiles.DIRECT);
        List<String> server = names(Inventory.settings(host, "eth0", Profile.SERVER, CpuSet.of(0), Ethtool.NONE));
        List<Setting> loader = Inventory.settings(host, "eth0", Profile.LOADER, CpuSet.of(0), Ethtool.NONE);
        assertThat(server).doesNotContain("net.ipv4.tcp_tw_reuse");
        assertThat(loader)
                .filteredOn(s -> s.name().equals("net.ipv4.ip_local_port_range"))
                .extracting(Setting::desired)
                .containsExactly("1024 65535");
        assertThat(names(loader)).contains("net.ipv4.tcp_tw_reuse");
    }

    @Test
    void listsRingsAndChangeableOffloadsOnly(@TempDir Path dir) {
        FakeEthtool nic = new FakeEthtool("eth0", null, new Ethtool.Rings(4096, 2048, 256, 256));
        List<Setting> settings =
                Inventory.settings(new HostLayout(dir, HostFiles.DIRECT), "eth0", Profile.SERVER, CpuSet.of(0), nic);
        assertThat(settings)
                .filteredOn(s -> s instanceof Setting.Ethtool)
                .extracting(Setting::name, Setting::desired)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("eth0 ring rx", "4096"),
                        org.assertj.core.groups.Tuple.tuple("eth0 ring tx", "2048"),
                        org.assertj.core.groups.Tuple.tuple("eth0 feature gro", "on"),
                        org.assertj.core.groups.Tuple.tuple("eth0 feature gso", "on"));
    }

    private static List<String> names(List<Setting> settings) {
        return settings.stream().map(Setting::name).toList();
    }
}
