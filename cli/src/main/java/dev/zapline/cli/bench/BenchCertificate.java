package dev.zapline.cli.bench;

import dev.zapline.transport.ServerTls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The TLS arms' certificate chain and key in PEM files, in their own temporary directory: one throwaway self-signed
 * certificate for 127.0.0.1 that zapline and nginx both serve.
 */
record BenchCertificate(Path dir, Path cert, Path key) {

    static BenchCertificate make() throws IOException {
        Path dir = Files.createTempDirectory("zapline-bench-tls");
        ServerTls made = ServerTls.selfSigned("localhost", "127.0.0.1");
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        Files.writeString(cert, made.certificatePem());
        Files.writeString(key, made.privateKeyPem());
        return new BenchCertificate(dir, cert, key);
    }

    NginxServer.Tls nginx() {
        return new NginxServer.Tls(cert, key);
    }

    void delete() {
        try {
            Files.deleteIfExists(cert);
            Files.deleteIfExists(key);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temp directory
        }
    }
}
