package dev.zapline.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Vector;
import org.bouncycastle.tls.AlertDescription;
import org.bouncycastle.tls.CertificateRequest;
import org.bouncycastle.tls.DefaultTlsClient;
import org.bouncycastle.tls.NameType;
import org.bouncycastle.tls.ProtocolName;
import org.bouncycastle.tls.ProtocolVersion;
import org.bouncycastle.tls.ServerName;
import org.bouncycastle.tls.TlsAuthentication;
import org.bouncycastle.tls.TlsClientProtocol;
import org.bouncycastle.tls.TlsCredentials;
import org.bouncycastle.tls.TlsFatalAlert;
import org.bouncycastle.tls.TlsServerCertificate;
import org.bouncycastle.tls.crypto.impl.bc.BcTlsCrypto;

/**
 * A TLS 1.3 client of BouncyCastle's own TLS stack (bctls, independent of the server's BoringSSL; its lightweight
 * crypto, so no JCA provider is registered) offering exactly the key-exchange groups given. The group the server
 * chose is read, on the client's side, from the key_share extension of the server's ServerHello as it came off the
 * wire: BC's JSSE layer has no API that tells the negotiated group. The server's certificate must be the expected
 * one (BC checks the CertificateVerify signature itself).
 */
final class BcClient implements AutoCloseable {

    private final Socket socket;
    private final TlsClientProtocol protocol;
    private final Recording recording;

    private BcClient(Socket socket, TlsClientProtocol protocol, Recording recording) {
        this.socket = socket;
        this.protocol = protocol;
        this.recording = recording;
    }

    /**
     * Connects to 127.0.0.1:{@code port} and completes a handshake offering only {@code groups}
     * ({@link org.bouncycastle.tls.NamedGroup} codes), ALPN http/1.1, SNI localhost.
     *
     * @throws IOException the handshake's failure, e.g. {@link org.bouncycastle.tls.TlsFatalAlertReceived}
     */
    static BcClient connect(int port, X509Certificate expected, int... groups) throws IOException {
        Socket s = TlsPeers.plain(port);
        Recording rec = new Recording(s.getInputStream());
        TlsClientProtocol p = new TlsClientProtocol(rec, s.getOutputStream());
        try {
            p.connect(new Client(expected, groups));
        } catch (IOException e) {
            s.close();
            throw e;
        }
        return new BcClient(s, p, rec);
    }

    /** The group of the ServerHello's key_share (RFC 8446 §4.2.8), as the server sent it. */
    int serverHelloGroup() {
        ByteBuffer b = ByteBuffer.wrap(recording.first, 0, recording.length);
        if (b.get() != 0x16) {
            throw new IllegalStateException("first record is not a handshake record");
        }
        b.position(5);
        if (b.get() != 2) {
            throw new IllegalStateException("first handshake message is not a ServerHello");
        }
        b.position(b.position() + 3 + 2 + 32); // length, legacy_version, random
        int sessionId = b.get() & 0xFF;
        b.position(b.position() + sessionId + 2 + 1); // session id, cipher suite, compression
        int end = (b.getShort() & 0xFFFF) + b.position();
        while (b.position() < end) {
            int type = b.getShort() & 0xFFFF;
            int len = b.getShort() & 0xFFFF;
            if (type == 0x0033) {
                return b.getShort() & 0xFFFF;
            }
            b.position(b.position() + len);
        }
        throw new IllegalStateException("ServerHello has no key_share");
    }

    OutputStream out() {
        return protocol.getOutputStream();
    }

    InputStream in() {
        return protocol.getInputStream();
    }

    @Override
    public void close() throws IOException {
        try {
            protocol.close();
        } finally {
            socket.close();
        }
    }

    private static final class Client extends DefaultTlsClient {
        private final X509Certificate expected;
        private final int[] groups;

        Client(X509Certificate expected, int[] groups) {
            super(new BcTlsCrypto(new SecureRandom()));
            this.expected = expected;
            this.groups = groups;
        }

        @Override
        protected ProtocolVersion[] getSupportedVersions() {
            return ProtocolVersion.TLSv13.only();
        }

        @Override
        protected Vector<Integer> getSupportedGroups(Vector namedGroupRoles) {
            Vector<Integer> v = new Vector<>();
            for (int g : groups) {
                v.add(g);
            }
            return v;
        }

        @Override
        protected Vector<ProtocolName> getProtocolNames() {
            Vector<ProtocolName> v = new Vector<>();
            v.add(ProtocolName.HTTP_1_1);
            return v;
        }

        @Override
        protected Vector<ServerName> getSNIServerNames() {
            Vector<ServerName> v = new Vector<>();
            v.add(new ServerName(NameType.host_name, "localhost".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
            return v;
        }

        @Override
        public TlsAuthentication getAuthentication() {
            return new TlsAuthentication() {
                @Override
                public void notifyServerCertificate(TlsServerCertificate c) throws IOException {
                    byte[] leaf = c.getCertificate().getCertificateAt(0).getEncoded();
                    try {
                        if (!Arrays.equals(leaf, expected.getEncoded())) {
                            throw new TlsFatalAlert(AlertDescription.bad_certificate);
                        }
                    } catch (java.security.cert.CertificateEncodingException e) {
                        throw new IOException(e);
                    }
                }

                @Override
                public TlsCredentials getClientCredentials(CertificateRequest request) {
                    return null;
                }
            };
        }
    }

    /** Keeps the first bytes read from the socket: the ServerHello record. */
    private static final class Recording extends FilterInputStream {
        final byte[] first = new byte[4096];
        int length;

        Recording(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0 && length < first.length) {
                first[length++] = (byte) b;
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            int keep = Math.min(Math.max(n, 0), first.length - length);
            System.arraycopy(buf, off, first, length, keep);
            length += keep;
            return n;
        }
    }
}
