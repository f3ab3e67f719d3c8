package dev.zapline.codec.eth;

import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;

/**
 * The typed RPC request of the benchmarks (eth_getBalance-shaped), read in place. 32-byte fixed section: id u64
 * @0, block u64 @8, method text @16, account bytes @24 (20 bytes in the tail).
 *
 * <pre>{@code
 * EthCallReq req = new EthCallReq();                   // one per connection
 * req.wrap(message);
 * long balance = EthCompute.balance(req.block(), req.methodLength(), req.accountLength(), req.accountByte(0));
 * }</pre>
 *
 * <p>Not thread-safe; valid while the message is.
 */
public final class EthCallReq {

    public static final int ID = 0;
    public static final int BLOCK = 8;
    public static final int METHOD = 16;
    public static final int ACCOUNT = 24;
    public static final int SIZE = 32;

    public static final ZapLayout LAYOUT = ZapLayout.builder().u64("id").u64("block").text("method").bytes("account")
            .build();

    private final ZapObject obj = new ZapObject();
    private final ZapSlice scratch = new ZapSlice();

    /** Points this reader at the root object of {@code msg}. */
    public EthCallReq wrap(ZapMessage msg) {
        msg.root(obj);
        return this;
    }

    public long id() {
        return obj.u64(ID);
    }

    public long block() {
        return obj.u64(BLOCK);
    }

    public int methodLength() {
        return obj.bytesLength(METHOD);
    }

    public ZapSlice method(ZapSlice into) {
        return obj.bytes(METHOD, into);
    }

    public boolean methodEquals(byte[] expected) {
        return obj.bytesEqual(METHOD, expected);
    }

    /** Allocating convenience. */
    public String methodAsString() {
        return obj.textAsString(METHOD);
    }

    public int accountLength() {
        return obj.bytesLength(ACCOUNT);
    }

    public ZapSlice account(ZapSlice into) {
        return obj.bytes(ACCOUNT, into);
    }

    /** Copies the account into {@code dst} at {@code offset}; returns its length. */
    public int getAccount(byte[] dst, int offset) {
        return obj.getBytes(ACCOUNT, dst, offset);
    }

    /** Byte {@code index} of the account (0..255), or 0 when the account is shorter. Allocation-free. */
    public int accountByte(int index) {
        ZapSlice account = obj.bytes(ACCOUNT, scratch);
        return index >= 0 && index < account.length() ? account.byteAt(index) : 0;
    }

    /** Size of a request with a method and an account of these lengths. */
    public static int size(int methodLength, int accountLength) {
        return EthWire.TAIL + methodLength + accountLength;
    }

    /**
     * Writes a request straight into {@code dst} at {@code off}, byte-identical to {@link #encode} but without the
     * generic builder (payloads in set order: method, then account). Returns the size.
     *
     * @throws IndexOutOfBoundsException when {@code dst} is too small
     */
    public static int write(byte[] dst, int off, long id, long block, byte[] method, byte[] account) {
        int ml = method.length;
        int al = account.length;
        int size = size(ml, al);
        java.util.Objects.checkFromIndexSize(off, size, dst.length);
        EthWire.header(dst, off, size);
        int o = off + EthWire.ROOT;
        EthWire.u64(dst, o + ID, id);
        EthWire.u64(dst, o + BLOCK, block);
        EthWire.slot(dst, off, EthWire.ROOT + METHOD, EthWire.TAIL, ml);
        EthWire.slot(dst, off, EthWire.ROOT + ACCOUNT, EthWire.TAIL + ml, al);
        System.arraycopy(method, 0, dst, off + EthWire.TAIL, ml);
        System.arraycopy(account, 0, dst, off + EthWire.TAIL + ml, al);
        return size;
    }

    /** Writes a request into {@code b} (reset first) with the generic builder; returns the message size. */
    public static int encode(ZapBuilder b, long id, long block, byte[] method, byte[] account) {
        b.reset();
        b.startObject(SIZE).setU64(ID, id).setU64(BLOCK, block).setText(METHOD, method).setBytes(ACCOUNT, account)
                .finishAsRoot();
        return b.finish();
    }
}
