package dev.zapline.server.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RawNettyServerTest {

    private static final String REQUEST = "GET /health HTTP/1.1\r\nHost: t\r\n\r\n";

    @Test
    void servesSplitAndPipelinedRequestsOverARealSocket() throws Exception {
        try (RawNettyServer server = RawNettyServer.start("127.0.0.1", 0, 1); Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 2000);
            s.setTcpNoDelay(true);
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            byte[] req = REQUEST.getBytes(StandardCharsets.US_ASCII);
            out.write(req, 0, 10);
            out.flush();
            Thread.sleep(50);
            out.write(req, 10, req.length - 10);
            out.write((REQUEST + REQUEST).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String got = read(in, 3);
            assertThat(got.split("HTTP/1.1 200 OK\r\n", -1)).hasSize(4);
            assertThat(got).endsWith("content-type: text/plain\r\ncontent-length: 2\r\n\r\nok");
        }
    }

    /** Reads until {@code n} complete responses (each ends with the body "ok") have arrived. */
    private static String read(InputStream in, int n) throws Exception {
        StringBuilder sb = new StringBuilder();
        byte[] buf = new byte[4096];
        while (sb.toString().split("\r\n\r\nok", -1).length <= n) {
            int r = in.read(buf);
            if (r < 0) {
                break;
            }
            sb.append(new String(buf, 0, r, StandardCharsets.ISO_8859_1));
        }
        return sb.toString();
    }
}
