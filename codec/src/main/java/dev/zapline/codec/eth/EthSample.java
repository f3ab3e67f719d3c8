package dev.zapline.codec.eth;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The sample values of the eth record and the server's compute, identical for every codec (DESIGN.md): {@code
 * balance = 10^18 XOR (block XOR len(method) XOR len(account) XOR account[0])}, where len(account) and account[0]
 * are taken of the field as carried (20 raw bytes on ZAP, the 42-character {@code 0x…} string in JSON).
 */
public final class EthSample {

    public static final long ID = 1;
    public static final long BLOCK = 0x10d4fL;
    public static final String METHOD = "eth_getBalance";
    public static final long NONCE = 42;
    public static final String ACCOUNT_HEX = "deadbeef00112233445566778899aabbccddeeff";
    public static final String BLOCK_HASH_HEX = "0123456789abcdeffedcba98765432100f1e2d3c4b5a69788796a5b4c3d2e1f0";
    public static final long WEI_PER_ETHER = 1_000_000_000_000_000_000L;

    private EthSample() {}

    /** A fresh copy of the method as UTF-8. */
    public static byte[] method() {
        return METHOD.getBytes(StandardCharsets.UTF_8);
    }

    /** A fresh copy of the 20-byte account. */
    public static byte[] account() {
        return HexFormat.of().parseHex(ACCOUNT_HEX);
    }

    /** A fresh copy of the 32-byte block hash. */
    public static byte[] blockHash() {
        return HexFormat.of().parseHex(BLOCK_HASH_HEX);
    }

    /** The server's compute, as DESIGN.md gives it. {@code account0} is the first byte as carried (0..255). */
    public static long balance(long block, int methodLength, int accountLength, int account0) {
        return WEI_PER_ETHER ^ (block ^ methodLength ^ accountLength ^ account0);
    }
}
