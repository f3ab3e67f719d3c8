package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.bench.NginxServer;
import dev.zapline.load.tls.TestCerts;
import dev.zapline.load.tls.TlsHttpServer;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsFailure;
import dev.zapline.wire.Await;
import dev.zapline.wire.peer.Peers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load https://...} against independent TLS peers: nginx (Debian's OpenSSL 3.0, classical groups
 * only) and a small Netty HTTPS server of the tests' own; certificate and handshake failures as the run's error.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LoadTlsTest {

    @TempDir
    Path dir;

    private static JsonNode json(Path f) throws IOException {
        return new ObjectMapper().readTree(f.toFile());
    }

    /** Runs {@code zapline load ARGS... --quiet --json FILE}; the JSON's summary, or fails with stderr. */
    private JsonNode load(String... args) throws IOException {
        Path json = dir.resolve("run-" + System.nanoTime() + ".json");
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(List.of(args));
        all.addAll(List.of("--threads", "1", "--warmup", "0s", "--quiet", "--json", json.toString()));
        CliRun r = CliRun.of(all.toArray(new String[0]));
        assertThat(r.exit()).as(r.err()).isZero();
        return json(json).path("summary");
    }

    @Test
    void nginxServesEveryRequestOverTls13WithX25519AndOneHandshakePerConnection() throws Exception {
        Peers.require("nginx");
        String nginx = NginxServer.installed();
        TestCerts certs = TestCerts.ca(dir);
        TestCerts.Issued cert = certs.server("nginx", "localhost", "127.0.0.1");
        try (NginxServer n =
                NginxServer.start(nginx, List.of(), 10_000, new NginxServer.Tls(cert.certFile(), cert.keyFile()))) {
            String url = "https://127.0.0.1:" + n.httpsPort() + "/";
            JsonNode s = load(url, "--cacert", certs.caFile().toString(), "--rate", "300", "-d", "1s", "-c", "3");
            assertThat(s.path("requests").asLong()).isEqualTo(300);
            assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(300);
            JsonNode tls = s.path("tls");
            // Debian's nginx (OpenSSL 3.0) has no hybrid group: our offer falls back to X25519
            assertThat(tls.path("groups").path("X25519").asLong()).isEqualTo(3);
            assertThat(tls.path("protocols").path("TLSv1.3").asLong()).isEqualTo(3);
            assertThat(tls.path("handshakes").asLong())
                    .isEqualTo(s.path("connect").path("count").asLong())
                    .isEqualTo(3);
            assertThat(tls.path("failed").asLong()).isZero();

            // a handshake per request: one connection, replaced after each response
            JsonNode each = load(
                    url,
                    "--cacert",
                    certs.caFile().toString(),
                    "--rate",
                    "100",
                    "-d",
                    "1s",
                    "-c",
                    "1",
                    "--reconnect-every",
                    "1");
            assertThat(each.path("outcomes").path("success").asLong()).isEqualTo(100);
            assertThat(each.path("tls").path("handshakes").asLong()).isEqualTo(100);
            assertThat(each.path("tls").path("groups").path("X25519").asLong()).isEqualTo(100);
            assertThat(each.path("tls").path("resumed").asLong()).isGreaterThan(0);

            JsonNode full = load(
                    url,
                    "--cacert",
                    certs.caFile().toString(),
                    "--rate",
                    "50",
                    "-d",
                    "1s",
                    "-c",
                    "1",
                    "--reconnect-every",
                    "1",
                    "--no-resumption");
            assertThat(full.path("outcomes").path("success").asLong()).isEqualTo(50);
            assertThat(full.path("tls").path("handshakes").asLong()).isEqualTo(50);
            assertThat(full.path("tls").path("resumed").asLong()).isZero();
        }
    }

    @Test
    void ourOwnTestServerNegotiatesTheHybridGroupByDefaultAndX25519WhenAsked() throws Exception {
        TestCerts certs = TestCerts.ca(dir);
        TestCerts.Issued cert = certs.server("server", "localhost", "127.0.0.1");
        try (TlsHttpServer server = new TlsHttpServer(ServerTls.pem(cert.certFile(), cert.keyFile()))) {
            String url = "https://localhost:" + server.port() + "/health";
            String ca = certs.caFile().toString();
            JsonNode pq = load(url, "--cacert", ca, "--rate", "200", "-d", "1s", "-c", "2");
            assertThat(pq.path("outcomes").path("success").asLong()).isEqualTo(200);
            assertThat(pq.path("tls").path("groups").path("X25519MLKEM768").asLong())
                    .isEqualTo(2);
            assertThat(pq.path("tls").path("alpn").path("http/1.1").asLong()).isEqualTo(2);

            JsonNode classic = load(url, "--cacert", ca, "--tls-groups", "X25519", "--rate", "200", "-d", "1s");
            assertThat(classic.path("outcomes").path("success").asLong()).isEqualTo(200);
            assertThat(classic.path("tls").path("groups").path("X25519").asLong())
                    .isEqualTo(classic.path("tls").path("handshakes").asLong())
                    .isEqualTo(10);
        }
    }

    /**
     * zapline's own server on {@code https://} and {@code zaps://}: BoringSSL on both sides, so the hybrid group
     * by default; resumed handshakes with the server's tickets, full ones without resumption.
     */
    @Test
    void zaplinesServerOverHttpsAndZapsNegotiatesTheHybridGroupAndResumesSessions() throws Exception {
        ServerTls tls = ServerTls.selfSigned("localhost", "127.0.0.1");
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.tls(tls).listen("https://127.0.0.1:0", "zaps://127.0.0.1:0").start();
        try {
            String ca = Files.writeString(dir.resolve("app-ca.pem"), tls.certificatePem())
                    .toString();
            String[][] targets = {
                {"https://127.0.0.1:" + app.addresses().get(0).port() + "/health", "http/1.1"},
                {"zaps://127.0.0.1:" + app.addresses().get(1).port() + "/health", "zap"}
            };
            for (String[] t : targets) {
                String url = t[0];
                JsonNode pq = load(url, "--cacert", ca, "--rate", "200", "-d", "1s", "-c", "2");
                assertThat(pq.path("outcomes").path("success").asLong()).as(url).isEqualTo(200);
                assertThat(pq.path("tls").path("groups").path("X25519MLKEM768").asLong())
                        .as(url)
                        .isEqualTo(2);
                assertThat(pq.path("tls").path("alpn").path(t[1]).asLong())
                        .as(url)
                        .isEqualTo(2);

                JsonNode classic = load(url, "--cacert", ca, "--tls-groups", "X25519", "--rate", "100", "-d", "1s");
                assertThat(classic.path("outcomes").path("success").asLong())
                        .as(url)
                        .isEqualTo(100);
                assertThat(classic.path("tls").path("groups").path("X25519").asLong())
                        .as(url)
                        .isEqualTo(10);

                JsonNode resumed =
                        load(url, "--cacert", ca, "--rate", "100", "-d", "1s", "-c", "1", "--reconnect-every", "1");
                assertThat(resumed.path("outcomes").path("success").asLong())
                        .as(url)
                        .isEqualTo(100);
                assertThat(resumed.path("tls").path("handshakes").asLong())
                        .as(url)
                        .isEqualTo(100);
                assertThat(resumed.path("tls").path("resumed").asLong()).as(url).isGreaterThan(0);

                JsonNode full = load(
                        url,
                        "--cacert",
                        ca,
                        "--rate",
                        "50",
                        "-d",
                        "1s",
                        "-c",
                        "1",
                        "--reconnect-every",
                        "1",
                        "--no-resumption");
                assertThat(full.path("tls").path("handshakes").asLong()).as(url).isEqualTo(50);
                assertThat(full.path("tls").path("resumed").asLong()).as(url).isZero();
                assertThat(full.path("tls")
                                .path("groups")
                                .path("X25519MLKEM768")
                                .asLong())
                        .as(url)
                        .isEqualTo(50);
            }
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    /** Each bad certificate or handshake ends the run (nothing could connect) with the reason, and no trace. */
    @Test
    void certificateAndHandshakeFailuresEndTheRunWithTheirReason() throws Exception {
        TestCerts certs = TestCerts.ca(dir);
        String ca = certs.caFile().toString();
        TestCerts.Issued good = certs.server("good", "localhost", "127.0.0.1");
        Instant now = Instant.now();
        TestCerts.Issued expired = certs.server(
                "expired", now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(1)), "localhost", "127.0.0.1");
        TestCerts.Issued other = certs.server("other", "other.example");

        expectFailure(ServerTls.pem(good.certFile(), good.keyFile()), "tls: certificate not trusted");
        expectFailure(ServerTls.pem(expired.certFile(), expired.keyFile()), "tls: certificate expired", "--cacert", ca);
        expectFailure(
                ServerTls.pem(other.certFile(), other.keyFile()),
                "tls: hostname mismatch",
                "--cacert",
                ca,
                "--sni",
                "localhost");
        // no shared group: only the server can tell; BoringSSL's client hears its handshake_failure alert, and
        // TlsFailure names what the client knows
        expectFailure(
                ServerTls.pem(good.certFile(), good.keyFile()).withGroups(List.of("X25519MLKEM768")),
                List.of(TlsFailure.NO_SHARED_GROUP, TlsFailure.REFUSED_OFFER),
                "--cacert",
                ca,
                "--tls-groups",
                "P-384");
    }

    private void expectFailure(ServerTls tls, String reason, String... flags) throws Exception {
        expectFailure(tls, List.of(reason), flags);
    }

    /** The run ends with exit 2 and one of {@code reasons} as its error. */
    private void expectFailure(ServerTls tls, List<String> reasons, String... flags) throws Exception {
        String reason = reasons.get(0);
        try (TlsHttpServer server = new TlsHttpServer(tls)) {
            String url = "https://127.0.0.1:" + server.port() + "/health";
            List<String> args = new ArrayList<>(List.of("load", url, "--rate", "10", "-d", "1s", "-c", "2"));
            args.addAll(List.of(flags));
            CliRun r = CliRun.of(args.toArray(new String[0]));
            assertThat(r.exit()).as(reason + ": " + r.err()).isEqualTo(2);
            String prefix = "zapline: cannot connect to " + url + ": ";
            assertThat(r.err()).as(reason).startsWith(prefix);
            assertThat(r.err().strip().substring(prefix.length())).as(reason).isIn(reasons);
            assertThat(r.err()).as(reason).doesNotContain("Exception", "\tat ");
            // the server counts the handshake on its own loop, possibly after the client has given up and exited
            Await.until(
                    reason + ": the server to count the handshake",
                    () -> server.failedHandshakes.get() + server.handshakes.get() > 0);
            assertThat(server.requests.get()).as(reason).isZero();
        }
    }

    @Test
    void aServerThatNeverAnswersTheHandshakeTimesOut() throws Exception {
        List<Socket> held = java.util.Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress("127.0.0.1", 0));
            Thread accept = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(silent.accept());
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            String url = "https://127.0.0.1:" + silent.getLocalPort() + "/";
            CliRun r = CliRun.of("load", url, "--rate", "10", "-d", "1s", "-c", "1", "--timeout", "300ms");
            assertThat(r.exit()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).contains("cannot connect to " + url + ": tls: handshake timeout");
            silent.close();
            accept.join(2000);
        } finally {
            synchronized (held) {
                for (Socket s : held) {
                    s.close();
                }
            }
        }
    }

    @Test
    void tlsOptionsWithAPlaintextTargetAreErrorsNamingTheOption() {
        String[][] cases = {
            {"--insecure"},
            {"--cacert", "/tmp/ca.pem"},
            {"--sni", "example.com"},
            {"--tls-groups", "X25519"},
            {"--tls-versions", "TLSv1.3"},
            {"--alpn", "http/1.1"},
            {"--no-resumption"}
        };
        for (String[] flag : cases) {
            List<String> args = new ArrayList<>(List.of("load", "http://127.0.0.1:1/", "--rate", "10", "--quiet"));
            args.addAll(List.of(flag));
            CliRun r = CliRun.of(args.toArray(new String[0]));
            assertThat(r.exit()).as(flag[0]).isEqualTo(2);
            assertThat(r.err()).as(flag[0]).contains(flag[0] + " is a TLS option, but the target is plaintext");
        }
        CliRun groups = CliRun.of("load", "https://127.0.0.1:1/", "--tls-groups", "X448", "--quiet");
        assertThat(groups.exit()).isEqualTo(2);
        assertThat(groups.err()).contains("--tls-groups X448", "X25519MLKEM768");
        CliRun versions = CliRun.of("load", "https://127.0.0.1:1/", "--tls-versions", "SSLv3", "--quiet");
        assertThat(versions.exit()).isEqualTo(2);
        assertThat(versions.err()).contains("--tls-versions SSLv3: TLS version 'SSLv3' is not supported");
        CliRun both = CliRun.of("load", "https://127.0.0.1:1/", "--insecure", "--cacert", "/tmp/x.pem", "--quiet");
        assertThat(both.err()).contains("pick one");
    }

    @Test
    void helpListsTheTlsOptionsAndTheHandshakeMode() {
        CliRun r = CliRun.of("load", "--help");
        assertThat(r.out())
                .contains(
                        "https://host[:port]/path",
                        "zaps://host:port/path",
                        "--insecure",
                        "--cacert=FILE",
                        "--sni=NAME",
                        "--tls-groups=LIST",
                        "X25519MLKEM768:X25519",
                        "--tls-versions=LIST",
                        "--alpn=LIST",
                        "--no-resumption",
                        "--reconnect-every=N");
    }
}
