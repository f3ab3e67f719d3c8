package dev.zapline.wire.snippets;

import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapList;
import dev.zapline.wire.ZapListCursor;
import dev.zapline.wire.ZapListWriter;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import dev.zapline.wire.ZapObjectWriter;
import dev.zapline.wire.ZapSlice;
import dev.zapline.wire.ZapValidator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Examples for the readers, the builder, lists, layouts and validation of {@code dev.zapline.wire}. */
final class WireSnippets {

    private static final byte[] ETH_GET_BALANCE = "eth_getBalance".getBytes(StandardCharsets.US_ASCII);
    private long id;
    private long balance;
    private long block;
    private byte[] blockHash = new byte[32];
    private byte[] account = new byte[20];
    private List<byte[]> frames = List.of();

    private static void handle(long id, ZapObject root) {}

    private static void handle(ZapSlice element) {}

    int builder() {
        // @start region="builder"
        ZapBuilder b = new ZapBuilder(); // once per thread or connection
        b.reset();
        ZapObjectWriter resp = b.startObject(32);
        resp.setU64(0, id).setU64(8, balance).setU64(16, 42).setBytes(24, blockHash);
        resp.finishAsRoot();
        int size = b.finish(); // header written; bytes are buffer()[offset() .. offset()+size)
        // @end
        return size;
    }

    int objectWriter(ZapBuilder builder) {
        // @start region="objectWriter"
        ZapObjectWriter w = builder.startObject(32);
        w.setU64(0, id).setU64(8, block).setText(16, "eth_getBalance").setBytes(24, account);
        int position = w.finish();
        // @end
        return position;
    }

    void listWriter(ZapBuilder builder) {
        ZapObjectWriter parent = builder.startObject(48);
        // @start region="listWriter"
        ZapListWriter tags = builder.startList();
        tags.addU32(7).addU32(9);
        int tagsAt = tags.finish(), tagCount = tags.count();
        parent.setList(40, tagsAt, tagCount); // the parent may be started before or after the list
        // @end
    }

    void message() {
        // @start region="message"
        ZapMessage msg = new ZapMessage(); // once per thread or connection
        ZapObject root = new ZapObject();
        for (byte[] frame : frames) {
            msg.wrap(frame).root(root); // validates the header, throws ZapFormatException if bad
            long id = root.u64(0);
            handle(id, root);
        }
        // @end
    }

    long object(ZapMessage msg, ZapSlice slice) {
        // @start region="object"
        ZapObject req = msg.root(new ZapObject());
        long id = req.u64(0);
        int methodLength = req.bytesLength(16);
        ZapSlice account = req.bytes(24, slice);
        // @end
        return id + methodLength + account.length();
    }

    long list(ZapObject obj) {
        long sum = 0;
        // @start region="list"
        ZapList tags = obj.list(40, new ZapList());
        for (int i = 0; i < tags.count(); i++) {
            sum += tags.u32(i);
        }
        // @end
        return sum;
    }

    void listCursor(ZapList list) {
        // @start region="listCursor"
        ZapListCursor cursor = new ZapListCursor(); // reusable
        ZapSlice element = new ZapSlice();
        for (cursor.reset(list); cursor.next(); ) {
            handle(cursor.element(element)); // a view of the element's payload, no copy
        }
        // @end
    }

    boolean slice(ZapObject req) {
        // @start region="slice"
        ZapSlice method = new ZapSlice();
        boolean balanceCall = req.bytes(16, method).contentEquals(ETH_GET_BALANCE); // no copy, no allocation
        // @end
        return balanceCall;
    }

    int layout() {
        // @start region="layout"
        ZapLayout req = ZapLayout.builder()
                .u64("id")
                .u64("block")
                .text("method")
                .bytes("account")
                .build();
        req.fixedSize(); // 32
        ZapLayout same = ZapLayout.parse("id:u64@0,block:u64@8,method:text@16,account:bytes@24");
        // @end
        return same.fixedSize();
    }

    void validator(ZapMessage msg) {
        // @start region="validator"
        ZapLayout request = ZapLayout.parse("id:u64@0,block:u64@8,method:text@16,account:bytes@24");
        ZapValidator.validate(msg, request); // throws ZapFormatException naming the first bad pointer
        // @end
    }
}
