package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shop API's tokens and their HMAC: against the JDK's Mac, round trips, every tampered character, expiry. */
class ShopApiTokensTest {

    private static final long NOW = 1_800_000_000_000L;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void theTagIsTheJdkMacsForRandomKeysAndMessages(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        for (int round = 0; round < 200; round++) {
            byte[] key = bytes(r, r.nextInt(1, 150));
            byte[] msg = bytes(r, r.nextInt(0, 300));
            int off = msg.length == 0 ? 0 : r.nextInt(0, msg.length);
            int len = msg.length - off;
            Mac jdk = Mac.getInstance("HmacSHA256");
            jdk.init(new SecretKeySpec(key, "HmacSHA256"));
            jdk.update(msg, off, len);
            byte[] want = jdk.doFinal();
            byte[] out = new byte[40];
            HmacSha256 mac = new HmacSha256(key);
            mac.tag(msg, off, len, out, 3);
            mac.tag(msg, off, len, out, 3);
            assertThat(java.util.Arrays.copyOfRange(out, 3, 35)).isEqualTo(want);
        }
    }

    @Test
    void rfc4231TestCase2() {
        byte[] out = new byte[32];
        byte[] msg = "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII);
        new HmacSha256("Jefe".getBytes(StandardCharsets.US_ASCII)).tag(msg, 0, msg.length, out, 0);
        assertThat(java.util.HexFormat.of().formatHex(out))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    @Test
    void aTokenIsSixtyBase64urlCharactersOfVersionAccountExpiryAndTag() {
        byte[] key = bytes(new SplittableRandom(7), 32);
        ShopTokens t = new ShopTokens(key);
        byte[] token = new byte[ShopTokens.LENGTH + 2];
        assertThat(t.issue(123_456, NOW + 900_000, token, 1)).isEqualTo(60);
        byte[] raw = Base64.getUrlDecoder().decode(java.util.Arrays.copyOfRange(token, 1, 61));
        assertThat(raw).hasSize(45);
        assertThat(raw[0]).isEqualTo((byte) 1);
        assertThat(java.nio.ByteBuffer.wrap(raw, 1, 12).getInt()).isEqualTo(123_456);
        assertThat(java.nio.ByteBuffer.wrap(raw, 5, 8).getLong()).isEqualTo(NOW + 900_000);
        byte[] tag = new byte[32];
        new HmacSha256(key).tag(raw, 0, 13, tag, 0);
        assertThat(java.util.Arrays.copyOfRange(raw, 13, 45)).isEqualTo(tag);

        assertThat(t.verify(token, 1, 60, NOW)).isEqualTo(123_456);
        assertThat(t.verify(token, 1, 60, NOW + 899_999)).isEqualTo(123_456);
        assertThat(t.verify(token, 1, 60, NOW + 900_000)).isEqualTo(ShopTokens.EXPIRED);
        assertThat(t.verify(token, 1, 59, NOW)).isEqualTo(ShopTokens.INVALID);
        assertThat(new ShopTokens(bytes(new SplittableRandom(8), 32)).verify(token, 1, 60, NOW))
                .isEqualTo(ShopTokens.INVALID);
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13})
    void changingAnyCharacterOfAValidTokenMakesItInvalid(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ShopTokens t = new ShopTokens(bytes(r, 32));
        int account = r.nextInt(0, 1_000_000);
        byte[] token = new byte[60];
        t.issue(account, NOW + 1000, token, 0);
        byte[] alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/.~ "
                .getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 60; i++) {
            for (byte c : alphabet) {
                if (c == token[i]) {
                    continue;
                }
                byte[] bad = token.clone();
                bad[i] = c;
                assertThat(t.verify(bad, 0, 60, NOW)).as("char %d -> %c", i, c).isEqualTo(ShopTokens.INVALID);
            }
        }
        assertThat(t.verify(token, 0, 60, NOW)).isEqualTo(account);
    }

    @Test
    void accountIdsAreFnv1aOfTheUserModAMillion() {
        // FNV-1a 32 of "a" is 0xE40C292C = 3826002220
        assertThat(ShopApi.accountId("a")).isEqualTo(2220);
        // of "" it is the offset basis 0x811C9DC5 = 2166136261
        assertThat(ShopApi.accountId("")).isEqualTo(136_261);
        assertThat(ShopApi.accountId("user0001")).isEqualTo(ShopApi.accountId("user0001"));
        assertThat(ShopApi.balanceCents(5)).isBetween(0L, 999_999L);
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
