package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link Outbound} stages a pipelined batch of requests larger than its staging array without allocating once warm:
 * the array stays at its largest size and a full one moves to the direct buffer, rather than being dropped and
 * grown again each flush.
 */
@Tag("allocation")
class OutboundAllocationTest {

    @Test
    void aBatchLargerThanTheStagingArrayAllocatesNothingOnceWarm() {
        ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
        Outbound out = new Outbound();
        byte[] request = new byte[300]; // 16 of them: 4,800 bytes, over the 4 KiB array
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        long total = 0;
        int wrong = 0;
        try {
            for (int round = 0; round < 2; round++) {
                long before = mx.getThreadAllocatedBytes(thread);
                for (int batch = 0; batch < 20_000; batch++) {
                    for (int i = 0; i < 16; i++) {
                        out.append(alloc, request, 0, request.length);
                    }
                    ByteBuf b = out.room(alloc, 0); // what is staged moves in; the socket takes it all
                    if (b.readableBytes() != 16 * request.length) {
                        wrong++;
                    }
                    b.skipBytes(b.readableBytes());
                }
                total = mx.getThreadAllocatedBytes(thread) - before; // the second round: warm
            }
        } finally {
            out.release();
        }
        assertThat(wrong).as("batches that did not hold their 16 requests").isZero();
        System.out.printf("Outbound allocated %d bytes over 20,000 batches of 16 x 300 bytes%n", total);
        assertThat(total).as("bytes allocated over 20,000 warm batches").isLessThan(20_000L);
    }
}
