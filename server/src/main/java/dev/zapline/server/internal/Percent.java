package dev.zapline.server.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Percent-decoding of path and query pieces (RFC 3986 §2.1) into UTF-8 strings; malformed escapes stay as is. */
public final class Percent {

    private Percent() {}

    public static String decode(byte[] b, int start, int length, boolean plusIsSpace) {
        boolean plain = true;
        for (int i = start; i < start + length; i++) {
            if (b[i] == '%' || (plusIsSpace && b[i] == '+')) {
                plain = false;
                break;
            }
        }
        if (plain) {
            return new String(b, start, length, StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length);
        for (int i = start; i < start + length; i++) {
            byte c = b[i];
            if (c == '%' && i + 2 < start + length && hex(b[i + 1]) >= 0 && hex(b[i + 2]) >= 0) {
                out.write(hex(b[i + 1]) << 4 | hex(b[i + 2]));
                i += 2;
            } else if (plusIsSpace && c == '+') {
                out.write(' ');
            } else {
                out.write(c);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(byte c) {
        return Character.digit(c, 16);
    }
}
