package dev.zapline.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The bytes a connection has read and not decoded yet: appended to with geometric growth, so a large body costs
 * O(n), and compacted after each decode without shifting bytes under a slice a handler kept. Stateless.
 */
public final class Accumulation {

    private Accumulation() {}

    /** Appends {@code in} to {@code acc} (releasing it) and returns the buffer now holding both. */
    public static ByteBuf append(ByteBufAllocator alloc, ByteBuf acc, ByteBuf in) {
        if (acc == null) {
            return in;
        }
        int n = in.readableBytes();
        if (acc.refCnt() > 1 || acc.isReadOnly() || acc.maxWritableBytes() < n) {
            // A handler kept a slice of it, or it cannot grow: continue in a fresh buffer.
            ByteBuf grown = alloc.buffer(Math.max(acc.readableBytes() + n, acc.capacity() * 2));
            grown.writeBytes(acc);
            acc.release();
            acc = grown;
        }
        acc.writeBytes(in);
        in.release();
        return acc;
    }

    /**
     * After a decode: releases {@code acc} when it is used up or {@code drop} (the connection is closing) and
     * returns null, else returns it with its read bytes discarded where that is safe.
     */
    public static ByteBuf compact(ByteBufAllocator alloc, ByteBuf acc, boolean drop) {
        if (!acc.isReadable() || drop) {
            acc.release();
            return null;
        }
        if (acc.refCnt() > 1) {
            // A handler kept a slice of the last body: move the unread bytes instead of shifting them under it.
            ByteBuf rest = alloc.buffer(acc.readableBytes());
            rest.writeBytes(acc);
            acc.release();
            return rest;
        }
        acc.discardSomeReadBytes();
        return acc;
    }

    /** Releases {@code b} if it is still live; returns null, for clearing the field that held it. */
    public static ByteBuf releaseQuietly(ByteBuf b) {
        if (b != null && b.refCnt() > 0) {
            b.release();
        }
        return null;
    }
}
