package dev.zapline.codec.http1;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Runs {@link Http1ResponseParser} over everything a connection delivers, cut into pieces, then signals the close:
 * the outcome is the first final response (status, keep-alive, body streamed through a {@link BodySink}), a
 * rejection, or {@link Outcome#INCOMPLETE} when the input held no response at all.
 */
final class OurResponseSide implements BodySink {

    private final ByteBuf body = Unpooled.buffer();

    @Override
    public void body(ByteBuf buf, int index, int length) {
        body.writeBytes(buf, index, length);
    }

    static Outcome parse(byte[] input, int... cuts) {
        return parse(input, Http1ResponseLimits.DEFAULT, cuts);
    }

    static Outcome parse(byte[] input, Http1ResponseLimits limits, int... cuts) {
        OurResponseSide side = new OurResponseSide();
        Http1ResponseParser parser = new Http1ResponseParser(limits).bodySink(side);
        ByteBuf in = Unpooled.buffer();
        try {
            int from = 0;
            for (int k = 0; k <= cuts.length; k++) {
                int to = k < cuts.length ? cuts[k] : input.length;
                in.writeBytes(input, from, to - from);
                from = to;
                if (parser.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                    return side.accepted(parser);
                }
            }
            return parser.endOfInput() ? side.accepted(parser) : Outcome.INCOMPLETE;
        } catch (Http1Exception e) {
            return Outcome.reject(e.status(), e.getMessage());
        } finally {
            in.release();
            side.body.release();
        }
    }

    /**
     * Every response of {@code input}, cut into pieces at {@code cuts}, with the close signalled at the end: one
     * "status keep|close body-length body-hex" per response, and a last "error: reason" when one is refused.
     * {@code heads[i]} says whether response {@code i} answers a HEAD request.
     */
    static List<String> parseAll(byte[] input, boolean[] heads, int... cuts) {
        return parseAll(input, Http1ResponseLimits.DEFAULT, heads, cuts);
    }

    static List<String> parseAll(byte[] input, Http1ResponseLimits limits, boolean[] heads, int... cuts) {
        OurResponseSide side = new OurResponseSide();
        Http1ResponseParser parser = new Http1ResponseParser(limits).bodySink(side);
        List<String> out = new ArrayList<>();
        ByteBuf in = Unpooled.buffer();
        try {
            int from = 0;
            for (int k = 0; k <= cuts.length; k++) {
                int to = k < cuts.length ? cuts[k] : input.length;
                in.writeBytes(input, from, to - from);
                from = to;
                while (parser.parse(in, out.size() < heads.length && heads[out.size()])
                        == Http1ResponseParser.RESPONSE_COMPLETE) {
                    out.add(side.summary(parser));
                }
                in.discardReadBytes();
            }
            if (parser.endOfInput()) {
                out.add(side.summary(parser));
            }
        } catch (Http1Exception e) {
            out.add("error: " + e.getMessage());
        } finally {
            in.release();
            side.body.release();
        }
        return out;
    }

    private String summary(Http1ResponseParser p) {
        String s =
                p.status() + (p.keepAlive() ? " keep " : " close ") + p.bodyLength() + " " + ByteBufUtil.hexDump(body);
        body.clear();
        return s;
    }

    /** Index of the byte on which our parser refuses {@code input} fed one byte at a time, or its length when only
     * the close is refused. */
    static int failIndex(byte[] input) {
        Http1ResponseParser parser = new Http1ResponseParser(Http1ResponseLimits.DEFAULT);
        ByteBuf in = Unpooled.buffer();
        int i = 0;
        try {
            for (; i < input.length; i++) {
                in.writeByte(input[i]);
                if (parser.parse(in) == Http1ResponseParser.RESPONSE_COMPLETE) {
                    throw new IllegalArgumentException("input is not rejected");
                }
            }
            parser.endOfInput();
            throw new IllegalArgumentException("input is not rejected");
        } catch (Http1Exception e) {
            return i;
        } finally {
            in.release();
        }
    }

    private Outcome accepted(Http1ResponseParser p) {
        byte[] b = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), b);
        return accept(p.status(), p.keepAlive(), p.version(), p.interimResponses(), b);
    }

    /** "status keep|close length", then version, interim responses and the body in hex, one per line. */
    static Outcome accept(int status, boolean keepAlive, int version, int interim, byte[] body) {
        return new Outcome(
                Outcome.Kind.ACCEPT,
                0,
                status + (keepAlive ? " keep " : " close ") + body.length + "\nversion " + version + "\ninterim "
                        + interim + "\nbody " + HexFormat.of().formatHex(body));
    }
}
