package dev.zapline.server.rpc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How the RPC connection fuzz targets read the fuzzer's bytes: the low 3 bits of the first byte are a number of
 * cuts k, the next k bytes the lengths of the first k chunks, and the rest the byte stream (after {@code prefix},
 * a valid handshake when a target starts past it) that is fed to the connection in those chunks.
 */
public final class FuzzStream {

    private final byte[] stream;
    private final List<byte[]> chunks = new ArrayList<>();

    public FuzzStream(byte[] prefix, byte[] data) {
        int cuts = data.length == 0 ? 0 : Math.min(data[0] & 7, data.length - 1);
        int from = data.length == 0 ? 0 : 1 + cuts;
        stream = new byte[prefix.length + data.length - from];
        System.arraycopy(prefix, 0, stream, 0, prefix.length);
        System.arraycopy(data, from, stream, prefix.length, data.length - from);
        int at = 0;
        for (int i = 0; i < cuts && at < stream.length; i++) {
            int n = Math.min(data[1 + i] & 0xFF, stream.length - at);
            chunks.add(Arrays.copyOfRange(stream, at, at + n));
            at += n;
        }
        chunks.add(Arrays.copyOfRange(stream, at, stream.length));
    }

    /** Everything the connection is given, in order. */
    public byte[] stream() {
        return stream;
    }

    /** The stream in the pieces it is given in; some may be empty. */
    public List<byte[]> chunks() {
        return chunks;
    }

    public static long u32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }
}
