package dev.zapline.cli.inspect;

import dev.zapline.wire.Zap;
import dev.zapline.wire.ZapFormatException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Turns the bytes given to {@code inspect} into messages: one bare message, or a stream of length-prefixed frames. */
public final class Input {

    /** How the input is framed. */
    public enum Framing {
        AUTO,
        MESSAGE,
        FRAMES
    }

    /** One message found in the input: where it starts and how long it is. */
    public record Part(int index, int offset, int length) {}

    private Input() {}

    /**
     * Decodes hex text (whitespace, and {@code #} comments to the end of a line, ignored).
     *
     * @throws IllegalArgumentException naming the character offset of the first bad digit
     */
    public static byte[] fromHex(String text) {
        StringBuilder digits = new StringBuilder(text.length());
        boolean comment = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '#') {
                comment = true;
            } else if (c == '\n') {
                comment = false;
            } else if (!comment && !Character.isWhitespace(c)) {
                if (Character.digit(c, 16) < 0) {
                    throw new IllegalArgumentException("hex input character " + i + ": '" + c + "' is not a hex digit");
                }
                digits.append(c);
            }
        }
        if (digits.length() % 2 != 0) {
            throw new IllegalArgumentException("hex input has an odd number of digits (" + digits.length() + ")");
        }
        return HexFormat.of().parseHex(digits);
    }

    /**
     * Splits {@code data} into messages. AUTO reads a bare message when the input starts with the ZAP magic, and a
     * frame stream ({@code [u32 big-endian length][message]}…) otherwise.
     *
     * @throws ZapFormatException for a zero-length frame, a frame over {@code maxFrame}, or a truncated stream
     */
    public static List<Part> split(byte[] data, Framing framing, int maxFrame) {
        boolean bare = framing == Framing.MESSAGE || (framing == Framing.AUTO && startsWithMagic(data));
        List<Part> parts = new ArrayList<>();
        if (bare) {
            parts.add(new Part(0, 0, data.length));
            return parts;
        }
        int p = 0;
        while (p < data.length) {
            if (data.length - p < 4) {
                throw new ZapFormatException(p, "truncated frame length prefix: " + (data.length - p) + " of 4 bytes");
            }
            long length = Integer.toUnsignedLong((data[p] & 0xFF) << 24
                    | (data[p + 1] & 0xFF) << 16
                    | (data[p + 2] & 0xFF) << 8
                    | data[p + 3] & 0xFF);
            if (length == 0) {
                throw new ZapFormatException(p, "zero-length frame");
            }
            if (length > maxFrame) {
                throw new ZapFormatException(p, "frame of " + length + " bytes exceeds the limit of " + maxFrame);
            }
            if (length > data.length - p - 4) {
                throw new ZapFormatException(
                        p, "frame of " + length + " bytes but only " + (data.length - p - 4) + " follow");
            }
            parts.add(new Part(parts.size(), p + 4, (int) length));
            p += 4 + (int) length;
        }
        if (parts.isEmpty()) {
            throw new ZapFormatException(0, "no input");
        }
        return parts;
    }

    private static boolean startsWithMagic(byte[] data) {
        return data.length >= 4
                && (data[0] & 0xFF | (data[1] & 0xFF) << 8 | (data[2] & 0xFF) << 16 | (data[3] & 0xFF) << 24)
                        == Zap.MAGIC;
    }
}
