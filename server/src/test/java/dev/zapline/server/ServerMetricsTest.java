package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The metrics an app serves agree with the requests actually made over real sockets, HTTP/1.1 and ZAP: request
 * counts per route pattern, method, status class and transport, the latency histograms' counts, connections open
 * and accepted, bytes each way to the byte, and errors by kind.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerMetricsTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void countsAgreeWithTheRequestsMadeOverHttpAndZap() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(2).withMaxFrame(1024))
                .get("/health", ctx -> ctx.send("ok"))
                .get("/users/:id", ctx -> ctx.send("user " + ctx.pathParam("id")))
                .post("/fail", ctx -> {
                    throw new IllegalStateException("handler failed on purpose");
                })
                .metrics("127.0.0.1:0")
                .listen("http://127.0.0.1:0", "127.0.0.1:0")
                .start();
        try {
            int http = app.addresses().get(0).port();
            int zap = app.addresses().get(1).port();
            long httpOut = 0;
            long httpIn = 0;
            long zapOut = 0;
            long zapIn = 0;
            try (Socket h = socket(http);
                    TestZapSocket z = new TestZapSocket(zap)) {
                for (int i = 0; i < 37; i++) {
                    byte[] req =
                            ("GET /users/" + i + " HTTP/1.1\r\nHost: t\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
                    httpOut += req.length;
                    httpIn += exchange(h, req).length;
                }
                for (int i = 0; i < 5; i++) {
                    byte[] req = "GET /nope HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                    httpOut += req.length;
                    httpIn += exchange(h, req).length;
                }
                for (int i = 0; i < 3; i++) {
                    byte[] req = "POST /fail HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi"
                            .getBytes(StandardCharsets.US_ASCII);
                    httpOut += req.length;
                    httpIn += exchange(h, req).length;
                }
                for (int i = 0; i < 29; i++) {
                    byte[] f = ZapFrames.request("GET", "/users/" + i, "");
                    zapOut += f.length;
                    zapIn += z.send(f).rawFrames(1).length;
                }
                for (int i = 0; i < 2; i++) {
                    byte[] f = ZapFrames.request("DELETE", "/health", "");
                    zapOut += f.length;
                    zapIn += z.send(f).rawFrames(1).length;
                }
                String text = scrape(app);
                assertThat(text).isEqualTo(text.strip() + "\n");
                assertThat(value(text, requests("/users/:id", "GET", "2xx", "http"), -1))
                        .isEqualTo(37);
                assertThat(value(text, requests("<unmatched>", "GET", "4xx", "http"), -1))
                        .isEqualTo(5);
                assertThat(value(text, requests("/fail", "POST", "5xx", "http"), -1))
                        .isEqualTo(3);
                assertThat(value(text, requests("/users/:id", "GET", "2xx", "zap"), -1))
                        .isEqualTo(29);
                assertThat(value(text, requests("<unmatched>", "DELETE", "4xx", "zap"), -1))
                        .isEqualTo(2);
                assertThat(lines(text, "zapline_server_requests_total{")).hasSize(5);

                String users = "{route=\"/users/:id\",transport=\"http\"";
                assertThat(value(text, "zapline_server_request_duration_seconds_count" + users + "}", -1))
                        .isEqualTo(37);
                assertThat(value(text, "zapline_server_request_duration_seconds_bucket" + users + ",le=\"+Inf\"}", -1))
                        .isEqualTo(37);
                assertCumulative(lines(text, "zapline_server_request_duration_seconds_bucket" + users));

                assertThat(value(text, "zapline_server_connections_open{transport=\"http\"}", -1))
                        .isEqualTo(1);
                assertThat(value(text, "zapline_server_connections_open{transport=\"zap\"}", -1))
                        .isEqualTo(1);
                assertThat(value(text, "zapline_server_connections_total{transport=\"http\"}", -1))
                        .isEqualTo(1);
                assertThat(value(text, "zapline_server_received_bytes_total{transport=\"http\"}", -1))
                        .isEqualTo(httpOut);
                assertThat(value(text, "zapline_server_sent_bytes_total{transport=\"http\"}", -1))
                        .isEqualTo(httpIn);
                assertThat(value(text, "zapline_server_received_bytes_total{transport=\"zap\"}", -1))
                        .isEqualTo(zapOut);
                assertThat(value(text, "zapline_server_sent_bytes_total{transport=\"zap\"}", -1))
                        .isEqualTo(zapIn);
                assertThat(lines(text, "zapline_server_connections_open{")).hasSize(2);
            }
            Eventually.equal(
                    () -> value(app.metricsText(), "zapline_server_connections_open{transport=\"http\"}", -1), 0);
            Eventually.equal(
                    () -> value(app.metricsText(), "zapline_server_connections_open{transport=\"zap\"}", -1), 0);
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void countsRefusedRequestsByKind() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1).withMaxFrame(1024))
                .get("/health", ctx -> ctx.send("ok"))
                .metrics("127.0.0.1:0")
                .listen("http://127.0.0.1:0", "127.0.0.1:0")
                .start();
        try {
            int http = app.addresses().get(0).port();
            int zap = app.addresses().get(1).port();
            try (Socket h = socket(http)) {
                byte[] reply =
                        exchange(h, "GET / HTTP/1.1\r\nno colon here\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertThat(new String(reply, StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 400");
            }
            try (TestZapSocket z = new TestZapSocket(zap)) {
                // a prefix announcing 5000 bytes, over the 1024-byte limit: refused on the prefix alone
                z.send(new byte[] {0, 0, 0x13, (byte) 0x88}).rawFrames(1);
            }
            Eventually.equal(
                    () -> value(app.metricsText(), "zapline_server_errors_total{kind=\"bad_request\"}", -1), 1);
            Eventually.equal(
                    () -> value(app.metricsText(), "zapline_server_errors_total{kind=\"frame_too_large\"}", -1), 1);
            String text = app.metricsText();
            assertThat(value(text, "zapline_server_errors_total{kind=\"body_too_large\"}", -1))
                    .isZero();
            assertThat(lines(text, "zapline_server_requests_total{")).isEmpty();
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void countsTlsListenersUnderTheirOwnTransportAndTheirHandshakes() throws Exception {
        dev.zapline.transport.ServerTls tls = TlsTestApp.selfSigned();
        App app = App.create(ServerConfig.defaults().withEventLoops(1))
                .get("/health", ctx -> ctx.send("ok"))
                .tls(tls)
                .metrics("127.0.0.1:0")
                .listen("https://127.0.0.1:0", "http://127.0.0.1:0")
                .start();
        try {
            int https = app.addresses().get(0).port();
            try (Socket s = TlsPeers.connect(TlsPeers.trusting(tls), https)) {
                for (int i = 0; i < 4; i++) {
                    assertThat(TlsPeers.get(s, "/health").status()).isEqualTo(200);
                }
                String text = app.metricsText();
                assertThat(value(text, requests("/health", "GET", "2xx", "https"), -1))
                        .isEqualTo(4);
                assertThat(value(text, requests("/health", "GET", "2xx", "http"), -1))
                        .isEqualTo(-1);
                assertThat(value(text, "zapline_server_connections_open{transport=\"https\"}", -1))
                        .isEqualTo(1);
                assertThat(value(text, "zapline_server_connections_open{transport=\"http\"}", -1))
                        .isZero();
                assertThat(value(text, "zapline_server_tls_handshakes_total", -1))
                        .isEqualTo(1);
            }
            try (Socket plain = TlsPeers.plain(https)) {
                plain.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                plain.getOutputStream().flush();
                Eventually.equal(
                        () -> lines(app.metricsText(), "zapline_server_tls_handshake_failures_total{")
                                .size(),
                        1);
            }
            assertThat(lines(app.metricsText(), "zapline_server_tls_handshake_failures_total{")
                            .get(0))
                    .isEqualTo("zapline_server_tls_handshake_failures_total{reason=\"tls: peer is not TLS\"} 1");
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void metricsAreOffUnlessAskedAndTheirPortClosesWithTheApp() throws Exception {
        App off = App.create(ServerConfig.defaults().withEventLoops(1)).get("/", ctx -> ctx.send("ok"));
        off.listen("http://127.0.0.1:0").start();
        try {
            assertThat(off.metricsAddress()).isNull();
            assertThatThrownBy(off::metricsText).hasMessageContaining("metrics are off");
            assertThatThrownBy(() -> off.metrics("127.0.0.1:0")).hasMessageContaining("already started");
        } finally {
            off.stop(Duration.ofSeconds(1));
        }
        App on = App.create(ServerConfig.defaults().withEventLoops(1)).get("/", ctx -> ctx.send("ok"));
        on.metrics("127.0.0.1:0").listen("http://127.0.0.1:0").start();
        InetSocketAddress m = on.metricsAddress();
        on.stop(Duration.ofSeconds(1));
        assertThat(on.metricsAddress()).isNull();
        try (Socket s = new Socket()) {
            assertThatThrownBy(() -> s.connect(m, 1000)).isInstanceOf(IOException.class);
        }
        assertThat(on.metricsText()).contains("# TYPE zapline_server_requests_total counter");
    }

    static String requests(String route, String method, String cls, String transport) {
        return "zapline_server_requests_total{route=\"" + route + "\",method=\"" + method + "\",status_class=\"" + cls
                + "\",transport=\"" + transport + "\"}";
    }

    /** The value of {@code series} (name and labels exactly as written), or {@code absent}. */
    static long value(String text, String series, long absent) {
        for (String l : text.split("\n")) {
            if (l.startsWith(series + " ")) {
                return (long) Double.parseDouble(l.substring(series.length() + 1));
            }
        }
        return absent;
    }

    static List<String> lines(String text, String prefix) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n")) {
            if (l.startsWith(prefix)) {
                out.add(l);
            }
        }
        return out;
    }

    private static void assertCumulative(List<String> buckets) {
        assertThat(buckets).hasSize(18);
        long previous = 0;
        for (String b : buckets) {
            long v = Long.parseLong(b.substring(b.lastIndexOf(' ') + 1));
            assertThat(v).as(b).isGreaterThanOrEqualTo(previous);
            previous = v;
        }
        assertThat(buckets.get(0)).contains("le=\"0.00005\"");
        assertThat(buckets.get(17)).contains("le=\"+Inf\"");
    }

    /** GET /metrics on the app's metrics port, as Prometheus scrapes it. */
    private static String scrape(App app) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create(
                                "http://127.0.0.1:" + app.metricsAddress().getPort() + "/metrics"))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        return r.body();
    }

    private static Socket socket(int port) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        s.setSoTimeout(10_000);
        return s;
    }

    /** Writes {@code request} and reads one whole response (head and content-length body); returns its bytes. */
    private static byte[] exchange(Socket s, byte[] request) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(request);
        out.flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int headEnd = -1;
        while (headEnd < 0) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + got.size() + " bytes");
            }
            got.write(b);
            byte[] g = got.toByteArray();
            int n = g.length;
            if (n >= 4 && g[n - 4] == '\r' && g[n - 3] == '\n' && g[n - 2] == '\r' && g[n - 1] == '\n') {
                headEnd = n;
            }
        }
        String head = got.toString(StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT);
        int at = head.indexOf("content-length:");
        int length = 0;
        if (at >= 0) {
            length = Integer.parseInt(
                    head.substring(at + 15, head.indexOf('\r', at)).strip());
        }
        got.write(in.readNBytes(length));
        return got.toByteArray();
    }
}
