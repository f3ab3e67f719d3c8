package dev.zapline.bench.server;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A JMH executor ({@code -Djmh.executor=CUSTOM -Djmh.executor.class=...}) whose threads are Netty
 * {@code FastThreadLocalThread}s, like event loop threads: {@code FastThreadLocal} lookups (zapline's Date cache)
 * and the pooled allocator's thread cache then take the same paths as on a real event loop.
 */
public final class EventLoopLikeExecutor extends ThreadPoolExecutor {

    /** The constructor JMH calls reflectively. */
    public EventLoopLikeExecutor(int maxThreads, String prefix) {
        super(
                maxThreads,
                maxThreads,
                1,
                TimeUnit.MINUTES,
                new LinkedBlockingQueue<>(),
                new DefaultThreadFactory(prefix, true));
    }
}
