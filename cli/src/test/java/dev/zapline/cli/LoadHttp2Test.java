package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.tls.Nghttpd;
import dev.zapline.load.tls.TestCerts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load} over HTTP/2 against nghttpd: {@code --http2} and {@code h2c://}, {@code -m}, a targets
 * file, h2 by ALPN over TLS; the JSON names the protocol and counts exactly. Misused HTTP/2 options are usage
 * errors.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadHttp2Test {

    @TempDir
    Path dir;

    private Path site() throws Exception {
        Path www = Files.createDirectories(dir.resolve("www"));
        Files.writeString(www.resolve("x"), "hello");
        Files.writeString(www.resolve("y"), "world!");
        return www;
    }

    private JsonNode run(String... args) throws Exception {
        Path json = dir.resolve("run" + System.nanoTime() + ".json");
        List<String> all = new ArrayList<>(List.of("load", "--rate", "1000", "-d", "1s", "-c", "2", "--threads", "1"));
        all.addAll(List.of("--warmup", "0s", "--quiet", "--json", json.toString()));
        all.addAll(List.of(args));
        StringWriter err = new StringWriter();
        int rc = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), all.toArray(String[]::new));
        assertThat(rc).as(err.toString()).isZero();
        return new ObjectMapper().readTree(json.toFile());
    }

    @Test
    void http2AndH2cUrlsRunAgainstNghttpdAndTheJsonNamesTheProtocol() throws Exception {
        try (Nghttpd server = Nghttpd.start(site(), null, null)) {
            String base = "127.0.0.1:" + server.port() + "/x";
            for (String[] args : new String[][] {{"--http2", "-m", "4", "http://" + base}, {"h2c://" + base}}) {
                JsonNode s = run(args).path("summary");
                assertThat(s.path("protocol").asText()).isEqualTo("HTTP/2 (h2c)");
                assertThat(s.path("requests").asLong()).isEqualTo(1000);
                assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(1000);
                assertThat(s.path("outcomes").has("refused")).isTrue();
                assertThat(s.path("outcomes").has("goaway")).isTrue();
            }
        }
    }

    @Test
    void aTargetsFileOfH2cUrlsSendsEachRoundRobin() throws Exception {
        try (Nghttpd server = Nghttpd.start(site(), null, null)) {
            String base = "h2c://127.0.0.1:" + server.port();
            Path file = dir.resolve("targets.txt");
            Files.writeString(file, "GET " + base + "/x\n\nGET " + base + "/y\n");
            JsonNode s = run("--targets", file.toString(), "-m", "2").path("summary");
            assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(1000);
            assertThat(s.path("statuses").path("200").asLong()).isEqualTo(1000);
        }
    }

    @Test
    void httpsWithHttp2NegotiatesH2ByAlpn() throws Exception {
        TestCerts.Issued cert = TestCerts.ca(dir).server("server", "localhost");
        try (Nghttpd server = Nghttpd.start(site(), cert.keyFile(), cert.certFile())) {
            JsonNode s = run(
                            "--http2",
                            "-m",
                            "4",
                            "--insecure",
                            "--tls-groups",
                            "P-256",
                            "https://127.0.0.1:" + server.port() + "/x")
                    .path("summary");
            assertThat(s.path("protocol").asText()).isEqualTo("HTTP/2 (h2)");
            assertThat(s.path("outcomes").path("success").asLong()).isEqualTo(1000);
            assertThat(s.path("tls").path("alpn").path("h2").asLong()).isEqualTo(2);
        }
    }

    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(List.of(args));
        int rc = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), all.toArray(String[]::new));
        assertThat(rc).as(err.toString()).isEqualTo(2);
        return err.toString();
    }

    @Test
    void http2OptionsWhereTheyDoNotApplyAreUsageErrors() {
        assertThat(usageError("-m", "4", "http://127.0.0.1:1/")).contains("-m/--streams is for HTTP/2");
        assertThat(usageError("--http2", "--pipeline", "4", "http://127.0.0.1:1/"))
                .contains("use -m/--streams");
        assertThat(usageError("--http2", "zap://127.0.0.1:1/")).contains("not zap://127.0.0.1:1/");
        assertThat(usageError("--http2", "--alpn", "http/1.1", "https://127.0.0.1:1/"))
                .contains("needs h2 in --alpn");
        assertThat(usageError("h2c://127.0.0.1:1/", "-m", "0")).contains("must be at least 1");
    }
}
