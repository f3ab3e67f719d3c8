package dev.zapline.wire.peer;

import dev.zapline.wire.ZapKind;
import dev.zapline.wire.peer.PeerModel.AddElement;
import dev.zapline.wire.peer.PeerModel.AddMessage;
import dev.zapline.wire.peer.PeerModel.EndList;
import dev.zapline.wire.peer.PeerModel.Finish;
import dev.zapline.wire.peer.PeerModel.ListVal;
import dev.zapline.wire.peer.PeerModel.Msg;
import dev.zapline.wire.peer.PeerModel.Obj;
import dev.zapline.wire.peer.PeerModel.Op;
import dev.zapline.wire.peer.PeerModel.SetBytes;
import dev.zapline.wire.peer.PeerModel.SetFixed;
import dev.zapline.wire.peer.PeerModel.SetList;
import dev.zapline.wire.peer.PeerModel.SetObject;
import dev.zapline.wire.peer.PeerModel.SetScalar;
import dev.zapline.wire.peer.PeerModel.SetText;
import dev.zapline.wire.peer.PeerModel.Slot;
import dev.zapline.wire.peer.PeerModel.Start;
import dev.zapline.wire.peer.PeerModel.StartList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Turns a value tree into builder calls in a random but legal order: each nested object and list is built either
 * before its parent starts (a backward pointer) or while the parent is open (forward); the parent's set calls come
 * in random order, and some fields are set twice (an earlier value, then the final one), so deferred payloads pile
 * up in an order unrelated to the layout.
 */
final class Emitter {

    private final SplittableRandom r;
    private final int depth;
    private final List<Op> ops = new ArrayList<>();
    private int nextObject;
    private int nextList;

    Emitter(SplittableRandom r, int depth) {
        this.r = r;
        this.depth = depth;
    }

    List<Op> ops() {
        return List.copyOf(ops);
    }

    int emitObject(Obj o, boolean root) {
        int id = nextObject++;
        List<Runnable> actions = new ArrayList<>();
        List<Runnable[]> earlier = new ArrayList<>();
        for (Slot s : o.slots()) {
            switch (s.kind()) {
                case STRUCT -> {
                    Obj child = (Obj) s.value();
                    if (child == null) {
                        if (r.nextBoolean()) {
                            actions.add(() -> ops.add(new SetObject(id, s.offset(), -1)));
                        }
                    } else if (r.nextBoolean()) {
                        int before = emitObject(child, false);
                        actions.add(() -> ops.add(new SetObject(id, s.offset(), before)));
                    } else {
                        actions.add(() -> ops.add(new SetObject(id, s.offset(), emitObject(child, false))));
                    }
                }
                case LIST -> {
                    ListVal list = (ListVal) s.value();
                    if (list == null) {
                        continue;
                    }
                    if (r.nextBoolean()) {
                        int before = emitList(list);
                        actions.add(() -> ops.add(new SetList(id, s.offset(), before)));
                    } else {
                        actions.add(() -> ops.add(new SetList(id, s.offset(), emitList(list))));
                    }
                }
                default -> {
                    Runnable last = set(id, s, s.value());
                    actions.add(last);
                    if (r.nextInt(8) == 0) {
                        earlier.add(new Runnable[] {set(id, s, RandomMessages.value(r, s.kind(), s.n(), depth)), last});
                    }
                }
            }
        }
        shuffle(actions);
        for (Runnable[] pair : earlier) {
            actions.add(r.nextInt(actions.indexOf(pair[1]) + 1), pair[0]);
        }
        ops.add(new Start(id, o.size()));
        actions.forEach(Runnable::run);
        ops.add(new Finish(id, root));
        return id;
    }

    private int emitList(ListVal list) {
        int id = nextList++;
        ops.add(new StartList(id));
        for (Object item : list.items()) {
            ops.add(
                    switch (list.element()) {
                        case TEXT -> new AddElement(id, ((String) item).getBytes(StandardCharsets.UTF_8));
                        case BYTES -> new AddElement(id, (byte[]) item);
                        default -> new AddMessage(id, (Msg) item);
                    });
        }
        ops.add(new EndList(id));
        return id;
    }

    private Runnable set(int id, Slot s, Object value) {
        ZapKind kind = s.kind();
        return switch (kind) {
            case TEXT -> () -> ops.add(new SetText(id, s.offset(), (String) value));
            case BYTES -> () -> ops.add(new SetBytes(id, s.offset(), (byte[]) value));
            case FIXED -> () -> ops.add(new SetFixed(id, s.offset(), (byte[]) value));
            default -> () -> ops.add(new SetScalar(id, kind, s.offset(), (Long) value));
        };
    }

    private void shuffle(List<Runnable> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            Runnable t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }
}
