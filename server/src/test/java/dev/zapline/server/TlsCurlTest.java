package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.transport.TlsFailure;
import dev.zapline.wire.peer.Peers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * curl (Debian's, on OpenSSL 3.0, which has no hybrid group) against https://: the classical fallback. The body of
 * {@code /tls} is what the server's {@link Ctx#tls()} saw.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsCurlTest {

    @TempDir
    static Path dir;

    private static TlsTestApp server;

    @BeforeAll
    static void start() {
        server = TlsTestApp.start(TlsTestApp.selfSigned(), dir);
    }

    @AfterAll
    static void stop() {
        server.close();
        assertThat(LeakTracker.leaks())
                .as("leaks; last: %s", LeakTracker.lastLeak())
                .isZero();
    }

    /** Runs curl; returns its exit status and output (stdout then stderr). */
    private static Result curl(String... args) throws Exception {
        Peers.require("curl");
        String[] command = new String[args.length + 4];
        command[0] = "curl";
        command[1] = "-sS";
        command[2] = "--max-time";
        command[3] = "10";
        System.arraycopy(args, 0, command, 4, args.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("curl finished").isTrue();
        return new Result(p.exitValue(), out);
    }

    private record Result(int exit, String out) {}

    private String url(String path) {
        return "https://localhost:" + server.https + path;
    }

    @Test
    void curlGets200AndTheBodyOverTls13WithX25519() throws Exception {
        Result r = curl("--cacert", server.ca.toString(), "-w", "\n%{http_code}", url("/health"));
        assertThat(r).isEqualTo(new Result(0, "ok\n200"));
        Result tls = curl("--cacert", server.ca.toString(), url("/tls"));
        assertThat(tls.exit()).as(tls.out()).isZero();
        // curl offers h2 first, and HTTPS listeners serve HTTP/2
        assertThat(tls.out()).matches("TLSv1\\.3 TLS_[A-Z0-9_]+ X25519 h2 (true|false)");
    }

    @Test
    void severalRequestsOnOneCurlConnectionAreServed() throws Exception {
        Result r = curl("--cacert", server.ca.toString(), "-w", " %{num_connects}\n", url("/health"), url("/health"));
        assertThat(r).isEqualTo(new Result(0, "ok 1\nok 0\n"));
    }

    @Test
    void curlWithoutTheCaRefusesTheSelfSignedCertificate() throws Exception {
        assertThat(curl(url("/health")).exit())
                .as("curl: SSL certificate problem")
                .isEqualTo(60);
    }

    @Test
    void curlAskingForTls12OnlyFindsNoSharedVersionAndTheServerCountsIt() throws Exception {
        long before = server.app.tlsStats().failures(TlsFailure.NO_SHARED_VERSION);
        Result r = curl("--cacert", server.ca.toString(), "--tlsv1.2", "--tls-max", "1.2", url("/health"));
        assertThat(r.exit()).as(r.out()).isEqualTo(35);
        Eventually.equal(() -> server.app.tlsStats().failures(TlsFailure.NO_SHARED_VERSION), before + 1);
        assertThat(curl("--cacert", server.ca.toString(), url("/health")).out()).isEqualTo("ok");
    }
}
