/**
 * What server, client and loader share about connections: TLS contexts (the provider choice, key-exchange groups
 * with the hybrid post-quantum {@code X25519MLKEM768} first, certificates, self-signed ones for local use), what a
 * connection negotiated, and short reasons for failed handshakes.
 */
package dev.zapline.transport;
