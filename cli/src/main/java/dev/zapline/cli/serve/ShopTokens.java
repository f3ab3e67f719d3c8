package dev.zapline.cli.serve;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * The shop API's bearer tokens: 45 bytes, a version byte (1), the account id (4 bytes, big-endian), the expiry
 * (Unix milliseconds, 8 bytes, big-endian) and the HMAC-SHA256 of those 13 bytes under the server's key (32 bytes),
 * as 60 characters of unpadded base64url. The server keeps no table of tokens: a token is valid when its tag matches
 * (compared in constant time) and its expiry is still ahead. 45 bytes is a multiple of 3, so every character carries
 * only data bits and no two spellings decode to the same token. Not thread-safe: one per thread, all with the key.
 */
final class ShopTokens {

    static final int LENGTH = 60;
    static final Duration LIFETIME = Duration.ofMinutes(15);
    /** What {@link #verify} returns for a token that is not one of ours (wrong length, alphabet, version or tag). */
    static final long INVALID = -1;
    /** What {@link #verify} returns for one of ours whose expiry has passed. */
    static final long EXPIRED = -2;

    private static final int VERSION = 1;
    private static final int SIGNED = 13;
    private static final int RAW = SIGNED + HmacSha256.LENGTH;
    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VALUES = new byte[256];

    static {
        Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = (byte) i;
        }
    }

    private final HmacSha256 mac;
    private final byte[] raw = new byte[RAW];
    private final byte[] tag = new byte[HmacSha256.LENGTH];

    ShopTokens(byte[] key) {
        mac = new HmacSha256(key);
    }

    /** Writes the token of {@code account}, valid until {@code expiresAtMillis}, at {@code dst[off]}; returns 60. */
    int issue(int account, long expiresAtMillis, byte[] dst, int off) {
        raw[0] = VERSION;
        putInt(raw, 1, account);
        putLong(raw, 5, expiresAtMillis);
        mac.tag(raw, 0, SIGNED, raw, SIGNED);
        for (int i = 0, o = off; i < RAW; i += 3, o += 4) {
            int v = (raw[i] & 0xFF) << 16 | (raw[i + 1] & 0xFF) << 8 | raw[i + 2] & 0xFF;
            dst[o] = ALPHABET[v >>> 18];
            dst[o + 1] = ALPHABET[v >>> 12 & 0x3F];
            dst[o + 2] = ALPHABET[v >>> 6 & 0x3F];
            dst[o + 3] = ALPHABET[v & 0x3F];
        }
        return LENGTH;
    }

    /**
     * The account id of the token {@code src[off, off + len)} when it is valid at {@code nowMillis}, else
     * {@link #INVALID} or {@link #EXPIRED}.
     */
    long verify(byte[] src, int off, int len, long nowMillis) {
        if (len != LENGTH) {
            return INVALID;
        }
        int bad = 0;
        for (int i = 0, o = off; i < RAW; i += 3, o += 4) {
            int a = VALUES[src[o] & 0xFF];
            int b = VALUES[src[o + 1] & 0xFF];
            int c = VALUES[src[o + 2] & 0xFF];
            int d = VALUES[src[o + 3] & 0xFF];
            bad |= a | b | c | d;
            int v = a << 18 | b << 12 | c << 6 | d;
            raw[i] = (byte) (v >>> 16);
            raw[i + 1] = (byte) (v >>> 8);
            raw[i + 2] = (byte) v;
        }
        if (bad < 0 || raw[0] != VERSION) {
            return INVALID;
        }
        mac.tag(raw, 0, SIGNED, tag, 0);
        int diff = 0;
        for (int i = 0; i < HmacSha256.LENGTH; i++) {
            diff |= tag[i] ^ raw[SIGNED + i];
        }
        if (diff != 0) {
            return INVALID;
        }
        return nowMillis < getLong(raw, 5) ? getInt(raw, 1) & 0xFFFFFFFFL : EXPIRED;
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 3; i >= 0; i--, v >>>= 8) {
            b[at + i] = (byte) v;
        }
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--, v >>>= 8) {
            b[at + i] = (byte) v;
        }
    }

    private static int getInt(byte[] b, int at) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            v = v << 8 | b[at + i] & 0xFF;
        }
        return v;
    }

    private static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | b[at + i] & 0xFF;
        }
        return v;
    }
}
