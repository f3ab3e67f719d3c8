package dev.zapline.load.engine;

/**
 * What one connection's TLS handshake came to, in the engine's terms (the clients translate their TLS library's
 * view into it). Made once per connection, never per request.
 *
 * @param nanos from the TCP connection being established to the handshake's end
 * @param protocol the negotiated version, e.g. {@code TLSv1.3}
 * @param cipher the negotiated cipher suite, e.g. {@code TLS_AES_128_GCM_SHA256}
 * @param group the key-exchange group, e.g. {@code X25519MLKEM768}, or {@code unknown} when the TLS library cannot
 *     tell
 * @param alpn the protocol agreed by ALPN, or the empty string when none was
 * @param resumed whether the session was resumed (no full handshake)
 */
public record Handshake(long nanos, String protocol, String cipher, String group, String alpn, boolean resumed) {}
