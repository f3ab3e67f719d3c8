package dev.zapline.load.internal.h2;

import java.nio.charset.StandardCharsets;

/** HTTP/2's numbers (RFC 9113): frame types, flags, settings, error codes, limits. */
public final class H2 {

    /** The client connection preface (section 3.4). */
    public static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    public static final int FRAME_HEADER = 9;

    public static final int DATA = 0x0;
    public static final int HEADERS = 0x1;
    public static final int PRIORITY = 0x2;
    public static final int RST_STREAM = 0x3;
    public static final int SETTINGS = 0x4;
    public static final int PUSH_PROMISE = 0x5;
    public static final int PING = 0x6;
    public static final int GOAWAY = 0x7;
    public static final int WINDOW_UPDATE = 0x8;
    public static final int CONTINUATION = 0x9;

    public static final int FLAG_END_STREAM = 0x1;
    public static final int FLAG_ACK = 0x1;
    public static final int FLAG_END_HEADERS = 0x4;
    public static final int FLAG_PADDED = 0x8;
    public static final int FLAG_PRIORITY = 0x20;

    public static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    public static final int SETTINGS_ENABLE_PUSH = 0x2;
    public static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    public static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    public static final int SETTINGS_MAX_FRAME_SIZE = 0x5;

    public static final int NO_ERROR = 0x0;
    public static final int PROTOCOL_ERROR = 0x1;
    public static final int FLOW_CONTROL_ERROR = 0x3;
    public static final int FRAME_SIZE_ERROR = 0x6;
    public static final int REFUSED_STREAM = 0x7;
    public static final int COMPRESSION_ERROR = 0x9;

    /** Flow-control windows and frame sizes before SETTINGS say otherwise (section 6.5.2). */
    public static final int DEFAULT_WINDOW = 65_535;

    public static final int DEFAULT_MAX_FRAME = 16_384;
    public static final int DEFAULT_TABLE_SIZE = 4096;
    public static final int MAX_WINDOW = Integer.MAX_VALUE;
    public static final int MAX_STREAM_ID = Integer.MAX_VALUE;

    private H2() {}
}
