package dev.zapline.codec.zaphttp;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.zapline.wire.AccessorSweep;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapObject;
import java.nio.ByteBuffer;

/**
 * Fuzz targets for everything that reads bytes off the network. In a normal build they replay their regression
 * inputs ({@code src/test/resources/dev/zapline/codec/zaphttp/ZapFrameFuzzTestInputs/<method>/}); to fuzz:
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_MAX_DURATION=10m ./mvnw -o -pl wire,codec test \
 *     -Dtest='ZapFrameFuzzTest#anyBytesReadSafely' -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * The only exception allowed out of a wrap or a codec reader's {@code wrap} is {@link ZapFormatException}; every
 * accessor after a successful wrap is total. Anything else escaping is a finding.
 */
class ZapFrameFuzzTest {

    private final ZapMessage msg = new ZapMessage();
    private final AccessorSweep sweep = new AccessorSweep();
    private final FrameReaders readers = new FrameReaders();
    private final ZapBuilder builder = new ZapBuilder();

    /** Any bytes as a whole message: every accessor, the validator and every codec reader, on heap and direct. */
    @FuzzTest
    void anyBytesReadSafely(byte[] data) {
        try {
            msg.wrap(data);
        } catch (ZapFormatException e) {
            readers.headers(msg.root(new ZapObject()).bytes(0, new dev.zapline.wire.ZapSlice()));
            return;
        }
        long heap = sweep.sweep(msg) + readers.read(msg);
        ByteBuffer direct = ByteBuffer.allocateDirect(msg.size()).put(0, data, 0, msg.size());
        msg.wrap(direct, 0, msg.size());
        long viaDirect = sweep.sweep(msg) + readers.read(msg);
        if (heap != viaDirect) {
            throw new IllegalStateException("heap and direct reads of the same message differ");
        }
    }

    /** Any bytes as the header block (and the trailer) of an otherwise valid request frame. */
    @FuzzTest
    void anyHeaderBlockWalksSafely(byte[] block) {
        builder.reset();
        builder.startObject(ZapHttp.MESSAGE_SIZE)
                .setText(ZapHttp.REQ_METHOD, "POST")
                .setBytes(ZapHttp.REQ_HEADERS, block)
                .setBytes(ZapHttp.REQ_TRAILER, block)
                .finishAsRoot();
        builder.finish(dev.zapline.wire.Zap.flags(ZapHttp.REQUEST, 0));
        msg.wrap(builder.buffer(), builder.offset(), builder.size());
        readers.read(msg);
    }
}
