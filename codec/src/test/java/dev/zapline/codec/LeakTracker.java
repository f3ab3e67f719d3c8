package dev.zapline.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Counts the leaks Netty's detector finds, so tests can assert none instead of hoping someone reads the log.
 * Installed for the whole test JVM by the JUnit launcher (META-INF/services), before any buffer exists; the level
 * comes from {@code -Dio.netty.leakDetection.level} (PARANOID in the build's test configuration). Shared through
 * codec's test jar, the lowest module with Netty buffers, with the tests of server, client and load.
 */
public final class LeakTracker implements LauncherSessionListener {

    private static final AtomicInteger LEAKS = new AtomicInteger();
    private static volatile String last = "";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new Factory());
    }

    /** Collects garbage and nudges the detector, then returns how many leaks it has reported so far. */
    public static int leaks() {
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (int k = 0; k < 100; k++) {
                ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                b.release();
            }
        }
        return LEAKS.get();
    }

    /** The last leak record, for the assertion message. */
    public static String lastLeak() {
        return last;
    }

    private static final class Factory extends ResourceLeakDetectorFactory {
        @Override
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(
                Class<T> resource, int samplingInterval, long maxActive) {
            return new ResourceLeakDetector<>(resource, samplingInterval) {
                @Override
                protected void reportTracedLeak(String resourceType, String records) {
                    LEAKS.incrementAndGet();
                    last = resourceType + records;
                    super.reportTracedLeak(resourceType, records);
                }

                @Override
                protected void reportUntracedLeak(String resourceType) {
                    LEAKS.incrementAndGet();
                    last = resourceType;
                    super.reportUntracedLeak(resourceType);
                }
            };
        }
    }
}
