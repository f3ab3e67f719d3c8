package dev.zapline.transport;

import dev.zapline.transport.internal.KeyMaterial;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.ECPrivateKey;
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
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;

/** Test certificates written as PEM files: key in SEC1 / PKCS#1 (as {@code openssl} writes them) or PKCS#8. */
final class Pems {

    private Pems() {}

    static KeyPair ec() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    static KeyPair rsa() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return g.generateKeyPair();
    }

    /** Writes {@code dir/cert.pem} and {@code dir/key.pem}; returns the certificate path (the key is beside it). */
    static Path write(Path dir, KeyPair pair, Instant notBefore, Instant notAfter, boolean pkcs8, String... hosts)
            throws Exception {
        X509Certificate cert = KeyMaterial.certificate(pair, hosts, notBefore, notAfter);
        Path c = dir.resolve("cert.pem");
        Files.writeString(c, pem(cert));
        Files.writeString(
                dir.resolve("key.pem"),
                pkcs8 ? pem(new JcaPKCS8Generator(pair.getPrivate(), null)) : traditional(pair.getPrivate()));
        return c;
    }

    /**
     * A CA (valid, written to {@code dir/ca.pem}) and a leaf for {@code hosts} it signed, valid from
     * {@code notBefore} to {@code notAfter}: {@code dir/cert.pem} holds leaf then CA, {@code dir/key.pem} the leaf's
     * key. Returns the CA file. (A self-signed leaf trusted as its own anchor is not date-checked by PKIX.)
     */
    static Path caSigned(Path dir, Instant notBefore, Instant notAfter, String... hosts) throws Exception {
        KeyPair caKeys = ec();
        Instant now = Instant.now();
        X500Name caName = new X500Name("CN=zapline test CA");
        X509Certificate ca = new JcaX509CertificateConverter()
                .getCertificate(new JcaX509v3CertificateBuilder(
                                caName,
                                BigInteger.ONE,
                                Date.from(now.minus(Duration.ofDays(60))),
                                Date.from(now.plus(Duration.ofDays(60))),
                                caName,
                                caKeys.getPublic())
                        .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                        .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                        .build(new JcaContentSignerBuilder("SHA256withECDSA").build(caKeys.getPrivate())));
        KeyPair leafKeys = ec();
        GeneralName[] alt = new GeneralName[hosts.length];
        for (int i = 0; i < hosts.length; i++) {
            alt[i] = new GeneralName(GeneralName.dNSName, hosts[i]);
        }
        X509Certificate leaf = new JcaX509CertificateConverter()
                .getCertificate(new JcaX509v3CertificateBuilder(
                                caName,
                                BigInteger.TWO,
                                Date.from(notBefore),
                                Date.from(notAfter),
                                new X500Name("CN=" + hosts[0]),
                                leafKeys.getPublic())
                        .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(alt))
                        .build(new JcaContentSignerBuilder("SHA256withECDSA").build(caKeys.getPrivate())));
        Files.writeString(dir.resolve("cert.pem"), pem(leaf) + pem(ca));
        Files.writeString(dir.resolve("key.pem"), traditional(leafKeys.getPrivate()));
        return Files.writeString(dir.resolve("ca.pem"), pem(ca));
    }

    static Path key(Path cert) {
        return cert.resolveSibling("key.pem");
    }

    /**
     * The key as {@code openssl} writes it: SEC1 for EC with the curve named inside (the JDK's PKCS#8 encoding has
     * it in the outer algorithm identifier only, so a plain conversion would drop it), PKCS#1 for RSA.
     */
    static String traditional(PrivateKey key) throws IOException {
        if (!key.getAlgorithm().equals("EC")) {
            return pem(key);
        }
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(key.getEncoded());
        ECPrivateKey inner = ECPrivateKey.getInstance(info.parsePrivateKey());
        ECPrivateKey sec1 = new ECPrivateKey(
                256,
                inner.getKey(),
                inner.getPublicKey(),
                info.getPrivateKeyAlgorithm().getParameters());
        return pem(new PemObject("EC PRIVATE KEY", sec1.getEncoded()));
    }

    static String pem(Object o) throws IOException {
        StringWriter s = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(s)) {
            w.writeObject(o);
        }
        return s.toString();
    }
}
