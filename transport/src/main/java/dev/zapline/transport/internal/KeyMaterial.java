package dev.zapline.transport.internal;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A private key and its certificate chain (leaf first): read from PEM files, or made for local use. Only the
 * JDK's own crypto providers are used (BouncyCastle builds and parses the structures), so nothing is registered
 * with the JCA.
 */
public record KeyMaterial(PrivateKey key, List<X509Certificate> chain, boolean selfSigned) {

    public KeyMaterial {
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least one certificate");
        }
    }

    /**
     * A throwaway EC P-256 certificate for {@code hosts} (DNS names or IP literals as subject alternative names),
     * valid from a day ago for 30 days.
     */
    public static KeyMaterial selfSigned(String... hosts) {
        if (hosts.length == 0) {
            hosts = new String[] {"localhost", "127.0.0.1", "::1"};
        }
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair pair = g.generateKeyPair();
            Instant now = Instant.now();
            return new KeyMaterial(
                    pair.getPrivate(),
                    List.of(certificate(pair, hosts, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(30)))),
                    true);
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("cannot make a self-signed certificate: " + e.getMessage(), e);
        }
    }

    /** A certificate for {@code hosts} signed by its own key, valid from {@code notBefore} to {@code notAfter}. */
    public static X509Certificate certificate(KeyPair pair, String[] hosts, Instant notBefore, Instant notAfter)
            throws IOException, OperatorCreationException, CertificateException {
        X500Name name = new X500Name("CN=" + hosts[0] + ", O=zapline self-signed (not for production)");
        GeneralName[] alt = new GeneralName[hosts.length];
        for (int i = 0; i < hosts.length; i++) {
            boolean ip = hosts[i].indexOf(':') >= 0 || hosts[i].chars().allMatch(c -> c == '.' || Character.isDigit(c));
            alt[i] = new GeneralName(ip ? GeneralName.iPAddress : GeneralName.dNSName, hosts[i]);
        }
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                        name,
                        new BigInteger(64, new SecureRandom()),
                        Date.from(notBefore),
                        Date.from(notAfter),
                        name,
                        pair.getPublic())
                .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(alt))
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        String alg = pair.getPrivate().getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
        return new JcaX509CertificateConverter()
                .getCertificate(b.build(new JcaContentSignerBuilder(alg).build(pair.getPrivate())));
    }

    /**
     * Reads a certificate chain (PEM, leaf first) and a private key (PEM: PKCS#8, PKCS#1 RSA or SEC1 EC).
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static KeyMaterial pem(Path chainFile, Path keyFile) {
        return new KeyMaterial(readKey(keyFile), readCertificates(chainFile), false);
    }

    /** The certificates of a PEM file, in file order. */
    public static List<X509Certificate> readCertificates(Path file) {
        List<X509Certificate> out = new ArrayList<>();
        try (var in = Files.newInputStream(file)) {
            CertificateFactory f = CertificateFactory.getInstance("X.509");
            for (var c : f.generateCertificates(in)) {
                out.add((X509Certificate) c);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read certificate file " + file + ": " + e.getMessage(), e);
        } catch (CertificateException e) {
            throw new IllegalArgumentException("certificate file " + file + ": " + e.getMessage(), e);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("certificate file " + file + " holds no PEM certificate");
        }
        return out;
    }

    private static PrivateKey readKey(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
                PEMParser p = new PEMParser(r)) {
            JcaPEMKeyConverter convert = new JcaPEMKeyConverter();
            for (Object o; (o = p.readObject()) != null; ) {
                if (o instanceof PEMKeyPair kp) {
                    return convert.getPrivateKey(kp.getPrivateKeyInfo());
                }
                if (o instanceof PrivateKeyInfo info) {
                    return convert.getPrivateKey(info);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read key file " + file + ": " + e.getMessage(), e);
        }
        throw new IllegalArgumentException(
                "key file " + file + " holds no unencrypted PEM private key (PKCS#8, PKCS#1 or SEC1)");
    }

    /** The chain as PEM text (what a client's {@code --cacert} takes for a self-signed certificate). */
    public String chainPem() {
        StringWriter s = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(s)) {
            for (X509Certificate c : chain) {
                w.writeObject(c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return s.toString();
    }

    /** The private key as PKCS#8 PEM text ({@code BEGIN PRIVATE KEY}), for handing the pair to another server. */
    public String keyPem() {
        String b64 = java.util.Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(key.getEncoded());
        return "-----BEGIN PRIVATE KEY-----\n" + b64 + "\n-----END PRIVATE KEY-----\n";
    }

    public X509Certificate[] chainArray() {
        return chain.toArray(new X509Certificate[0]);
    }
}
