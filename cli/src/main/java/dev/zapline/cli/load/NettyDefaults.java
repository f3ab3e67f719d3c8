package dev.zapline.cli.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The Netty settings {@code zapline load} starts with when it is the process (run from the command line, through the
 * launcher or {@code java -jar}): a loader that allocates nothing per request needs little memory, and Netty's
 * defaults are sized for a server with many threads. Each is a system property that Netty reads once, in a static
 * initialiser, so they are set before any Netty class is used, and only where the property is not set already: a
 * {@code -D} of the user's wins.
 *
 * <ul>
 *   <li>{@code io.netty.allocator.type=pooled}: {@code ByteBufAllocator.DEFAULT} is then the pooled allocator the
 *       connections are given explicitly, so no second allocator (Netty 4.2's adaptive one) sets up its own chunks.
 *   <li>{@code io.netty.allocator.numDirectArenas} and {@code numHeapArenas}: one arena per event loop (Netty's
 *       default is two per core). An arena that a thread uses holds at least one chunk.
 *   <li>{@code io.netty.allocator.maxOrder=7}: chunks of 1 MiB (8 KiB pages; Netty's default is 9, 4 MiB). A direct
 *       chunk is zeroed when it is allocated, so all of it is resident from the start. The loader's reads and
 *       writes are at most 64 KiB; a buffer larger than a chunk is still served, unpooled.
 *   <li>{@code io.netty.leakDetection.level=disabled}: the default level samples one buffer in 128 and allocates a
 *       tracker for each sample, which was most of what the loader allocated at a steady rate. The loader's code is
 *       tested with leak detection at its strictest level.
 *   <li>{@code io.netty.jfr.enabled=false}: Netty's buffer events for Java Flight Recorder. Checking whether they
 *       are enabled sets up the recorder's event metadata (some 170 event types: classes and heap) even when
 *       nothing records; {@code -Dio.netty.jfr.enabled=true} brings them back.
 * </ul>
 */
public final class NettyDefaults {

    private static final String LEAK_LEVEL = "io.netty.leakDetection.level";
    /** The older spelling, which Netty still reads when the current one is absent. */
    private static final String LEGACY_LEAK_LEVEL = "io.netty.leakDetectionLevel";

    private NettyDefaults() {}

    /** The properties for a loader with {@code eventLoops} event loops, in a fixed order. */
    public static Map<String, String> forLoops(int eventLoops) {
        if (eventLoops < 1) {
            throw new IllegalArgumentException("event loops " + eventLoops + " < 1");
        }
        Map<String, String> p = new LinkedHashMap<>();
        p.put("io.netty.allocator.type", "pooled");
        p.put("io.netty.allocator.numDirectArenas", Integer.toString(eventLoops));
        p.put("io.netty.allocator.numHeapArenas", Integer.toString(eventLoops));
        p.put("io.netty.allocator.maxOrder", "7");
        p.put(LEAK_LEVEL, "disabled");
        p.put("io.netty.jfr.enabled", "false");
        return p;
    }

    /**
     * Sets each of {@link #forLoops} that {@code target} does not have yet; returns the ones it set. Has effect only
     * before Netty's allocator and platform classes initialise.
     */
    public static Map<String, String> applyTo(Properties target, int eventLoops) {
        Map<String, String> set = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : forLoops(eventLoops).entrySet()) {
            boolean given = target.getProperty(e.getKey()) != null
                    || e.getKey().equals(LEAK_LEVEL) && target.getProperty(LEGACY_LEAK_LEVEL) != null;
            if (!given) {
                target.setProperty(e.getKey(), e.getValue());
                set.put(e.getKey(), e.getValue());
            }
        }
        return set;
    }
}
