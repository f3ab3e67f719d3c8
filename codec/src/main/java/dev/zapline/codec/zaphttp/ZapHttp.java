package dev.zapline.codec.zaphttp;

/**
 * zaphttp (HTTP semantics over ZAP frames, zap-proto/http): frame types, field offsets and defaults.
 *
 * <p>Frame types travel in the high byte of the header flags: {@link #REQUEST} 1, {@link #RESPONSE} 2,
 * {@link #STREAM_HEAD} 3, {@link #DATA} 4, {@link #END} 5. Request and response objects are 48 bytes; chunk
 * objects (types 4 and 5) are 8 bytes with the data at 0. On a stream each frame is preceded by a big-endian u32
 * length.
 */
public final class ZapHttp {

    public static final int REQUEST = 1;
    public static final int RESPONSE = 2;
    public static final int STREAM_HEAD = 3;
    public static final int DATA = 4;
    public static final int END = 5;

    /** Fixed section of request and response objects. */
    public static final int MESSAGE_SIZE = 48;
    /** Fixed section of data and end chunks. */
    public static final int CHUNK_SIZE = 8;

    public static final int REQ_METHOD = 0;
    public static final int REQ_TARGET = 8;
    public static final int REQ_PROTO = 16;
    public static final int REQ_HEADERS = 24;
    public static final int REQ_BODY = 32;
    public static final int REQ_TRAILER = 40;

    public static final int RESP_STATUS = 0;
    public static final int RESP_REASON = 8;
    public static final int RESP_PROTO = 16;
    public static final int RESP_HEADERS = 24;
    public static final int RESP_BODY = 32;
    public static final int RESP_TRAILER = 40;

    public static final int CHUNK_DATA = 0;

    /** Length of the big-endian frame length prefix on a stream. */
    public static final int FRAME_PREFIX = 4;
    /** Default largest frame a reader accepts: 64 MiB. */
    public static final int DEFAULT_MAX_FRAME = 64 << 20;

    public static final String DEFAULT_METHOD = "GET";
    public static final String DEFAULT_PROTO = "ZAP-HTTP/1.0";
    public static final int DEFAULT_STATUS = 200;

    private ZapHttp() {}

    /** A short name for a frame type: request, response, head, data, end; "type N" otherwise. */
    public static String typeName(int type) {
        return switch (type) {
            case REQUEST -> "request";
            case RESPONSE -> "response";
            case STREAM_HEAD -> "head";
            case DATA -> "data";
            case END -> "end";
            default -> "type " + type;
        };
    }
}
