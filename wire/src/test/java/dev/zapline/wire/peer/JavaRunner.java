package dev.zapline.wire.peer;

import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapListWriter;
import dev.zapline.wire.ZapObjectWriter;
import dev.zapline.wire.peer.PeerModel.AddElement;
import dev.zapline.wire.peer.PeerModel.AddMessage;
import dev.zapline.wire.peer.PeerModel.EndList;
import dev.zapline.wire.peer.PeerModel.Finish;
import dev.zapline.wire.peer.PeerModel.Msg;
import dev.zapline.wire.peer.PeerModel.Op;
import dev.zapline.wire.peer.PeerModel.SetBytes;
import dev.zapline.wire.peer.PeerModel.SetFixed;
import dev.zapline.wire.peer.PeerModel.SetList;
import dev.zapline.wire.peer.PeerModel.SetObject;
import dev.zapline.wire.peer.PeerModel.SetScalar;
import dev.zapline.wire.peer.PeerModel.SetText;
import dev.zapline.wire.peer.PeerModel.Start;
import dev.zapline.wire.peer.PeerModel.StartList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** Replays a message's builder calls on a {@link ZapBuilder}, as the JS driver does on the peer's builder. */
final class JavaRunner {

    private JavaRunner() {}

    /** Builds {@code m} into {@code b}, already reset for the message's version; returns the finished bytes. */
    static byte[] build(ZapBuilder b, Msg m) {
        Map<Integer, ZapObjectWriter> writers = new HashMap<>();
        Map<Integer, Integer> positions = new HashMap<>();
        Map<Integer, int[]> lists = new HashMap<>();
        ZapListWriter list = null;
        for (Op op : m.ops()) {
            switch (op) {
                case Start s -> writers.put(s.id(), b.startObject(s.size()));
                case SetScalar s -> scalar(writers.get(s.obj()), s);
                case SetText s -> writers.get(s.obj()).setText(s.field(), s.text());
                case SetBytes s -> writers.get(s.obj()).setBytes(s.field(), s.bytes());
                case SetFixed s -> writers.get(s.obj()).setFixedBytes(s.field(), s.bytes(), 0, s.bytes().length);
                case SetObject s ->
                    writers.get(s.obj()).setObject(s.field(), s.target() < 0 ? 0 : positions.get(s.target()));
                case Finish f -> {
                    ZapObjectWriter w = writers.remove(f.id());
                    positions.put(f.id(), f.root() ? w.finishAsRoot() : w.finish());
                }
                case StartList s -> list = b.startList();
                case AddElement e -> list.addElement(e.bytes());
                case AddMessage e -> {
                    ZapBuilder sub =
                            new ZapBuilder(e.msg().capacity()).reset(e.msg().version());
                    build(sub, e.msg());
                    list.addElement(sub);
                }
                case EndList e -> lists.put(e.id(), new int[] {list.finish(), list.count()});
                case SetList s -> {
                    int[] l = lists.get(s.list());
                    writers.get(s.obj()).setList(s.field(), l[0], l[1]);
                }
            }
        }
        int size = b.finish(m.flags());
        return Arrays.copyOfRange(b.buffer(), b.offset(), b.offset() + size);
    }

    private static void scalar(ZapObjectWriter w, SetScalar s) {
        int f = s.field();
        long v = s.bits();
        switch (s.kind()) {
            case BOOL -> w.setBool(f, v != 0);
            case U8 -> w.setU8(f, (int) v);
            case I8 -> w.setI8(f, (byte) v);
            case U16 -> w.setU16(f, (int) v);
            case I16 -> w.setI16(f, (short) v);
            case U32 -> w.setU32(f, v);
            case I32 -> w.setI32(f, (int) v);
            case F32 -> w.setF32(f, Float.intBitsToFloat((int) v));
            case U64 -> w.setU64(f, v);
            case I64 -> w.setI64(f, v);
            case F64 -> w.setF64(f, Double.longBitsToDouble(v));
            default -> throw new IllegalArgumentException("not a scalar: " + s.kind());
        }
    }
}
