package dev.zapline.server;

import com.alibaba.fastjson2.JSON;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * A {@link JsonCodec} on fastjson2. Needs {@code com.alibaba.fastjson2:fastjson2} on the class path; zapline-server
 * declares it optional. fastjson2 works on arrays, so a body is copied out of the buffer once to be read.
 */
public final class Fastjson2JsonCodec implements JsonCodec {

    @Override
    public void write(Object value, ByteBuf out) {
        out.writeBytes(JSON.toJSONBytes(value));
    }

    @Override
    public <T> T read(ByteBuf in, Class<T> type) {
        return JSON.parseObject(ByteBufUtil.getBytes(in), type);
    }
}
