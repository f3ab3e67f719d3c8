package dev.zapline.cli.inspect;

import dev.zapline.wire.ZapSlice;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** How {@code inspect} shows a payload: as text when it is printable UTF-8, as hex otherwise. */
final class Payload {

    private Payload() {}

    /** "" for empty; the text when printable; {@code hex:…} otherwise. */
    static String describe(ZapSlice s) {
        return describe(s.toByteArray());
    }

    static String describe(byte[] b) {
        if (b.length == 0) {
            return "";
        }
        String text = printable(b);
        return text != null ? text : "hex:" + HexFormat.of().formatHex(b);
    }

    /** The bytes as a string when they are valid UTF-8 with no control characters but tab, CR, LF; else null. */
    static String printable(byte[] b) {
        String s;
        try {
            s = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
                return null;
            }
        }
        return s;
    }
}
