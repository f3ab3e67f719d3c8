package dev.zapline.load.engine;

import dev.zapline.client.TlsDial;
import dev.zapline.transport.TlsInfo;

/** The TLS library's view of a handshake in the engine's terms ({@link Handshake}). */
final class Negotiated {

    private Negotiated() {}

    static Handshake of(TlsDial.Established e) {
        return of(e.info(), e.nanos());
    }

    static Handshake of(TlsInfo info, long nanos) {
        return new Handshake(
                nanos,
                info.protocol(),
                info.cipher(),
                info.group(),
                info.alpn() == null ? "" : info.alpn(),
                info.resumed());
    }
}
