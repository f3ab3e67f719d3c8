package dev.zapline.wire.peer;

import dev.zapline.wire.ZapKind;
import java.util.List;

/**
 * A random message for the differential test, twice over: the tree of values it must decode to ({@link Obj}), and
 * the builder calls that produce it ({@link Op}), which both runtimes replay in the same order.
 */
final class PeerModel {

    private PeerModel() {}

    /** One message: header version and flags, the builder's initial capacity, the expected tree and the calls. */
    record Msg(int version, int flags, int capacity, Obj root, List<Op> ops) {}

    /** An object: fixed-section size and its fields in offset order. */
    record Obj(int size, List<Slot> slots) {}

    /**
     * One field and the value it must read back as: a {@code Long} (raw bits) for scalars, a {@code String} for
     * text, a {@code byte[]} for bytes and fixed bytes, an {@link Obj} (or null: unset) for a nested struct, a
     * {@link ListVal} (or null: unset) for a list.
     */
    record Slot(ZapKind kind, int offset, int n, Object value) {}

    /**
     * A variable-element list: element shape TEXT ({@code String}s), BYTES ({@code byte[]}s) or STRUCT ({@link Msg}s).
     */
    record ListVal(ZapKind element, List<Object> items) {}

    /** The builder calls, with objects and lists named by ids local to their message. */
    sealed interface Op {}

    record Start(int id, int size) implements Op {}

    record SetScalar(int obj, ZapKind kind, int field, long bits) implements Op {}

    record SetText(int obj, int field, String text) implements Op {}

    record SetBytes(int obj, int field, byte[] bytes) implements Op {}

    record SetFixed(int obj, int field, byte[] bytes) implements Op {}

    /** Points a struct field at a finished object; target -1 writes an explicit null. */
    record SetObject(int obj, int field, int target) implements Op {}

    record Finish(int id, boolean root) implements Op {}

    record StartList(int id) implements Op {}

    record AddElement(int list, byte[] bytes) implements Op {}

    record AddMessage(int list, Msg msg) implements Op {}

    record EndList(int id) implements Op {}

    record SetList(int obj, int field, int list) implements Op {}
}
