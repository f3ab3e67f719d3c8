package dev.zapline.server;

import com.dslplatform.json.DslJson;
import com.dslplatform.json.runtime.Settings;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;

/**
 * A {@link JsonCodec} on dsl-json (runtime reflection, plus any compiled converters on the class path). Needs
 * {@code com.dslplatform:dsl-json} on the class path; zapline-server declares it optional.
 */
public final class DslJsonCodec implements JsonCodec {

    private final DslJson<Object> dsl = new DslJson<>(Settings.withRuntime().includeServiceLoader());

    @Override
    public void write(Object value, ByteBuf out) throws Exception {
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            dsl.serialize(value, stream);
        }
    }

    @Override
    public <T> T read(ByteBuf in, Class<T> type) throws Exception {
        try (ByteBufInputStream stream = new ByteBufInputStream(in.duplicate())) {
            return dsl.deserialize(type, stream);
        }
    }
}
