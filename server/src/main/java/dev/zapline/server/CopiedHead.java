package dev.zapline.server;

/**
 * The part of {@link RequestHead} that a transport which copies its request line into an array of its own (a
 * zaphttp frame's method and target, an HTTP/2 stream's pseudo-headers and headers) answers alike: the array and
 * the method, target, path and query ranges in it. The method starts at 0. Event-loop confined, like its heads.
 */
abstract class CopiedHead implements RequestHead {

    /** Method, target and whatever else the head copies, from 0. */
    byte[] line;

    int methodLength;
    int targetStart;
    int targetLength;
    int pathLength;
    /** Start of the query after '?', or -1. */
    int queryStart;

    CopiedHead(int capacity) {
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
