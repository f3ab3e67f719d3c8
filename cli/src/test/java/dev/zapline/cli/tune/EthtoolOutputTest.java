package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EthtoolOutputTest {

    @Test
    void readsCombinedChannelsFromCurrentSection() {
        String text = """
                Channel parameters for ens5:
                Pre-set maximums:
                RX:\t\tn/a
                TX:\t\tn/a
                Other:\t\t1
                Combined:\t16
                Current hardware settings:
                RX:\t\tn/a
                TX:\t\tn/a
                Other:\t\t1
                Combined:\t8
                """;
        assertThat(EthtoolOutput.channels(text)).contains(new Ethtool.Channels(0, 0, 16, 0, 0, 8));
        assertThat(EthtoolOutput.channels(text).orElseThrow().rxQueues()).isEqualTo(8);
    }

    @Test
    void readsSeparateRxAndTxChannels() {
        String text = "Channel parameters for eth1:\nPre-set maximums:\nRX:\t4\nTX:\t4\nCombined:\tn/a\n"
                + "Current hardware settings:\nRX:\t1\nTX:\t2\nCombined:\tn/a\n";
        assertThat(EthtoolOutput.channels(text)).contains(new Ethtool.Channels(4, 4, 0, 1, 2, 0));
    }

    @Test
    void readsRingSizesAndIgnoresNonNumericRows() {
        String text = """
                Ring parameters for ens5:
                Pre-set maximums:
                RX:\t\t4096
                RX Mini:\tn/a
                RX Jumbo:\tn/a
                TX:\t\t1024
                Current hardware settings:
                RX:\t\t512
                RX Mini:\tn/a
                RX Jumbo:\tn/a
                TX:\t\t256
                RX Buf Len:\tn/a
                TX Push:\toff
                """;
        assertThat(EthtoolOutput.rings(text)).contains(new Ethtool.Rings(4096, 1024, 512, 256));
    }

    @Test
    void reportsNothingForUnrelatedText() {
        assertThat(EthtoolOutput.rings("netlink error: Operation not supported\n"))
                .isEmpty();
        assertThat(EthtoolOutput.channels("")).isEmpty();
    }

    @Test
    void readsFeaturesWithFixedMarker() {
        String text = """
                Features for ens5:
                rx-checksumming: on
                tcp-segmentation-offload: off
                \ttx-tcp-segmentation: off
                generic-segmentation-offload: on
                generic-receive-offload: on
                large-receive-offload: off [fixed]
                hw-tc-offload: off [fixed]
                """;
        var features = EthtoolOutput.features(text);
        assertThat(features.get("generic-receive-offload")).isEqualTo(new Ethtool.Feature(true, false));
        assertThat(features.get("tcp-segmentation-offload")).isEqualTo(new Ethtool.Feature(false, false));
        assertThat(features.get("large-receive-offload")).isEqualTo(new Ethtool.Feature(false, true));
        assertThat(features).containsKey("tx-tcp-segmentation").doesNotContainKey("Features for ens5");
    }
}
