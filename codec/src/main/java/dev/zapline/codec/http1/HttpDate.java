package dev.zapline.codec.http1;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code date} response header line, formatted once a second (RFC 9110 §5.6.7 IMF-fixdate) and reused in
 * between. Time is given by the caller, so tests use a manual clock.
 *
 * {@snippet class=dev.zapline.codec.snippets.Http1Snippets region=date}
 *
 * <p>Not thread-safe: one per event loop.
 */
public final class HttpDate {

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private long second = Long.MIN_VALUE;
    private byte[] line;

    /** The header line for {@code epochMillis}, CRLF included; the same array until the second changes. */
    public byte[] line(long epochMillis) {
        long s = Math.floorDiv(epochMillis, 1000);
        if (s != second) {
            second = s;
            line = ("date: " + IMF_FIXDATE.format(Instant.ofEpochSecond(s)) + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
        }
        return line;
    }
}
