package dev.zapline.cli.inspect;

import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapLayout;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Sample messages bundled with {@code inspect} and the named layouts it knows. The zaphttp samples are the shared
 * conformance vectors' contents; the eth samples are the benchmark record with its sample values.
 */
public final class Samples {

    /** Layouts that {@code --layout} accepts by name. */
    public static final Map<String, ZapLayout> LAYOUTS = Map.of(
            "eth-request", EthCallReq.LAYOUT,
            "eth-response", EthCallResp.LAYOUT);

    public static final String NAMES = "http-request, http-response, eth-request, eth-response, stream";

    private Samples() {}

    /** The sample's bytes; "stream" is the HTTP request and response as length-prefixed frames. */
    public static byte[] bytes(String name) {
        ZapBuilder b = new ZapBuilder();
        switch (name) {
            case "http-request" -> {
                byte[] body = "{\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\"}".getBytes(StandardCharsets.UTF_8);
                ZapHttpWriter.request(
                        b, "POST", "/v1/blocks?height=42", "HTTP/1.1", headers(), body, 0, body.length, null);
            }
            case "http-response" -> {
                byte[] body = "{\"result\":\"0x2a\"}".getBytes(StandardCharsets.UTF_8);
                ZapHttpWriter.response(b, false, 200, "OK", "HTTP/1.1", headers(), body, 0, body.length, null);
            }
            case "eth-request" ->
                EthCallReq.encode(b, EthSample.ID, EthSample.BLOCK, EthSample.METHOD, EthSample.account());
            case "eth-response" -> {
                byte[] account = EthSample.account();
                long balance = EthSample.balance(
                        EthSample.BLOCK, EthSample.METHOD.length(), account.length, account[0] & 0xFF);
                EthCallResp.encode(b, EthSample.ID, balance, EthSample.NONCE, EthSample.blockHash());
            }
            case "stream" -> {
                return stream(bytes("http-request"), bytes("http-response"));
            }
            default -> throw new IllegalArgumentException("unknown sample '" + name + "'; samples: " + NAMES);
        }
        return b.toByteArray();
    }

    /** The default layout for a sample, or null. */
    public static ZapLayout layoutFor(String name) {
        return LAYOUTS.get(name);
    }

    private static HeaderBlockWriter headers() {
        return new HeaderBlockWriter().add("Content-Type", "application/json").add("X-Trace-Id", "abc-123");
    }

    private static byte[] stream(byte[]... messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] m : messages) {
            out.write(m.length >>> 24);
            out.write(m.length >>> 16);
            out.write(m.length >>> 8);
            out.write(m.length);
            out.writeBytes(m);
        }
        return out.toByteArray();
    }
}
