package dev.zapline.server;

import dev.zapline.transport.ServerTls;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * An RSA certificate for localhost and 127.0.0.1 as PEM files (key in PKCS#1), for a peer whose ECDSA signature
 * schemes follow its key-exchange groups: BouncyCastle's JSSE offers ecdsa_secp256r1_sha256 only when secp256r1 is
 * among its named groups, so offering only X25519MLKEM768 it can verify an RSA-PSS signature but not an ECDSA one.
 */
final class RsaPem {

    private RsaPem() {}

    static ServerTls serverTls(Path dir) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair pair = g.generateKeyPair();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=localhost");
        var cert = new JcaX509CertificateConverter()
                .getCertificate(new JcaX509v3CertificateBuilder(
                                name,
                                BigInteger.valueOf(now.toEpochMilli()),
                                Date.from(now.minus(Duration.ofDays(1))),
                                Date.from(now.plus(Duration.ofDays(1))),
                                name,
                                pair.getPublic())
                        .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                            new GeneralName(GeneralName.dNSName, "localhost"),
                            new GeneralName(GeneralName.iPAddress, "127.0.0.1")
                        }))
                        .build(new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate())));
        Path c = Files.writeString(Files.createTempFile(dir, "rsa", ".pem"), pem(cert));
        Path k = Files.writeString(Files.createTempFile(dir, "rsa-key", ".pem"), pem(pair.getPrivate()));
        return ServerTls.pem(c, k);
    }

    private static String pem(Object o) throws Exception {
        StringWriter s = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(s)) {
            w.writeObject(o);
        }
        return s.toString();
    }
}
