package dev.zapline.codec.http1;

/**
 * Matches the elements of a comma-separated field value ({@code #token}, RFC 9110 §5.6.1) against one lower-case
 * token, one byte at a time, so that a value split across reads or folded across lines needs no copy. Empty
 * elements are ignored (§5.6.1 asks recipients to accept them); an element matches only if it is exactly the
 * token, case-insensitively, with optional whitespace around it.
 */
final class TokenList {

    private final byte[] token;
    private int matched;
    private int length;
    private boolean trailing;
    private int count;
    private boolean last;

    TokenList(byte[] lowerToken) {
        this.token = lowerToken;
    }

    void reset() {
        matched = 0;
        length = 0;
        trailing = false;
        count = 0;
        last = false;
    }

    void feed(byte b) {
        if (b == ',') {
            endElement();
        } else if (b == ' ' || b == '\t') {
            trailing = length > 0;
        } else {
            length++;
            if (!trailing && matched >= 0 && matched < token.length && Ascii.lower(b) == token[matched]) {
                matched++;
            } else {
                matched = -1;
            }
        }
    }

    /** Ends the element in progress (at a comma, or at the end of a field line: several fields form one list). */
    void endElement() {
        if (length > 0) {
            last = matched == token.length;
            count += last ? 1 : 0;
        }
        matched = 0;
        length = 0;
        trailing = false;
    }

    /** How many elements were the token. */
    int count() {
        return count;
    }

    /** The last non-empty element was the token. */
    boolean last() {
        return last;
    }
}
