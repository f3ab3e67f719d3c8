package dev.zapline.gen;

/**
 * The character level of the schema language: identifiers, integers and punctuation separated by blanks and
 * {@code #} comments, with the 1-based line and column of every token (for error messages) and whether a token
 * is the first of its line, and how far that line is indented (for the indentation form of blocks).
 */
final class SchemaScanner {

    private final String file;
    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;

    SchemaScanner(String file, String src) {
        this.file = file;
        this.src = src;
    }

    /** Skips blanks, newlines and comments. */
    void skipSpace() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '#') {
                skipComment();
            } else {
                return;
            }
        }
    }

    /** Skips blanks and a comment on the current line, stopping at its newline. */
    void skipSpaceInLine() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '#') {
                skipComment();
            } else {
                return;
            }
        }
    }

    private void skipComment() {
        while (pos < src.length() && src.charAt(pos) != '\n') {
            pos++;
        }
    }

    boolean atEnd() {
        return pos >= src.length();
    }

    /** The current character, or NUL at the end. */
    char peek() {
        return atEnd() ? '\0' : src.charAt(pos);
    }

    boolean atNewline() {
        return peek() == '\n';
    }

    int line() {
        return line;
    }

    int column() {
        return pos - lineStart + 1;
    }

    /** True when only blanks precede the current position on its line. */
    boolean firstOnLine() {
        for (int i = lineStart; i < pos; i++) {
            char c = src.charAt(i);
            if (c != ' ' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    /** Whether the upcoming identifier is exactly {@code word}; does not advance. */
    boolean peekWord(String word) {
        if (!src.startsWith(word, pos)) {
            return false;
        }
        int end = pos + word.length();
        return end == src.length() || !identPart(src.charAt(end));
    }

    /** Reads an identifier; null (without advancing) when none starts here. */
    String ident() {
        if (atEnd() || !identStart(src.charAt(pos))) {
            return null;
        }
        int start = pos++;
        while (pos < src.length() && identPart(src.charAt(pos))) {
            pos++;
        }
        return src.substring(start, pos);
    }

    /** Reads a decimal integer that fits an int. */
    int integer() throws SchemaException {
        int start = pos;
        int startColumn = column();
        while (pos < src.length() && src.charAt(pos) >= '0' && src.charAt(pos) <= '9') {
            pos++;
        }
        if (pos == start) {
            throw error(describeHere("an integer"));
        }
        String digits = src.substring(start, pos);
        if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
            throw new SchemaException(file, line, startColumn, "integer " + digits + " is out of range");
        }
        return Integer.parseInt(digits);
    }

    /** Consumes {@code c} or fails naming what was found instead. */
    void expect(char c) throws SchemaException {
        if (peek() != c) {
            throw error(describeHere("'" + c + "'"));
        }
        pos++;
    }

    /** Consumes {@code c} when it is next. */
    boolean accept(char c) {
        if (peek() != c) {
            return false;
        }
        pos++;
        return true;
    }

    /** "expected WHAT, found X" for the text at the current position. */
    String describeHere(String what) {
        return "expected " + what + ", found " + found();
    }

    private String found() {
        if (atEnd()) {
            return "end of file";
        }
        if (identStart(peek())) {
            int end = pos;
            while (end < src.length() && identPart(src.charAt(end))) {
                end++;
            }
            return "\"" + src.substring(pos, end) + "\"";
        }
        return atNewline() ? "end of line" : "'" + peek() + "'";
    }

    SchemaException error(String problem) {
        return new SchemaException(file, line, column(), problem);
    }

    SchemaException errorAt(int atLine, int atColumn, String problem) {
        return new SchemaException(file, atLine, atColumn, problem);
    }

    private static boolean identStart(char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean identPart(char c) {
        return identStart(c) || (c >= '0' && c <= '9');
    }
}
