package dev.zapline.codec.eth.json;

import java.io.OutputStream;
import java.util.Objects;

/** An {@link OutputStream} that writes into a caller's array from index 0, reused per call. Not thread-safe. */
final class ArraySink extends OutputStream {

    private byte[] target = new byte[0];
    private int count;

    ArraySink reset(byte[] target) {
        this.target = target;
        this.count = 0;
        return this;
    }

    int count() {
        return count;
    }

    @Override
    public void write(int b) {
        ensure(1);
        target[count++] = (byte) b;
    }

    @Override
    public void write(byte[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        ensure(len);
        System.arraycopy(src, off, target, count, len);
        count += len;
    }

    private void ensure(int n) {
        if (target.length - count < n) {
            throw new IllegalStateException(
                    "output of " + target.length + " bytes cannot take " + n + " more after " + count);
        }
    }
}
