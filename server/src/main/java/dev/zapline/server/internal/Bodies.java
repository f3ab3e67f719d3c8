package dev.zapline.server.internal;

import io.netty.buffer.ByteBufUtil;

/** What every transport decides the same way about a response body, whatever its framing. */
public final class Bodies {

    private Bodies() {}

    /** Whether a response with this status may carry a body (and so a content-length). */
    public static boolean hasBody(int status) {
        return status >= 200 && status != 204 && status != 304;
    }

    /** The bytes {@code text} takes as UTF-8, without encoding it. */
    public static int utf8Length(CharSequence text) {
        return ByteBufUtil.utf8Bytes(text);
    }
}
