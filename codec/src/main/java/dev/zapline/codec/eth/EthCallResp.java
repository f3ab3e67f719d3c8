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

    /** Size of a response whose block hash is {@code blockHashLength} bytes. */
    public static int size(int blockHashLength) {
        return EthWire.TAIL + blockHashLength;
    }

    /**
     * Writes a response straight into {@code dst} at {@code off}, byte-identical to {@link #encode} but without the
     * generic builder: the fixed shape is laid out directly, as generated code would. Returns the size.
     *
     * @throws IndexOutOfBoundsException when {@code dst} has less than {@link #size(int)} bytes from {@code off}
     */
    public static int write(byte[] dst, int off, long id, long balance, long nonce, byte[] blockHash) {
        int len = blockHash.length;
        int size = size(len);
        java.util.Objects.checkFromIndexSize(off, size, dst.length);
        EthWire.header(dst, off, size);
        int o = off + EthWire.ROOT;
        EthWire.u64(dst, o + ID, id);
        EthWire.u64(dst, o + BALANCE, balance);
        EthWire.u64(dst, o + NONCE, nonce);
        EthWire.slot(dst, off, EthWire.ROOT + BLOCK_HASH, EthWire.TAIL, len);
        System.arraycopy(blockHash, 0, dst, off + EthWire.TAIL, len);
        return size;
    }

    /** Writes a response into {@code b} (reset first) with the generic builder; returns the message size. */
    public static int encode(ZapBuilder b, long id, long balance, long nonce, byte[] blockHash) {
        b.reset();
        b.startObject(SIZE).setU64(ID, id).setU64(BALANCE, balance).setU64(NONCE, nonce)
                .setBytes(BLOCK_HASH, blockHash).finishAsRoot();
        return b.finish();
    }
}
