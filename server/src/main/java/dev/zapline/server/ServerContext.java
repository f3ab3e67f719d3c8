package dev.zapline.server;

import dev.zapline.codec.http1.Http1Limits;
import dev.zapline.codec.http1.HttpDate;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.function.LongSupplier;

/** What every connection of one running app shares: dispatcher, limits, JSON codec, the clock and Date cache. */
final class ServerContext {

    /** User event that asks a connection to drain: finish what it is doing, then close. */
    static final Object DRAIN = new Object() {
        @Override
        public String toString() {
            return "DRAIN";
        }
    };

    private final Dispatcher dispatcher;
    private final ServerConfig config;
    private final LongSupplier millis;
    private final FastThreadLocal<HttpDate> dates = new FastThreadLocal<>() {
        @Override
        protected HttpDate initialValue() {
            return new HttpDate();
        }
    };

    ServerContext(Dispatcher dispatcher, ServerConfig config) {
        this.dispatcher = dispatcher;
        this.config = config;
        this.millis = config.clock();
    }

    Dispatcher dispatcher() {
        return dispatcher;
    }

    Http1Limits limits() {
        return config.limits();
    }

    JsonCodec json() {
        return config.json();
    }

    ServerConfig config() {
        return config;
    }

    /** Wall-clock milliseconds from the configured clock. */
    long millis() {
        return millis.getAsLong();
    }

    /** The {@code date:} header line for now, formatted at most once a second per event loop. */
    byte[] dateLine() {
        return dates.get().line(millis.getAsLong());
    }
}
