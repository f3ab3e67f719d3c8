package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes the client's event loop allocates per request on the low-level path in steady state: write a
 * pre-encoded /health frame, decode the response, write the next batch from the listener. Measured from the test
 * thread; runs in the build's allocation pass, leak detector off.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZapChannelAllocationTest {

    private static final int BATCH = 16;

    @Test
    void theLowLevelRequestPathAllocatesAlmostNothingPerRequestOnTheEventLoop() throws Exception {
        try (TestServer server = TestServer.start("a", "127.0.0.1:0");
                ZapLoops loops = ZapLoops.create(1, true)) {
            Driver driver = new Driver(ZapRequest.get("/health").encode());
            driver.channel = ZapChannel.connect(
                            loops,
                            loops.next(),
                            ZapAddress.tcp("127.0.0.1", server.port(0)),
                            ZapClientConfig.defaults(),
                            driver)
                    .get(5, TimeUnit.SECONDS);
            long thread = driver.channel
                    .eventLoop()
                    .submit(() -> Thread.currentThread().threadId())
                    .get(5, TimeUnit.SECONDS);
            driver.run(50_000);

            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            int n = 100_000;
            long before = mx.getThreadAllocatedBytes(thread);
            driver.run(n);
            double perRequest = (mx.getThreadAllocatedBytes(thread) - before) / (double) n;
            System.out.printf(
                    "client event loop (%s) allocated %.3f bytes per ZAP /health request over %d%n",
                    loops.name(), perRequest, n);
            assertThat(driver.ok).isEqualTo(150_000);
            assertThat(perRequest).isLessThan(1.0);
            driver.channel.close();
        }
    }

    /** Keeps {@link #BATCH} requests in flight from the event loop until a target count of responses. */
    private static final class Driver implements ZapListener, Runnable {

        private final ZapFrame frame;
        volatile ZapChannel channel;
        private volatile long target;
        private volatile CountDownLatch done;
        private long responses;
        private long sequence;
        volatile long ok;

        Driver(ZapFrame frame) {
            this.frame = frame;
        }

        void run(int n) throws InterruptedException {
            done = new CountDownLatch(1);
            target = responses + n;
            channel.eventLoop().execute(this);
            assertThat(done.await(60, TimeUnit.SECONDS))
                    .as("responses within a minute")
                    .isTrue();
        }

        @Override
        public void run() {
            writeBatch();
        }

        private void writeBatch() {
            for (int i = 0; i < BATCH; i++) {
                channel.write(frame, sequence++);
            }
            channel.flush();
        }

        @Override
        public void onResponse(long tag, ZapHttpResponse response) {
            responses++;
            if (response.status() == 200 && response.bodyLength() == 2 && tag == responses - 1) {
                ok++;
            }
            if (responses % BATCH == 0) {
                if (responses < target) {
                    writeBatch();
                } else {
                    done.countDown();
                }
            }
        }

        @Override
        public void onStreamHead(long tag, ZapHttpResponse head) {}

        @Override
        public void onStreamData(long tag, ZapHttpChunk chunk) {}

        @Override
        public void onStreamEnd(long tag, ZapHttpChunk end) {}

        @Override
        public void onFailure(long tag, ZapOutcome outcome) {}

        @Override
        public void onClosed(ZapOutcome reason, String detail) {}
    }
}
