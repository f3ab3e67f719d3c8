package dev.zapline.transport.snippets;

import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsGroups;
import dev.zapline.transport.TlsProvider;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Examples for the transport module's TLS types. */
final class TlsSnippets {

    static List<String> groups() {
        // @start region="groups"
        List<String> groups = TlsGroups.effective(TlsGroups.parse("X25519MLKEM768:X25519"), TlsProvider.current());
        // @end
        return groups;
    }

    static SslContext server(Path cert, Path key) {
        // @start region="server"
        ServerTls tls = ServerTls.pem(cert, key)
                .withGroups(TlsGroups.DEFAULT)
                .withHandshakeTimeout(Duration.ofSeconds(5))
                .withMaxHandshakes(256);
        SslContext context = tls.context(); // built once, shared by every connection
        // @end
        return context;
    }

    static SslHandler client(ByteBufAllocator alloc, Path ca) {
        // @start region="client"
        ClientTls tls = ClientTls.defaults().withCaCert(ca).withAlpn(List.of("http/1.1"));
        SslHandler handler = tls.newHandler(alloc, "localhost", 8443); // first in the connection's pipeline
        // @end
        return handler;
    }

    private TlsSnippets() {}
}
