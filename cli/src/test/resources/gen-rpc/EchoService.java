package dev.zapline.cli.genrpc;

import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapSlice;

/**
 * The test implementation of the generated {@code EchoServer} (compiled in-test with the generated code): echo
 * answers the note with Seq + 1, Flag negated, Level negated, Ratio doubled, Tag and Blob reversed and Label
 * {@code "heard N"} (N the request label's length in bytes); a request labelled {@code boom} throws. Every echo
 * and tell is counted. Allocation-free once warm (scratch arrays per blob length). One event loop only. (Field
 * names avoid {@code text} and {@code data}: the npm zapgen's views would shadow their own methods with them.)
 */
public final class EchoService implements EchoServer {

    private static final byte[] BOOM = {'b', 'o', 'o', 'm'};

    private final ZapSlice slice = new ZapSlice();
    private final byte[] tag = new byte[4];
    private final byte[][] blobs = new byte[257][];
    private final StringBuilder label = new StringBuilder(32);
    private long heard;

    @Override
    public void echo(Note req, ZapBuilder response) {
        heard++;
        if (req.labelEquals(BOOM)) {
            throw new IllegalStateException("boom asked for");
        }
        req.tag(slice).getBytes(tag, 0);
        reverse(tag, tag.length);
        int n = req.blobLength();
        byte[] d = n < blobs.length ? scratch(n) : new byte[n];
        req.copyBlob(d, 0);
        reverse(d, n);
        label.setLength(0);
        label.append("heard ").append(req.labelLength());
        Note.encode(response, req.seq() + 1, !req.flag(), -req.level(), req.ratio() * 2, tag, label, d);
    }

    @Override
    public void count(ZapBuilder response) {
        Count.encode(response, heard);
    }

    @Override
    public void tell(Note req) {
        heard++;
    }

    @Override
    public void forget() {
        heard = 0;
    }

    private byte[] scratch(int n) {
        byte[] d = blobs[n];
        if (d == null) {
            d = new byte[n];
            blobs[n] = d;
        }
        return d;
    }

    private static void reverse(byte[] b, int n) {
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
    }
}
