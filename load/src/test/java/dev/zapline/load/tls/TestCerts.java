package dev.zapline.load.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObjectGenerator;

/**
 * Certificates for the TLS tests, made with BouncyCastle: a test CA, and server certificates it issues for chosen
 * host names and validity (an expired one, one for another host), written as PEM files (certificate, PKCS#8 key).
 */
public final class TestCerts {

    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

    /** A certificate and its key, in memory and as PEM files. */
    public record Issued(X509Certificate cert, KeyPair keys, Path certFile, Path keyFile) {}

    private final Issued ca;
    private final Path dir;

    private TestCerts(Issued ca, Path dir) {
        this.ca = ca;
        this.dir = dir;
    }

    /** A fresh CA (valid from a day ago for a year) whose files go into {@code dir}. */
    public static TestCerts ca(Path dir) {
        KeyPair k = keys();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=zapline test CA " + SERIAL.incrementAndGet());
        try {
            JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                    name,
                    BigInteger.valueOf(SERIAL.incrementAndGet()),
                    Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(Duration.ofDays(365))),
                    name,
                    k.getPublic());
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            X509Certificate cert = sign(b, k);
            return new TestCerts(write(dir, "ca", cert, k), dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CA's certificate file: what {@code --cacert} takes. */
    public Path caFile() {
        return ca.certFile();
    }

    /** A server certificate for {@code hosts} (DNS names or IP literals), valid from a day ago for a year. */
    public Issued server(String name, String... hosts) {
        Instant now = Instant.now();
        return server(name, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(365)), hosts);
    }

    /** A server certificate for {@code hosts} valid from {@code notBefore} to {@code notAfter}. */
    public Issued server(String name, Instant notBefore, Instant notAfter, String... hosts) {
        KeyPair k = keys();
        try {
            JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                    ca.cert(),
                    BigInteger.valueOf(SERIAL.incrementAndGet()),
                    Date.from(notBefore),
                    Date.from(notAfter),
                    new X500Name("CN=" + hosts[0]),
                    k.getPublic());
            List<GeneralName> names = new ArrayList<>();
            for (String h : hosts) {
                boolean ip = Character.isDigit(h.charAt(0)) || h.contains(":");
                names.add(
                        ip
                                ? new GeneralName(
                                        GeneralName.iPAddress,
                                        InetAddress.getByName(h).getHostAddress())
                                : new GeneralName(GeneralName.dNSName, h));
            }
            b.addExtension(
                    Extension.subjectAlternativeName, false, new GeneralNames(names.toArray(new GeneralName[0])));
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            X509Certificate cert = sign(b, ca.keys());
            return write(dir, name, cert, k);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KeyPair keys() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(256);
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static X509Certificate sign(JcaX509v3CertificateBuilder b, KeyPair signer) {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate())));
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Issued write(Path dir, String name, X509Certificate cert, KeyPair k) throws IOException {
        Path certFile = dir.resolve(name + ".crt");
        Path keyFile = dir.resolve(name + ".key");
        Files.writeString(certFile, pem(cert), StandardCharsets.US_ASCII);
        Files.writeString(keyFile, pem(new JcaPKCS8Generator(k.getPrivate(), null)), StandardCharsets.US_ASCII);
        return new Issued(cert, k, certFile, keyFile);
    }

    private static String pem(X509Certificate cert) throws IOException {
        StringWriter s = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(s)) {
            w.writeObject(cert);
        }
        return s.toString();
    }

    private static String pem(PemObjectGenerator key) throws IOException {
        StringWriter s = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(s)) {
            w.writeObject(key);
        }
        return s.toString();
    }
}
