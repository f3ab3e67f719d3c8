package dev.zapline.server.internal;

import dev.zapline.server.ServerConfig;
import dev.zapline.server.internal.http1.HttpHeadWriter;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.function.LongSupplier;

/**
 * What every connection of one running app shares: dispatcher, limits, JSON codec, the clock, the per-loop response
 * head writer with its Date cache, and the per-loop metric cells when metrics are on.
 */
public final class ServerContext {

    /** User event that asks a connection to drain: finish what it is doing, then close. */
    public static final Object DRAIN = new Object() {
        @Override
        public String toString() {
            return "DRAIN";
        }
    };

    private final Dispatcher dispatcher;
    private final ServerConfig config;
    private final LongSupplier millis;
    private final boolean systemClock;
    private final FastThreadLocal<HttpHeadWriter> heads = new FastThreadLocal<>() {
        @Override
        protected HttpHeadWriter initialValue() {
            return new HttpHeadWriter();
        }
    };

    private final FastThreadLocal<CtxPool> pools = new FastThreadLocal<>() {
        @Override
        protected CtxPool initialValue() {
            return new CtxPool(ServerContext.this);
        }
    };

    /** The app's metrics, or null when it counts nothing. */
    private final ServerMetrics metrics;

    public ServerContext(Dispatcher dispatcher, ServerConfig config) {
        this(dispatcher, config, null);
    }

    public ServerContext(Dispatcher dispatcher, ServerConfig config, ServerMetrics metrics) {
        this.dispatcher = dispatcher;
        this.config = config;
        this.metrics = metrics;
        this.millis = config.clock();
        this.systemClock = millis == ServerConfig.SYSTEM_CLOCK;
    }

    public Dispatcher dispatcher() {
        return dispatcher;
    }

    public ServerConfig config() {
        return config;
    }

    /**
     * The {@code date:} header line for now: from {@link SystemDateLine} on the system clock (no clock read), else
     * from the configured clock, formatted at most once a second per event loop.
     */
    public byte[] dateLine() {
        return systemClock ? SystemDateLine.get() : heads.get().dateLine(millis.getAsLong());
    }

    /** This event loop's free request contexts. */
    public CtxPool ctxPool() {
        return pools.get();
    }

    /** This event loop's metric cells, or null when the app counts nothing. */
    public LoopMetrics loopMetrics() {
        return metrics == null ? null : metrics.cells();
    }

    /** This event loop's response head writer (with its date cache). */
    public HttpHeadWriter headWriter() {
        return heads.get();
    }
}
