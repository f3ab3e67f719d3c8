package dev.zapline.server.internal.http2;

import io.netty.handler.codec.EmptyHeaders;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A response's header list as the HPACK encoder reads it: {@code :status} then the fields, in two reused arrays,
 * iterated by one reused iterator and entry, so sending a response allocates no header entries. The encoder only
 * iterates (twice, one pass after the other) and the connection encoder reads {@link #status()}; everything else
 * is {@link EmptyHeaders}'s: empty, or refusing to change. The names and values must be immutable: HPACK's dynamic
 * table keeps references to them. Reused per connection; event-loop confined.
 */
public final class Http2ResponseFields extends EmptyHeaders<CharSequence, CharSequence, Http2Headers>
        implements Http2Headers {

    private static final CharSequence STATUS = Http2Headers.PseudoHeaderName.STATUS.value();

    private CharSequence[] names = new CharSequence[16];
    private CharSequence[] values = new CharSequence[16];
    private int size;
    private final Fields iterator = new Fields();

    /** Starts a new list with {@code :status} {@code status}. */
    public Http2ResponseFields reset(CharSequence status) {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
        return field(STATUS, status);
    }

    public Http2ResponseFields field(CharSequence name, CharSequence value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size++] = value;
        return this;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public Iterator<Map.Entry<CharSequence, CharSequence>> iterator() {
        iterator.next = 0;
        return iterator;
    }

    @Override
    public CharSequence status() {
        return size == 0 ? null : values[0];
    }

    @Override
    public Iterator<CharSequence> valueIterator(CharSequence name) {
        throw new UnsupportedOperationException("read by iteration only");
    }

    @Override
    public Http2Headers method(CharSequence value) {
        throw new UnsupportedOperationException("a response has no :method");
    }

    @Override
    public Http2Headers scheme(CharSequence value) {
        throw new UnsupportedOperationException("a response has no :scheme");
    }

    @Override
    public Http2Headers authority(CharSequence value) {
        throw new UnsupportedOperationException("a response has no :authority");
    }

    @Override
    public Http2Headers path(CharSequence value) {
        throw new UnsupportedOperationException("a response has no :path");
    }

    @Override
    public Http2Headers status(CharSequence value) {
        return reset(value);
    }

    @Override
    public CharSequence method() {
        return null;
    }

    @Override
    public CharSequence scheme() {
        return null;
    }

    @Override
    public CharSequence authority() {
        return null;
    }

    @Override
    public CharSequence path() {
        return null;
    }

    @Override
    public boolean contains(CharSequence name, CharSequence value, boolean caseInsensitive) {
        return false;
    }

    /** The iterator and its one entry: valid until the next {@code next()}. */
    private final class Fields
            implements Iterator<Map.Entry<CharSequence, CharSequence>>, Map.Entry<CharSequence, CharSequence> {
        int next;
        private int at;

        @Override
        public boolean hasNext() {
            return next < size;
        }

        @Override
        public Map.Entry<CharSequence, CharSequence> next() {
            if (next >= size) {
                throw new NoSuchElementException();
            }
            at = next++;
            return this;
        }

        @Override
        public CharSequence getKey() {
            return names[at];
        }

        @Override
        public CharSequence getValue() {
            return values[at];
        }

        @Override
        public CharSequence setValue(CharSequence value) {
            throw new UnsupportedOperationException();
        }
    }
}
