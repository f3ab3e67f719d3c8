package dev.zapline.cli.serve;

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * HMAC-SHA256 (RFC 2104) with one key, over the JDK's SHA-256, writing the tag into the caller's array: the same
 * bytes as {@code javax.crypto.Mac} gives ({@code HmacSha256Test} checks), without the two arrays {@code Mac}
 * allocates per tag. Not thread-safe: one per thread.
 */
final class HmacSha256 {

    static final int LENGTH = 32;
    private static final int BLOCK = 64;

    private final MessageDigest sha;
    private final byte[] innerPad = new byte[BLOCK];
    private final byte[] outerPad = new byte[BLOCK];
    private final byte[] inner = new byte[LENGTH];

    /** @param key any length; one longer than the 64-byte block is hashed first, as RFC 2104 says */
    HmacSha256(byte[] key) {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] k = key.length > BLOCK ? sha.digest(key) : key;
        for (int i = 0; i < BLOCK; i++) {
            byte b = i < k.length ? k[i] : 0;
            innerPad[i] = (byte) (b ^ 0x36);
            outerPad[i] = (byte) (b ^ 0x5C);
        }
    }

    /** Writes the 32-byte tag of {@code msg[off, off + len)} at {@code out[outOff]}. */
    void tag(byte[] msg, int off, int len, byte[] out, int outOff) {
        try {
            sha.update(innerPad);
            sha.update(msg, off, len);
            sha.digest(inner, 0, LENGTH);
            sha.update(outerPad);
            sha.update(inner);
            sha.digest(out, outOff, LENGTH);
        } catch (DigestException e) {
            throw new IllegalStateException("a 32-byte SHA-256 digest fits in 32 bytes", e);
        }
    }
}
