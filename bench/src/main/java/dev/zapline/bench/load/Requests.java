package dev.zapline.bench.load;

import dev.zapline.codec.zaphttp.HeaderBlockWriter;
import dev.zapline.codec.zaphttp.ZapHttpWriter;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.fixtures.eth.json.EthJson;
import dev.zapline.wire.ZapBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the pre-encoded requests of the transport benchmark into a folder, one file per arm: {@code /health} and
 * {@code POST /rpc} (typed ZAP body, and the JSON body) over HTTP/1.1 and over ZAP frames.
 *
 * <pre>{@code java -cp benchmarks.jar dev.zapline.bench.load.Requests DIR}</pre>
 */
public final class Requests {

    private Requests() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        byte[] eth = eth();
        byte[] json = EthJson.sampleRequest();
        Files.write(dir.resolve("http-health.bin"), http("GET", "/health", null, new byte[0]));
        Files.write(dir.resolve("http-rpc-zap.bin"), http("POST", "/rpc", "application/zap", eth));
        Files.write(dir.resolve("http-rpc-json.bin"), http("POST", "/rpc", "application/json", json));
        Files.write(dir.resolve("zap-health.bin"), zap("GET", "/health", null, new byte[0]));
        Files.write(dir.resolve("zap-rpc-zap.bin"), zap("POST", "/rpc", "application/zap", eth));
        Files.write(dir.resolve("zap-rpc-json.bin"), zap("POST", "/rpc", "application/json", json));
    }

    /** The sample eth request, 82 bytes. */
    public static byte[] eth() {
        ZapBuilder b = new ZapBuilder();
        EthCallReq.encode(b, EthSample.ID, EthSample.BLOCK, EthSample.METHOD, EthSample.account());
        return b.toByteArray();
    }

    /** An HTTP/1.1 request with a Content-Type and Content-Length when {@code type} is given. */
    public static byte[] http(String method, String target, String type, byte[] body) {
        StringBuilder head =
                new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        if (type != null) {
            head.append("Content-Type: ")
                    .append(type)
                    .append("\r\nContent-Length: ")
                    .append(body.length)
                    .append("\r\n");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** A zaphttp request frame with its length prefix. */
    public static byte[] zap(String method, String target, String type, byte[] body) {
        HeaderBlockWriter h = new HeaderBlockWriter();
        if (type != null) {
            h.add("content-type", type);
        }
        ZapBuilder b = new ZapBuilder();
        int n = ZapHttpWriter.request(b, method, target, "", h, body, 0, body.length, null);
        return ByteBuffer.allocate(4 + n)
                .putInt(n)
                .put(b.buffer(), b.offset(), n)
                .array();
    }
}
