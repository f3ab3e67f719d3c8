package dev.zapline.load.journey;

import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A run of template parts compiled for writing: adjacent literals merged into one array, each slot reduced to its
 * kind and argument, so writing is a loop over arrays. Per-write state (the dynamic values drawn for a body) lives in
 * arrays allocated here once; confined to one thread, like its {@link RequestWriter}.
 */
final class Pieces {

    private static final int LITERAL = 0;
    private static final int DATA = 1;
    private static final int DYNAMIC = 2;
    private static final int EXTRACTED = 3;

    private final int[] kinds;
    private final byte[][] literals;
    private final int[] args;
    private final Part.Dynamic[] dynamics;
    private final int[] drawnLength;

    private Pieces(List<Part> parts) {
        int n = parts.size();
        kinds = new int[n];
        literals = new byte[n][];
        args = new int[n];
        dynamics = new Part.Dynamic[n];
        drawnLength = new int[n];
        for (int i = 0; i < n; i++) {
            Part p = parts.get(i);
            if (p instanceof Part.Literal l) {
                kinds[i] = LITERAL;
                literals[i] = l.bytes();
            } else if (p instanceof Part.DataColumn d) {
                kinds[i] = DATA;
                args[i] = d.column();
            } else if (p instanceof Part.Extracted e) {
                kinds[i] = EXTRACTED;
                args[i] = e.slot();
            } else {
                kinds[i] = DYNAMIC;
                dynamics[i] = (Part.Dynamic) p;
            }
        }
    }

    /** Compiles {@code parts}, merging adjacent literals and dropping empty ones. */
    static Pieces of(List<Part> parts) {
        List<Part> merged = new ArrayList<>();
        ByteArrayOutputStream literal = new ByteArrayOutputStream();
        for (Part p : parts) {
            if (p instanceof Part.Literal l) {
                literal.writeBytes(l.bytes());
            } else {
                if (literal.size() > 0) {
                    merged.add(new Part.Literal(literal.toByteArray()));
                    literal.reset();
                }
                merged.add(p);
            }
        }
        if (literal.size() > 0) {
            merged.add(new Part.Literal(literal.toByteArray()));
        }
        return new Pieces(merged);
    }

    /** How many dynamic values these pieces draw per write. */
    int dynamicCount() {
        int n = 0;
        for (int kind : kinds) {
            n += kind == DYNAMIC ? 1 : 0;
        }
        return n;
    }

    /**
     * Draws the dynamic values into {@code scratch} (in order, each {@link Dynamics#MAX_LENGTH} apart) and returns
     * the length {@link #writeDrawn} will write, or -1 when a data column or extracted value is missing.
     */
    int draw(Iteration it, Dynamics d, long wallMillis, byte[] scratch) {
        long total = 0;
        int drawn = 0;
        for (int i = 0; i < kinds.length; i++) {
            int len = switch (kinds[i]) {
                case LITERAL -> literals[i].length;
                case DATA -> dataLength(it, args[i]);
                case EXTRACTED -> it.length(args[i]);
                default -> d.write(dynamics[i], wallMillis, scratch, drawn++ * Dynamics.MAX_LENGTH);
            };
            if (len < 0) {
                return -1;
            }
            drawnLength[i] = len;
            total += len;
        }
        return total > Integer.MAX_VALUE ? -1 : (int) total;
    }

    /** Writes the pieces with the values {@link #draw} drew into {@code scratch}. */
    void writeDrawn(Iteration it, byte[] scratch, ByteBuf out) {
        int drawn = 0;
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case LITERAL -> out.writeBytes(literals[i]);
                case DATA -> out.writeBytes(it.row()[args[i]]);
                case EXTRACTED -> out.writeBytes(it.arena(), it.offset(args[i]), it.length(args[i]));
                default -> out.writeBytes(scratch, drawn++ * Dynamics.MAX_LENGTH, drawnLength[i]);
            }
        }
    }

    /**
     * Writes the pieces as part of a request head, drawing dynamic values through {@code scratch} (at least
     * {@link Dynamics#MAX_LENGTH} bytes).
     *
     * @return false, having written part of them, when a value is missing or holds a CR or LF (it would end the
     *     line early and inject a header of the server's choosing)
     */
    boolean writeHead(Iteration it, Dynamics d, long wallMillis, byte[] scratch, ByteBuf out) {
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case LITERAL -> out.writeBytes(literals[i]);
                case DATA -> {
                    if (dataLength(it, args[i]) < 0) {
                        return false;
                    }
                    byte[] value = it.row()[args[i]];
                    if (!safe(value, 0, value.length)) {
                        return false;
                    }
                    out.writeBytes(value);
                }
                case EXTRACTED -> {
                    int slot = args[i];
                    int len = it.length(slot);
                    if (len < 0 || !safe(it.arena(), it.offset(slot), len)) {
                        return false;
                    }
                    out.writeBytes(it.arena(), it.offset(slot), len);
                }
                default -> out.writeBytes(scratch, 0, d.write(dynamics[i], wallMillis, scratch, 0));
            }
        }
        return true;
    }

    private static int dataLength(Iteration it, int column) {
        byte[][] row = it.row();
        if (row == null || column >= row.length || row[column] == null) {
            return -1;
        }
        return row[column].length;
    }

    /** Whether {@code len} bytes from {@code off} hold no CR and no LF. */
    private static boolean safe(byte[] b, int off, int len) {
        for (int i = off, end = off + len; i < end; i++) {
            if (b[i] == '\r' || b[i] == '\n') {
                return false;
            }
        }
        return true;
    }
}
