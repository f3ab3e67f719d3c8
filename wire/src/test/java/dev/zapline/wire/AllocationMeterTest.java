package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AllocationMeterTest {

    private byte[] escaped;

    @Test
    void anOperationThatAllocatesEveryTimeIsMeasuredInEveryWindow() {
        AllocationMeter meter = new AllocationMeter(10_000, 1_000);
        long allocated = meter.allocatedBy("allocating", () -> {
            escaped = new byte[16];
            return escaped.length;
        });
        // at least 16 bytes of array data and a header per operation, whatever window was least
        assertThat(allocated).isGreaterThanOrEqualTo(16L * 1_000);
        assertThat(meter.sink()).isEqualTo(16L * (10_000 + AllocationMeter.WINDOWS * 1_000));
    }

    @Test
    void anOperationThatAllocatesNothingStopsAtTheFirstWindow() {
        AllocationMeter meter = new AllocationMeter(10_000, 1_000);
        assertThat(meter.allocatedBy("nothing", () -> 1)).isZero();
        assertThat(meter.sink()).isEqualTo(10_000 + 1_000);
    }
}
