package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.transport.ServerTls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Blocking TLS clients of the JDK's JSSE for the TLS suites (an engine independent of the server's BoringSSL), and
 * HTTP/1.1 over any socket. Every read is bounded by the socket's timeout.
 */
final class TlsPeers {

    private TlsPeers() {}

    /** One response: status and body. */
    record Response(int status, String body) {}

    /** A JSSE context that trusts {@code tls}'s certificate. */
    static SSLContext trusting(ServerTls tls) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setCertificateEntry("server", tls.certificateChain().get(0));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext c = SSLContext.getInstance("TLS");
        c.init(null, tmf.getTrustManagers(), null);
        return c;
    }

    /** A TLS 1.3 socket to 127.0.0.1:{@code port}, its handshake done. */
    static SSLSocket connect(SSLContext c, int port) throws IOException {
        Socket raw = plain(port);
        SSLSocket s = (SSLSocket) c.getSocketFactory().createSocket(raw, "localhost", port, true);
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(new String[] {"TLSv1.3"});
        p.setApplicationProtocols(new String[] {"http/1.1"});
        s.setSSLParameters(p);
        s.startHandshake();
        return s;
    }

    static Socket plain(int port) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        s.setSoTimeout(10_000);
        return s;
    }

    /** Sends {@code GET path} on a kept-alive connection and reads its response. */
    static Response get(Socket s, String path) throws IOException {
        return exchange(
                s.getOutputStream(), s.getInputStream(), "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
    }

    static Response exchange(OutputStream out, InputStream in, String request) throws IOException {
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return read(in);
    }

    /** Reads one response with a content-length body. */
    static Response read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed in the response head: " + head);
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int status = Integer.parseInt(text.substring(9, 12));
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).strip());
            }
        }
        byte[] body = in.readNBytes(length);
        assertThat(body).as("body of %d bytes", length).hasSize(length);
        return new Response(status, new String(body, StandardCharsets.UTF_8));
    }
}
