package dev.zapline.codec.http1;

/**
 * The chunk-ext grammar of RFC 9112 §7.1.1, one byte at a time and without the optional bad whitespace:
 * {@code *( ";" token [ "=" ( token / quoted-string ) ] )}. Extensions are checked, then ignored; checking them
 * keeps a malformed one (an unterminated quoted string, a stray control byte) from being framed differently by a
 * proxy in front of us.
 */
final class ChunkExtension {

    static final int INVALID = -1;
    /** After ';'. */
    static final int NAME_START = 0;

    private static final int NAME = 1;
    private static final int VALUE_START = 2;
    private static final int TOKEN = 3;
    private static final int QUOTED = 4;
    private static final int ESCAPE = 5;
    private static final int QUOTED_END = 6;

    private ChunkExtension() {}

    /** The state after {@code b} (not the CR that ends the line), or {@link #INVALID}. */
    static int next(int state, byte b) {
        return switch (state) {
            case NAME_START -> Ascii.isTchar(b) ? NAME : INVALID;
            case NAME -> Ascii.isTchar(b) ? NAME : b == ';' ? NAME_START : b == '=' ? VALUE_START : INVALID;
            case VALUE_START -> b == '"' ? QUOTED : Ascii.isTchar(b) ? TOKEN : INVALID;
            case TOKEN -> Ascii.isTchar(b) ? TOKEN : b == ';' ? NAME_START : INVALID;
            // qdtext is a field-value byte other than '"' and '\'; quoted-pair is '\' and a field-value byte.
            case QUOTED -> b == '"' ? QUOTED_END : b == '\\' ? ESCAPE : Ascii.isFieldValueByte(b) ? QUOTED : INVALID;
            case ESCAPE -> Ascii.isFieldValueByte(b) ? QUOTED : INVALID;
            case QUOTED_END -> b == ';' ? NAME_START : INVALID;
            default -> INVALID;
        };
    }

    /** Whether the chunk line may end in {@code state}. */
    static boolean complete(int state) {
        return state == NAME || state == TOKEN || state == QUOTED_END;
    }
}
