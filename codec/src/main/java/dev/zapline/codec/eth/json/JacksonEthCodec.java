package dev.zapline.codec.eth.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import java.io.IOException;

/**
 * Jackson databind with the Blackbird module (generated accessors instead of reflection): POJO binding through a
 * prebuilt {@link ObjectReader} and {@link ObjectWriter}, the fast path Jackson documents. A fresh request object
 * per decode, as {@code readValue} does. One instance per thread (it reuses an output sink).
 */
public final class JacksonEthCodec implements EthJsonCodec {

    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final ArraySink sink = new ArraySink();

    public JacksonEthCodec() {
        ObjectMapper mapper = JsonMapper.builder().addModule(new BlackbirdModule()).build();
        this.reader = mapper.readerFor(EthJsonRequest.class);
        this.writer = mapper.writerFor(EthJsonResponse.class);
    }

    @Override
    public String name() {
        return "jackson";
    }

    @Override
    public EthJsonRequest decodeRequest(byte[] in, int len) {
        try {
            return reader.readValue(in, 0, len);
        } catch (IOException e) {
            throw new IllegalArgumentException("bad eth request: " + e.getMessage(), e);
        }
    }

    @Override
    public int encodeResponse(EthJsonResponse resp, byte[] out) {
        try {
            writer.writeValue(sink.reset(out), resp);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode eth response: " + e.getMessage(), e);
        }
        return sink.count();
    }
}
