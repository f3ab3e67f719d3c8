package dev.zapline.bench.codec.eth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.fixtures.eth.json.EthJson;
import dev.zapline.fixtures.eth.json.EthJsonCodec;
import dev.zapline.fixtures.eth.json.EthJsonRequest;
import dev.zapline.fixtures.eth.json.EthJsonResponse;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.wire.ZapMessage;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every codec the benchmarks compare decodes every request field, computes the same answer and encodes every
 * response field: checked on the sample and on seeded random records (so a hard-coded value fails), with the
 * response read back independently (Jackson's tree model for JSON, the {@link EthCallResp} reader for ZAP).
 */
class EthRoundTripTest {

    private static final ObjectMapper TREE = new ObjectMapper();
    private static final int RANDOM_RECORDS = 500;

    @Test
    void sampleHasTheWireSizesOfTheDesign() {
        byte[] out = new byte[256];
        assertThat(ZapEthCodec.sampleRequest()).hasSize(82);
        assertThat(new ZapEthCodec().handle(ZapEthCodec.sampleRequest(), 82, out)).isEqualTo(80);
        byte[] json = EthJson.sampleRequest();
        assertThat(json).hasSize(103);
        for (EthJsonCodec codec : EthJsonCodec.all()) {
            assertThat(codec.handle(json, json.length, new EthJsonResponse(), out)).as(codec.name()).isEqualTo(130);
        }
    }

    @Test
    void everyJsonCodecWritesTheSameCanonicalResponse() {
        long balance = EthSample.balance(EthSample.BLOCK, EthSample.METHOD.length(), 42, '0');
        String expected = "{\"id\":1,\"balance\":" + balance + ",\"nonce\":42,\"blockHash\":\"" + EthJson.BLOCK_HASH
                + "\"}";
        byte[] json = EthJson.sampleRequest();
        byte[] out = new byte[256];
        for (EthJsonCodec codec : EthJsonCodec.all()) {
            int n = codec.handle(json, json.length, new EthJsonResponse(), out);
            assertThat(new String(out, 0, n, StandardCharsets.UTF_8)).as(codec.name()).isEqualTo(expected);
        }
    }

    @Test
    void jsonCodecsRoundTripSeededRandomRecords() throws Exception {
        SplittableRandom rnd = new SplittableRandom(20240601);
        List<EthJsonCodec> codecs = List.of(EthJsonCodec.all());
        EthJsonResponse resp = new EthJsonResponse();
        byte[] out = new byte[256];
        for (int i = 0; i < RANDOM_RECORDS; i++) {
            long id = rnd.nextLong(0, Long.MAX_VALUE);
            long block = rnd.nextLong(0, Long.MAX_VALUE);
            String method = randomMethod(rnd);
            String account = "0x" + HexFormat.of().formatHex(randomBytes(rnd, 20));
            byte[] in = EthJson.request(id, block, method, account);
            long balance = EthSample.WEI_PER_ETHER ^ (block ^ method.length() ^ account.length() ^ '0');
            for (EthJsonCodec codec : codecs) {
                EthJsonRequest req = codec.decodeRequest(in, in.length);
                assertThat(req.getId()).as(codec.name()).isEqualTo(id);
                assertThat(req.getBlock()).as(codec.name()).isEqualTo(block);
                assertThat(req.getMethod()).as(codec.name()).isEqualTo(method);
                assertThat(req.getAccount()).as(codec.name()).isEqualTo(account);

                int n = codec.handle(in, in.length, resp, out);
                JsonNode tree = TREE.readTree(out, 0, n);
                assertThat(tree.size()).as(codec.name()).isEqualTo(4);
                assertThat(tree.get("id").asLong()).as(codec.name()).isEqualTo(id);
                assertThat(tree.get("balance").asLong()).as(codec.name()).isEqualTo(balance);
                assertThat(tree.get("nonce").asLong()).as(codec.name()).isEqualTo(42);
                assertThat(tree.get("blockHash").asText()).as(codec.name()).isEqualTo(EthJson.BLOCK_HASH);
            }
        }
    }

    @Test
    void zapRoundTripsSeededRandomRecords() {
        SplittableRandom rnd = new SplittableRandom(20240601);
        ZapEthCodec zap = new ZapEthCodec();
        EthCallResp reader = new EthCallResp();
        ZapMessage msg = new ZapMessage();
        byte[] hash = new byte[32];
        byte[] out = new byte[256];
        for (int i = 0; i < RANDOM_RECORDS; i++) {
            long id = rnd.nextLong();
            long block = rnd.nextLong();
            byte[] method = randomMethod(rnd).getBytes(StandardCharsets.UTF_8);
            byte[] account = randomBytes(rnd, 20);
            byte[] in = ZapEthCodec.request(id, block, method, account);

            var req = zap.decodeRequest(in, in.length);
            byte[] account2 = new byte[20];
            assertThat(req.id()).isEqualTo(id);
            assertThat(req.block()).isEqualTo(block);
            assertThat(req.methodAsString()).isEqualTo(new String(method, StandardCharsets.UTF_8));
            assertThat(req.getAccount(account2, 0)).isEqualTo(20);
            assertThat(account2).isEqualTo(account);

            int n = zap.handle(in, in.length, out);
            reader.wrap(msg.wrap(Arrays.copyOf(out, n)));
            assertThat(reader.id()).isEqualTo(id);
            assertThat(reader.balance()).isEqualTo(
                    EthSample.WEI_PER_ETHER ^ (block ^ method.length ^ account.length ^ (account[0] & 0xFF)));
            assertThat(reader.nonce()).isEqualTo(42);
            assertThat(reader.getBlockHash(hash, 0)).isEqualTo(32);
            assertThat(hash).isEqualTo(EthSample.blockHash());
        }
    }

    @Test
    void zapHandlerAllocatesNothingOnceWarm() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        ZapEthCodec zap = new ZapEthCodec();
        byte[] in = ZapEthCodec.sampleRequest();
        byte[] out = new byte[256];
        long sink = 0;
        for (int i = 0; i < 20_000; i++) {
            sink += zap.handle(in, in.length, out);
        }
        long tid = Thread.currentThread().threadId();
        long before = threads.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 100_000; i++) {
            sink += zap.handle(in, in.length, out);
        }
        long allocated = threads.getThreadAllocatedBytes(tid) - before;
        assertThat(sink).isPositive();
        assertThat(allocated).as("bytes allocated by 100k handler calls").isLessThan(1024);
    }

    private static String randomMethod(SplittableRandom rnd) {
        char[] c = new char[rnd.nextInt(1, 25)];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) rnd.nextInt('a', 'z' + 1);
        }
        return new String(c);
    }

    private static byte[] randomBytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
