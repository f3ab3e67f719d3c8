package dev.zapline.server.internal;

/**
 * The part of {@link RequestHead} that a transport which copies its request line into an array of its own (a
 * zaphttp frame's method and target, an HTTP/2 stream's pseudo-headers and headers) answers alike: the array and
 * the method, target, path and query ranges in it. The method starts at 0. Event-loop confined, like its heads.
 */
public abstract class CopiedHead implements RequestHead {

    /** Method, target and whatever else the head copies, from 0. */
    public byte[] line;

    public int methodLength;
    public int targetStart;
    public int targetLength;
    public int pathLength;
    /** Start of the query after '?', or -1. */
    public int queryStart;

    public CopiedHead(int capacity) {
        line = new byte[capacity];
    }

    @Override
    public final byte[] bytes() {
        return line;
    }

    @Override
    public final int methodStart() {
        return 0;
    }

    @Override
    public final int methodLength() {
        return methodLength;
    }

    @Override
    public final int targetStart() {
        return targetStart;
    }

    @Override
    public final int targetLength() {
        return targetLength;
    }

    @Override
    public final int pathLength() {
        return pathLength;
    }

    @Override
    public final int queryStart() {
        return queryStart;
    }

    @Override
    public final int queryLength() {
        return queryStart < 0 ? 0 : targetStart + targetLength - queryStart;
    }
}
