package dev.zapline.wire;

import java.util.Arrays;

/**
 * Payloads of text and bytes fields waiting for their object's finish, in set-call order. The bytes are copied
 * into a scratch area at set time (the caller may reuse its array at once), so nothing here allocates once the
 * arrays have grown to the largest message.
 */
final class Deferred {

    private int[] owner = new int[8];
    private int[] slot = new int[8];
    private int[] from = new int[8];
    private int[] length = new int[8];
    private int count;
    private byte[] scratch = new byte[256];
    private int used;

    void clear() {
        count = 0;
        used = 0;
    }

    void add(int ownerDepth, int slotPosition, byte[] src, int off, int len) {
        int at = claim(ownerDepth, slotPosition, len);
        System.arraycopy(src, off, scratch, at, len);
    }

    void add(int ownerDepth, int slotPosition, ZapMessage msg, int msgPos, int len) {
        int at = claim(ownerDepth, slotPosition, len);
        msg.copy(msgPos, scratch, at, len);
    }

    /** Encodes {@code text} as UTF-8; returns its byte length (0 adds nothing). */
    int addUtf8(int ownerDepth, int slotPosition, CharSequence text) {
        int len = Utf8.length(text);
        if (len > 0) {
            int at = claim(ownerDepth, slotPosition, len);
            Utf8.encode(text, scratch, at);
        }
        return len;
    }

    private int claim(int ownerDepth, int slotPosition, int len) {
        if (count == owner.length) {
            int n = count * 2;
            owner = Arrays.copyOf(owner, n);
            slot = Arrays.copyOf(slot, n);
            from = Arrays.copyOf(from, n);
            length = Arrays.copyOf(length, n);
        }
        if (used + len > scratch.length) {
            scratch = Arrays.copyOf(scratch, Math.max(scratch.length * 2, used + len));
        }
        owner[count] = ownerDepth;
        slot[count] = slotPosition;
        from[count] = used;
        length[count] = len;
        count++;
        int at = used;
        used += len;
        return at;
    }

    /** Appends the payloads of {@code ownerDepth} at the builder's position, patching each slot's relOffset. */
    void flush(ZapBuilder b, int ownerDepth) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (owner[i] != ownerDepth) {
                owner[kept] = owner[i];
                slot[kept] = slot[i];
                from[kept] = from[i];
                length[kept] = length[i];
                kept++;
                continue;
            }
            int dataPos = b.position();
            b.append(scratch, from[i], length[i]);
            b.putI32(slot[i], dataPos - slot[i]);
        }
        count = kept;
        if (count == 0) {
            used = 0;
        }
    }
}
