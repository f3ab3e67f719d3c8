package dev.zapline.load.engine;

import dev.zapline.codec.http1.BodySink;
import dev.zapline.load.shape.ResponseShapes;
import io.netty.buffer.ByteBuf;

/**
 * Where an HTTP/1.1 connection copies the body of a response it samples for its shape
 * ({@code --sample-responses}): into a heap array it grows as needed up to {@link ResponseShapes#MAX_BODY}, beyond
 * which the body is only counted as too large (and never fails the response, unlike the parser's own buffering
 * limit). Used only for sampled responses; one per connection, made on the first. Confined to the loop.
 */
final class SampleSink implements BodySink {

    private byte[] bytes = new byte[1024];
    private int length;
    private boolean tooLarge;

    /** A new body starts: returns this. */
    SampleSink start() {
        length = 0;
        tooLarge = false;
        return this;
    }

    @Override
    public void body(ByteBuf buf, int index, int n) {
        if (tooLarge) {
            return;
        }
        if (length + n > ResponseShapes.MAX_BODY) {
            tooLarge = true;
            return;
        }
        if (length + n > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, Math.min(ResponseShapes.MAX_BODY, Math.max(length + n, length * 2)));
        }
        buf.getBytes(index, bytes, length, n);
        length += n;
    }

    /** Hands the body to {@code shapes} as key {@code key}'s, and lets a large array go. */
    void offerTo(ResponseShapes shapes, int key) {
        shapes.offer(key, bytes, length, tooLarge);
        if (bytes.length > 64 * 1024) {
            bytes = new byte[1024];
        }
    }
}
