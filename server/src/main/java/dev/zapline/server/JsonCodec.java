package dev.zapline.server;

import io.netty.buffer.ByteBuf;

/**
 * Reads and writes JSON bodies for {@link Ctx#bodyAs} and {@link Ctx#json}. Jackson is the default
 * ({@link JacksonJsonCodec}); the benchmarks plug in dsl-json and fastjson2 adapters.
 *
 * <p>Implementations must be thread-safe: one instance serves every event loop.
 */
public interface JsonCodec {

    /** Writes {@code value} as JSON into {@code out}. */
    void write(Object value, ByteBuf out) throws Exception;

    /** Reads the readable bytes of {@code in} (without consuming them) as a {@code type}. */
    <T> T read(ByteBuf in, Class<T> type) throws Exception;
}
