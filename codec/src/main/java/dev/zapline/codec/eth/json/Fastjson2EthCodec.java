package dev.zapline.codec.eth.json;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import java.nio.charset.StandardCharsets;

/**
 * fastjson2 as its documentation uses it: {@code JSON.parseObject(bytes, …, Class)} and {@code JSON.toJSONBytes}
 * (it generates accessors at run time and caches its buffers per thread). A fresh request object per decode; the
 * encoded bytes are copied into the caller's array.
 */
public final class Fastjson2EthCodec implements EthJsonCodec {

    @Override
    public String name() {
        return "fastjson2";
    }

    @Override
    public EthJsonRequest decodeRequest(byte[] in, int len) {
        try {
            return JSON.parseObject(in, 0, len, StandardCharsets.UTF_8, EthJsonRequest.class);
        } catch (JSONException e) {
            throw new IllegalArgumentException("bad eth request: " + e.getMessage(), e);
        }
    }

    @Override
    public int encodeResponse(EthJsonResponse resp, byte[] out) {
        byte[] bytes = JSON.toJSONBytes(resp);
        if (bytes.length > out.length) {
            throw new IllegalStateException("output of " + out.length + " bytes cannot take " + bytes.length);
        }
        System.arraycopy(bytes, 0, out, 0, bytes.length);
        return bytes.length;
    }
}
