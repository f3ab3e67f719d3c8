package dev.zapline.codec.http1;

/** Small helpers for tests over bytes. */
final class Bytes {

    private Bytes() {}

    /** Printable form with \r, \n, \t and \xNN escapes, as in the corpus file. */
    static String escape(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            int c = x & 0xFF;
            switch (c) {
                case '\r' -> s.append("\\r");
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\\' -> s.append("\\\\");
                default -> s.append(c < 0x20 || c >= 0x7F ? String.format("\\x%02x", c) : String.valueOf((char) c));
            }
        }
        return s.toString();
    }
}
