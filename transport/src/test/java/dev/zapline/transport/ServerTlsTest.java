package dev.zapline.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ServerTlsTest {

    @TempDir
    Path dir;

    @Test
    void selfSignedCertificateNamesItsHostsAndSaysItIsNotForProduction() throws Exception {
        ServerTls tls = ServerTls.selfSigned("localhost", "127.0.0.1");
        assertThat(tls.isSelfSigned()).isTrue();
        var cert = tls.certificateChain().get(0);
        assertThat(cert.getSubjectX500Principal().getName()).contains("not for production");
        assertThat(cert.getSubjectAlternativeNames().stream()
                        .map(l -> (String) l.get(1))
                        .toList())
                .containsExactly("localhost", "127.0.0.1");
        assertThat(tls.certificatePem()).startsWith("-----BEGIN CERTIFICATE-----");
    }

    @Test
    void aSelfSignedPairWrittenToPemFilesReadsBackAsTheSameCertificateAndKey() throws Exception {
        ServerTls made = ServerTls.selfSigned("localhost");
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        java.nio.file.Files.writeString(cert, made.certificatePem());
        java.nio.file.Files.writeString(key, made.privateKeyPem());
        assertThat(made.privateKeyPem())
                .startsWith("-----BEGIN PRIVATE KEY-----\n")
                .endsWith("-----END PRIVATE KEY-----\n");
        ServerTls read = ServerTls.pem(cert, key);
        assertThat(read.certificateChain()).isEqualTo(made.certificateChain());
        assertThat(read.privateKeyPem()).isEqualTo(made.privateKeyPem());
        assertThat(read.context().isServer()).isTrue();
    }

    @Test
    void defaultsAreTheIssuesOnes() {
        ServerTls tls = ServerTls.selfSigned();
        assertThat(tls.groups()).containsExactly("X25519MLKEM768", "X25519");
        assertThat(tls.protocols()).containsExactly("TLSv1.3");
        assertThat(tls.alpn()).containsExactly("http/1.1");
        assertThat(tls.forZap().alpn()).containsExactly("zap");
        assertThat(tls.sessionTickets()).isTrue();
        assertThat(tls.handshakeTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(tls.maxHandshakes()).isEqualTo(512);
    }

    @Test
    void withReturnsACopyAndLeavesTheOriginal() {
        ServerTls a = ServerTls.selfSigned();
        ServerTls b = a.withGroups(List.of("x25519")).withMaxHandshakes(3).withHandshakeTimeout(Duration.ofSeconds(1));
        assertThat(b.groups()).containsExactly("X25519");
        assertThat(b.maxHandshakes()).isEqualTo(3);
        assertThat(a.groups()).isEqualTo(TlsGroups.DEFAULT);
        assertThat(a.maxHandshakes()).isEqualTo(512);
        assertThat(b.certificateChain()).isEqualTo(a.certificateChain());
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void contextIsBuiltOnceAndCached(TlsProvider provider) {
        ServerTls tls = ServerTls.selfSigned().withProvider(provider);
        assertThat(tls.context()).isSameAs(tls.context());
        assertThat(tls.context().isServer()).isTrue();
    }

    @Test
    void readsSec1EcPkcs1RsaAndPkcs8KeysFromPem() throws Exception {
        Instant now = Instant.now();
        for (KeyPair pair : List.of(Pems.ec(), Pems.rsa())) {
            for (boolean pkcs8 : new boolean[] {false, true}) {
                Path d = Files.createTempDirectory(dir, "k");
                Path cert = Pems.write(d, pair, now.minusSeconds(60), now.plusSeconds(3600), pkcs8, "localhost");
                String key = Files.readString(Pems.key(cert));
                assertThat(key)
                        .startsWith(
                                pkcs8
                                        ? "-----BEGIN PRIVATE KEY"
                                        : pair.getPrivate().getAlgorithm().equals("RSA")
                                                ? "-----BEGIN RSA PRIVATE KEY"
                                                : "-----BEGIN EC PRIVATE KEY");
                ServerTls tls = ServerTls.pem(cert, Pems.key(cert));
                assertThat(tls.isSelfSigned()).isFalse();
                assertThat(tls.context().isServer()).isTrue();
            }
        }
    }

    @Test
    void badFilesAndValuesAreRefusedNamingTheProblem() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.pem"), "");
        Path missing = dir.resolve("missing.pem");
        assertThatThrownBy(() -> ServerTls.pem(empty, empty))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(empty.toString());
        assertThatThrownBy(() -> ServerTls.pem(missing, missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("missing.pem");
        ServerTls tls = ServerTls.selfSigned();
        assertThatThrownBy(() -> tls.withHandshakeTimeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tls.withMaxHandshakes(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tls.withGroups(List.of("X448"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tls.withProtocols(List.of("TLSv1.1"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyTheHybridGroupUnderTheJdkFailsWhenTheContextIsBuilt() {
        ServerTls tls =
                ServerTls.selfSigned().withGroups(List.of("X25519MLKEM768")).withProvider(TlsProvider.JDK);
        assertThatThrownBy(tls::context)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("none is available");
    }
}
