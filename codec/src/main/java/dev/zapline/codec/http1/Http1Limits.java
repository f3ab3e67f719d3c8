package dev.zapline.codec.http1;

/**
 * Limits on one HTTP/1.1 request, each answered with its own status when exceeded.
 *
 * @param maxRequestLine longest request line in bytes, CRLF excluded (414 URI Too Long)
 * @param maxHeaderBytes largest header section in bytes, after the request line (431)
 * @param maxHeaders most header fields (431)
 * @param maxBody largest body in bytes, declared or chunked (413)
 * @param maxChunkLine longest chunk-size line including extensions (400)
 */
public record Http1Limits(int maxRequestLine, int maxHeaderBytes, int maxHeaders, long maxBody, int maxChunkLine) {

    /** 8 KiB request line, 64 KiB and 100 header fields, 10 MiB body, 4 KiB chunk line. */
    public static final Http1Limits DEFAULT = new Http1Limits(8 << 10, 64 << 10, 100, 10L << 20, 4 << 10);

    public Http1Limits {
        if (maxRequestLine < 16 || maxHeaderBytes < 2 || maxHeaders < 1 || maxBody < 0 || maxChunkLine < 3) {
            throw new IllegalArgumentException(
                    "limits out of range: line " + maxRequestLine + ", header bytes " + maxHeaderBytes + ", headers "
                            + maxHeaders + ", body " + maxBody + ", chunk line " + maxChunkLine);
        }
    }

    public Http1Limits withMaxBody(long bytes) {
        return new Http1Limits(maxRequestLine, maxHeaderBytes, maxHeaders, bytes, maxChunkLine);
    }
}
