package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.zapline.client.IoTransport;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import io.netty.channel.uring.IoUring;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link EngineAllocationTest}'s measure with the loop on io_uring. Our side allocates nothing per request there
 * either, but Netty 4.2.18's io_uring transport does: an {@code IoUringIoOps} per send and per receive it submits,
 * and a completion callback (a method reference) per wake-up of the loop; measured at some 170 to 180 bytes per
 * request at a fixed rate and some 20 pipelined, where one receive and one send carry many requests. The bounds
 * hold those with room for a loaded machine's extra wake-ups, and are what a per-request object of Netty's or ours
 * would break at max throughput. Runs in the build's allocation pass.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class IoUringAllocationTest {

    private static final long UNTIL_STOPPED = 60_000_000_000L;

    @BeforeEach
    void ioUringRunsHere() {
        assumeThat(IoUring.isAvailable())
                .as("io_uring: %s", IoUring.unavailabilityCause())
                .isTrue();
    }

    @Test
    void openModelZapLoopOnIoUringAllocatesOnlyNettysPerOperationObjects() throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.POISSON, 3, 4, 1);
        assertThat(EngineAllocationTest.perRequest(
                        plan, "open 4000/s poisson", t -> t.zap("/health"), IoTransport.IO_URING))
                .isLessThan(256.0);
    }

    @Test
    void openModelHttpLoopOnIoUringAllocatesOnlyNettysPerOperationObjects() throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.UNIFORM, 0, 4, 1);
        assertThat(EngineAllocationTest.perRequest(
                        plan, "http open 4000/s", t -> t.http("/health"), IoTransport.IO_URING))
                .isLessThan(256.0);
    }

    @Test
    void httpMaxThroughputLoopOnIoUringAllocatesOnlyNettysPerOperationObjects() throws Exception {
        LoadPlan plan = LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1);
        assertThat(EngineAllocationTest.perRequest(
                        plan, "http max throughput 2 x 8", t -> t.http("/health"), IoTransport.IO_URING))
                .isLessThan(48.0);
    }
}
