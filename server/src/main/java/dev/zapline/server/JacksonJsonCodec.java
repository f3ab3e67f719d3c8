package dev.zapline.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;

/** The default {@link JsonCodec}: Jackson databind with the Blackbird module, streaming to and from the buffer. */
public final class JacksonJsonCodec implements JsonCodec {

    private final ObjectMapper mapper;

    public JacksonJsonCodec() {
        this(new ObjectMapper().registerModule(new BlackbirdModule()));
    }

    public JacksonJsonCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void write(Object value, ByteBuf out) throws Exception {
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            mapper.writeValue((java.io.OutputStream) stream, value);
        }
    }

    @Override
    public <T> T read(ByteBuf in, Class<T> type) throws Exception {
        try (ByteBufInputStream stream = new ByteBufInputStream(in.duplicate())) {
            return mapper.readValue((java.io.InputStream) stream, type);
        }
    }
}
