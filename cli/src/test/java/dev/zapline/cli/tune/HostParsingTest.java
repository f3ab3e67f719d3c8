package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostParsingTest {

    @Test
    void findsInterfaceOfDefaultRoute() {
        String table = "Iface\tDestination\tGateway\tFlags\n"
                + "docker0\t000011AC\t00000000\t0001\n"
                + "enp3s0\t00000000\t0101A8C0\t0003\n"
                + "wlan0\t00000000\t0101A8C0\t0003\n";
        assertThat(HostLayout.defaultRoute(table)).contains("enp3s0");
        assertThat(HostLayout.defaultRoute("Iface\tDestination\nlo\t0000007F\n"))
                .isEmpty();
    }

    @Test
    void sumsInterruptsOfTheNicPerCpu() {
        String text = """
                           CPU0       CPU1       CPU2
                  24:          1          0          0  IO-APIC   5-edge      ACPI:Ged
                  37:          0          0          0  PCI-MSIX-0000:00:03.0   0-edge      virtio2-config
                  38:          0       5681          0  PCI-MSIX-0000:00:03.0   1-edge      virtio2-input.0
                  39:       4731          0          0  PCI-MSIX-0000:00:03.0   2-edge      virtio2-output.0
                  41:        999        999        999  PCI-MSIX-0000:00:04.0   1-edge      virtio20-input.0
                 NMI:          0          0          0   Non-maskable interrupts
                """;
        IrqSpread spread = IrqSpread.parse(text, List.of("eth0", "virtio2"));
        assertThat(spread.lines()).isEqualTo(3);
        assertThat(spread.perCpu()).containsExactly(4731L, 5681L, 0L);
        assertThat(spread.busyCpus()).isEqualTo(2);
        assertThat(spread.describe()).isEqualTo("3 IRQ lines, handled on 2 of 3 CPUs (CPU0 4731, CPU1 5681)");
    }

    @Test
    void matchesInterfaceNamedQueueInterrupts() {
        String text = "       CPU0  CPU1\n 50:  10  0  IR-PCI-MSI 1-edge  eth0-TxRx-0\n"
                + " 51:  0  20  IR-PCI-MSI 2-edge  eth0-TxRx-1\n 52:  5  5  IR-PCI-MSI 3-edge  eth01-TxRx-0\n";
        assertThat(IrqSpread.parse(text, List.of("eth0")).perCpu()).containsExactly(10L, 20L);
    }

    @Test
    void readsOpenFilesSoftLimit() {
        String limits = "Limit                     Soft Limit           Hard Limit           Units\n"
                + "Max open files            1024                 524288               files\n";
        assertThat(OpenFiles.softLimit(limits)).contains(1024L);
        assertThat(OpenFiles.advice(Optional.of(1024L), 1_048_576)).contains("ulimit -n 1048576");
        assertThat(OpenFiles.advice(Optional.of(2_000_000L), 1_048_576)).contains("enough");
    }
}
