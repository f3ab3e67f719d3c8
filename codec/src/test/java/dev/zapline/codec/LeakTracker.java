package dev.zapline.codec;

import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Counts the leaks Netty's detector finds, so tests can assert none instead of hoping someone reads the log.
 * Installed for the whole test JVM by the JUnit launcher (META-INF/services), before any buffer exists; the level
 * comes from {@code -Dio.netty.leakDetection.level} (PARANOID in the build's test configuration). Shared through
 * codec's test jar, the lowest module with Netty buffers: {@link LeakCheck} asserts after every class of codec and
 * load, and tests of server and client assert where they stop their servers and channels.
 */
public final class LeakTracker implements LauncherSessionListener {

    private static final AtomicInteger LEAKS = new AtomicInteger();
    private static volatile String last = "";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new Factory());
    }

    /**
     * Collects garbage, waits until the references it cleared are queued, and allocates buffers until the detector
     * has drained its queue (at PARANOID one does; at a sampling level, as .ci/fuzz runs, one in 128 does); returns
     * how many leaks the detector has reported so far. One collection finds every buffer unreachable at the time; one
     * still held (say by a channel closing on another thread) is found by a later call.
     */
    public static int leaks() {
        collect();
        int nudges = ResourceLeakDetector.getLevel() == ResourceLeakDetector.Level.PARANOID ? 1 : 2000;
        for (int i = 0; i < nudges; i++) {
            PooledByteBufAllocator.DEFAULT.directBuffer(16).release();
        }
        return LEAKS.get();
    }

    /** A full collection, then a wait (at most a second) until the reference handler has queued a sentinel. */
    private static void collect() {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        PhantomReference<Object> sentinel = new PhantomReference<>(new Object(), queue);
        System.gc();
        try {
            queue.remove(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Reference.reachabilityFence(sentinel);
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
