package dev.zapline.codec.eth;

import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;

/**
 * The typed RPC response of the benchmarks, read in place. 32-byte fixed section: id u64 @0, balance u64 @8,
 * nonce u64 @16, blockHash bytes @24 (32 bytes in the tail).
 *
 * <pre>{@code
 * int size = EthCallResp.encode(builder, req.id(), balance, 42, EthSample.BLOCK_HASH);
 * }</pre>
 *
 * <p>Not thread-safe; valid while the message is.
 */
public final class EthCallResp {

    public static final int ID = 0;
    public static final int BALANCE = 8;
    public static final int NONCE = 16;
    public static final int BLOCK_HASH = 24;
    public static final int SIZE = 32;

    public static final ZapLayout LAYOUT = ZapLayout.builder().u64("id").u64("balance").u64("nonce")
            .bytes("blockHash").build();

    private final ZapObject obj = new ZapObject();

    public EthCallResp wrap(ZapMessage msg) {
        msg.root(obj);
        return this;
    }

    public long id() {
        return obj.u64(ID);
    }

    public long balance() {
        return obj.u64(BALANCE);
    }

    public long nonce() {
        return obj.u64(NONCE);
    }

    public int blockHashLength() {
        return obj.bytesLength(BLOCK_HASH);
    }

    public ZapSlice blockHash(ZapSlice into) {
        return obj.bytes(BLOCK_HASH, into);
    }

    public int getBlockHash(byte[] dst, int offset) {
        return obj.getBytes(BLOCK_HASH, dst, offset);
    }

    /** Writes a response into {@code b} (reset first) and returns the message size. */
    public static int encode(ZapBuilder b, long id, long balance, long nonce, byte[] blockHash) {
        b.reset();
        b.startObject(SIZE).setU64(ID, id).setU64(BALANCE, balance).setU64(NONCE, nonce)
                .setBytes(BLOCK_HASH, blockHash).finishAsRoot();
        return b.finish();
    }
}
