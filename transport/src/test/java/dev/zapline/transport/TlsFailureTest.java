package dev.zapline.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.transport.Loopback.Outcome;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link TlsFailure#reason} over the exceptions of real failed handshakes, on both sides and both providers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsFailureTest {

    @TempDir
    Path dir;

    private Path ca(ServerTls tls) throws Exception {
        return Files.writeString(Files.createTempFile(dir, "ca", ".pem"), tls.certificatePem());
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void aSelfSignedCertificateIsNotTrustedByTheDefaultStore(TlsProvider client) throws Exception {
        try (Loopback s = new Loopback(ServerTls.selfSigned("localhost"))) {
            Outcome c = s.connect(ClientTls.defaults().withProvider(client), "localhost");
            assertThat(c.reason()).isEqualTo(TlsFailure.NOT_TRUSTED);
            assertThat(s.serverOutcome().ok()).isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void aCertificateForAnotherNameIsAHostnameMismatch(TlsProvider client) throws Exception {
        ServerTls tls = ServerTls.selfSigned("other.test");
        try (Loopback s = new Loopback(tls)) {
            Outcome c = s.connect(ClientTls.defaults().withCaCert(ca(tls)).withProvider(client), "localhost");
            assertThat(c.reason()).isEqualTo(TlsFailure.HOSTNAME);
            Outcome ip = s.connect(ClientTls.defaults().withCaCert(ca(tls)).withProvider(client), "127.0.0.1");
            assertThat(ip.reason()).isEqualTo(TlsFailure.HOSTNAME);
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void anExplicitSniIsTheNameVerifiedWhateverHostIsDialed(TlsProvider client) throws Exception {
        ServerTls tls = ServerTls.selfSigned("other.test");
        try (Loopback s = new Loopback(tls)) {
            ClientTls sni = ClientTls.defaults()
                    .withCaCert(ca(tls))
                    .withSni("other.test")
                    .withProvider(client);
            assertThat(s.connect(sni, "127.0.0.1").failure()).isNull();
            assertThat(s.connect(sni.withResumption(false), "localhost").failure())
                    .isNull();
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void anExpiredCertificateIsReportedAsExpired(TlsProvider client) throws Exception {
        Instant now = Instant.now();
        Path ca = Pems.caSigned(dir, now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(1)), "localhost");
        Path cert = dir.resolve("cert.pem");
        try (Loopback s = new Loopback(ServerTls.pem(cert, Pems.key(cert)))) {
            Outcome c = s.connect(ClientTls.defaults().withCaCert(ca).withProvider(client), "localhost");
            assertThat(c.reason()).isEqualTo(TlsFailure.EXPIRED);
        }
    }

    @Test
    void aValidCaSignedChainIsTrusted() throws Exception {
        Instant now = Instant.now();
        Path ca = Pems.caSigned(dir, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(1)), "localhost");
        Path cert = dir.resolve("cert.pem");
        try (Loopback s = new Loopback(ServerTls.pem(cert, Pems.key(cert)))) {
            assertThat(s.connect(ClientTls.defaults().withCaCert(ca), "localhost")
                            .failure())
                    .isNull();
        }
    }

    @Test
    void insecureAcceptsAnyCertificateAndName() throws Exception {
        Instant now = Instant.now();
        Path cert = Pems.write(
                dir, Pems.ec(), now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(1)), false, "other.test");
        try (Loopback s = new Loopback(ServerTls.pem(cert, Pems.key(cert)))) {
            assertThat(s.connect(ClientTls.defaults().withInsecure(true), "localhost")
                            .ok())
                    .isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void noGroupInCommonIsNoSharedGroupOnTheServer(TlsProvider server) throws Exception {
        ServerTls tls =
                ServerTls.selfSigned("localhost").withGroups(List.of("P-384")).withProvider(server);
        try (Loopback s = new Loopback(tls)) {
            Outcome c = s.connect(ClientTls.defaults().withCaCert(ca(tls)), "localhost");
            assertThat(c.reason()).startsWith("tls: alert ");
            // the client hears an alert; what it reports names the likely causes (only the server knows which)
            String client = TlsFailure.clientReason(c.failure());
            if (c.reason().equals("tls: alert handshake_failure")) {
                assertThat(client).isEqualTo(TlsFailure.REFUSED_OFFER).contains("no group");
            } else {
                assertThat(client).isEqualTo(c.reason());
            }
            assertThat(s.serverOutcome().reason()).isEqualTo(TlsFailure.NO_SHARED_GROUP);
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void noVersionInCommonIsNoSharedProtocolVersionOnBothSides(TlsProvider server) throws Exception {
        ServerTls tls = ServerTls.selfSigned("localhost").withProvider(server);
        try (Loopback s = new Loopback(tls)) {
            ClientTls tls12 = ClientTls.defaults().withCaCert(ca(tls)).withProtocols(List.of("TLSv1.2"));
            assertThat(s.connect(tls12, "localhost").reason()).isEqualTo(TlsFailure.NO_SHARED_VERSION);
            assertThat(s.serverOutcome().reason()).isEqualTo(TlsFailure.NO_SHARED_VERSION);
        }
    }

    @Test
    void aSilentPeerIsAHandshakeTimeout() throws Exception {
        try (Loopback s = new Loopback(ServerTls.selfSigned().withHandshakeTimeout(Duration.ofMillis(200)));
                Socket raw = new Socket("127.0.0.1", s.port())) {
            assertThat(s.serverOutcome().reason()).isEqualTo(TlsFailure.TIMEOUT);
        }
    }

    @Test
    void plaintextHttpIsAPeerThatIsNotTls() throws Exception {
        try (Loopback s = new Loopback(ServerTls.selfSigned());
                Socket raw = new Socket("127.0.0.1", s.port())) {
            OutputStream out = raw.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(s.serverOutcome().reason()).isEqualTo(TlsFailure.NOT_TLS);
        }
    }

    @Test
    void aPeerThatLeavesMidHandshakeClosedIt() throws Exception {
        try (Loopback s = new Loopback(ServerTls.selfSigned())) {
            try (Socket raw = new Socket("127.0.0.1", s.port())) {
                // a handshake record header promising 512 bytes, then nothing
                raw.getOutputStream().write(new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01});
                raw.getOutputStream().flush();
            }
            assertThat(s.serverOutcome().reason()).isEqualTo(TlsFailure.CLOSED);
        }
    }

    @Test
    void wrappedAndUnknownFailuresKeepTheirFirstLine() {
        assertThat(TlsFailure.reason(new DecoderException(new SslHandshakeTimeoutException("timed out"))))
                .isEqualTo(TlsFailure.TIMEOUT);
        assertThat(TlsFailure.reason(new SSLHandshakeException("Received fatal alert: bad_record_mac")))
                .isEqualTo("tls: alert bad_record_mac");
        assertThat(TlsFailure.reason(new DecoderException(new SSLException(
                        "error:1000008b:SSL routines:OPENSSL_internal:DECRYPTION_FAILED_OR_BAD_RECORD_MAC\nmore"))))
                .isEqualTo("tls: DECRYPTION_FAILED_OR_BAD_RECORD_MAC");
        assertThat(TlsFailure.reason(new IllegalStateException())).isEqualTo("tls: IllegalStateException");
    }
}
