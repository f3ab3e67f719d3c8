package dev.zapline.bench.codec.eth;

import dev.zapline.codec.eth.EthCallReq;
import dev.zapline.codec.eth.EthCallResp;
import dev.zapline.codec.eth.EthSample;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapSlice;

/**
 * The eth record over ZAP, shaped like the JSON codecs of {@code dev.zapline.codec.eth.json} so the benchmarks compare
 * like with like: decode wraps the request in place (header validated, nothing copied), encode writes the response
 * straight into the caller's array with the typed writer ({@link EthCallResp#write}, the fixed shape laid out as
 * generated code would). {@link #encodeWithBuilder} is the same response through the generic {@link ZapBuilder},
 * copied into the array, for comparison.
 *
 * {@snippet class=dev.zapline.bench.snippets.BenchSnippets region=zapEthCodec}
 *
 * <p>Allocation-free once the builder has grown to the response size. Not thread-safe.
 */
public final class ZapEthCodec {

    private final ZapSlice slice = new ZapSlice();
    private final ZapMessage msg = new ZapMessage();
    private final EthCallReq req = new EthCallReq();
    private final ZapBuilder builder = new ZapBuilder();
    private final byte[] blockHash = EthSample.blockHash();

    /**
     * Wraps the request in {@code in[0, len)}; the returned reader is reused and valid until the next call.
     *
     * @throws dev.zapline.wire.ZapFormatException when the header does not validate
     */
    public EthCallReq decodeRequest(byte[] in, int len) {
        return req.wrap(msg.wrap(in, 0, len));
    }

    /** Encodes a response with the sample block hash into {@code out} from index 0; returns its length. */
    public int encodeResponse(long id, long balance, long nonce, byte[] out) {
        return EthCallResp.write(out, 0, id, balance, nonce, blockHash);
    }

    /** The same response built by the generic builder and copied into {@code out}; returns its length. */
    public int encodeWithBuilder(long id, long balance, long nonce, byte[] out) {
        EthCallResp.encode(builder, id, balance, nonce, blockHash);
        return builder.copyTo(out, 0);
    }

    /** The whole server handler: decode, compute (DESIGN.md), encode into {@code out}; returns the length. */
    public int handle(byte[] in, int len, byte[] out) {
        EthCallReq r = decodeRequest(in, len);
        ZapSlice account = r.account(slice);
        long balance = EthSample.balance(r.block(), r.methodLength(), account.length(),
                account.isEmpty() ? 0 : account.byteAt(0));
        return encodeResponse(r.id(), balance, EthSample.NONCE, out);
    }

    /** A fresh copy of the sample request, 82 bytes. */
    public static byte[] sampleRequest() {
        return request(EthSample.ID, EthSample.BLOCK, EthSample.method(), EthSample.account());
    }

    /** A request with these fields. Allocating. */
    public static byte[] request(long id, long block, byte[] method, byte[] account) {
        ZapBuilder b = new ZapBuilder();
        EthCallReq.encode(b, id, block, method, account);
        return b.toByteArray();
    }
}
