package dev.zapline.codec.zaphttp;

import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;

/**
 * Reads a streamed-response chunk: a data frame (type 4) or the end frame (type 5), whose 8-byte object holds the
 * data bytes at 0 (on the end frame, the trailer block). Not thread-safe.
 */
public final class ZapHttpChunk {

    /** The chunk object's layout. */
    public static final ZapLayout LAYOUT = ZapLayout.builder().bytes("data").build();

    private final ZapObject obj = new ZapObject();
    private int type;

    /**
     * Points this reader at {@code msg}.
     *
     * @throws ZapFormatException when the frame type is not 4 or 5 or the data points outside the frame
     */
    public ZapHttpChunk wrap(ZapMessage msg) {
        int t = msg.type();
        if (t != ZapHttp.DATA && t != ZapHttp.END) {
            throw new ZapFormatException(
                    6, "frame type " + t + " (" + ZapHttp.typeName(t) + "), expected 4 (data) or 5 (end)");
        }
        ZapValidator.validate(msg, LAYOUT);
        msg.root(obj);
        type = t;
        return this;
    }

    /** True for the end frame. */
    public boolean isEnd() {
        return type == ZapHttp.END;
    }

    public ZapSlice data(ZapSlice into) {
        return obj.bytes(ZapHttp.CHUNK_DATA, into);
    }

    public int dataLength() {
        return obj.bytesLength(ZapHttp.CHUNK_DATA);
    }
}
