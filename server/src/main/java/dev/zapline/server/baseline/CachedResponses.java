package dev.zapline.server.baseline;

import dev.zapline.codec.http1.HttpDate;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The raw baseline's complete responses, date included, the way a hand-written Netty server keeps them: one task
 * on an event loop rebuilds them every 100 ms (so the date is never more than that behind the second), and every
 * response is one copy of the current array, with no clock call and no header encoding per request.
 *
 * <pre>{@code
 * CachedResponses responses = new CachedResponses(System::currentTimeMillis);
 * responses.start(group.next());
 * out.writeBytes(responses.ok());
 * }</pre>
 *
 * <p>The headers are zapline's for {@code ctx.contentType("text/plain").send("ok")}, byte for byte (a test
 * compares them). {@link #ok()} and {@link #notFound()} may be read from any thread; {@link #refresh()} runs on
 * one thread at a time.
 */
public final class CachedResponses {

    private static final byte[] OK_STATUS = ascii("HTTP/1.1 200 OK\r\n");
    private static final byte[] OK_REST = ascii("content-type: text/plain\r\ncontent-length: 2\r\n\r\nok");
    private static final byte[] NOT_FOUND_STATUS = ascii("HTTP/1.1 404 Not Found\r\n");
    private static final byte[] NOT_FOUND_REST = ascii("content-length: 0\r\nconnection: close\r\n\r\n");

    private final LongSupplier millis;
    private final HttpDate date = new HttpDate();
    private volatile byte[] ok;
    private volatile byte[] notFound;
    private byte[] builtFor;

    public CachedResponses(LongSupplier millis) {
        this.millis = millis;
        refresh();
    }

    /** Rebuilds the responses on {@code loop} every 100 ms until the loop shuts down. */
    public ScheduledFuture<?> start(EventExecutor loop) {
        return loop.scheduleAtFixedRate(this::refresh, 100, 100, TimeUnit.MILLISECONDS);
    }

    public void refresh() {
        byte[] line = date.line(millis.getAsLong());
        if (line != builtFor) {
            builtFor = line;
            notFound = concat(NOT_FOUND_STATUS, line, NOT_FOUND_REST);
            ok = concat(OK_STATUS, line, OK_REST);
        }
    }

    /** {@code 200 OK}, date, {@code content-type: text/plain}, {@code content-length: 2}, body {@code ok}. */
    public byte[] ok() {
        return ok;
    }

    /** {@code 404 Not Found} with {@code connection: close}: the answer to anything but {@code GET /health}. */
    public byte[] notFound() {
        return notFound;
    }

    private static byte[] concat(byte[] a, byte[] b, byte[] c) {
        byte[] r = new byte[a.length + b.length + c.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        System.arraycopy(c, 0, r, a.length + b.length, c.length);
        return r;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
