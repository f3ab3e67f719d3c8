package dev.zapline.codec.http1;

/**
 * Limits on one HTTP/1.1 response read by {@link Http1ResponseParser}; exceeding one is an {@link Http1Exception}.
 *
 * @param maxStatusLine longest status line in bytes, CRLF excluded
 * @param maxHeaderBytes largest header section (and chunked trailer section) in bytes, line endings included
 * @param maxBufferedBody largest body copied into a buffer given to {@link Http1ResponseParser#bufferBodyInto};
 *     skipped and streamed bodies are not limited
 * @param maxChunkLine longest chunk-size line including extensions, and longest trailer line
 */
public record Http1ResponseLimits(int maxStatusLine, int maxHeaderBytes, long maxBufferedBody, int maxChunkLine) {

    /** 8 KiB status line, 64 KiB header section, 10 MiB buffered body, 4 KiB chunk line. */
    public static final Http1ResponseLimits DEFAULT = new Http1ResponseLimits(8 << 10, 64 << 10, 10L << 20, 4 << 10);

    public Http1ResponseLimits {
        if (maxStatusLine < 12 || maxHeaderBytes < 2 || maxBufferedBody < 0 || maxChunkLine < 3) {
            throw new IllegalArgumentException("limits out of range: status line " + maxStatusLine + ", header bytes "
                    + maxHeaderBytes + ", buffered body " + maxBufferedBody + ", chunk line " + maxChunkLine);
        }
    }

    /** The same limits for the chunked body decoder, which counts but does not limit the body. */
    Http1Limits forChunks() {
        return new Http1Limits(Math.max(16, maxStatusLine), maxHeaderBytes, 1, Long.MAX_VALUE, maxChunkLine);
    }
}
