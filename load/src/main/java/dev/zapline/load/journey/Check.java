package dev.zapline.load.journey;

/**
 * One {@code # @check EXPR} of a step; a step whose check fails fails, and its journey stops there. {@link #text} is
 * the expression as written (reports count passes and failures per check). The grammar:
 *
 * <pre>
 * check    = "status" op INT | "status" "in" INT ".." INT
 *          | "header" NAME ( "exists" | "contains" VALUE | op VALUE )
 *          | "body" ( "contains" VALUE | "exists" )
 *          | JSONPATH ( "exists" | "contains" VALUE | op VALUE )
 *          | "duration" op DURATION
 * op       = "==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;="
 * VALUE    = a double-quoted string (JSON escapes), a number, true, false, null, or a bare word
 * DURATION = a number with a unit: us, ms, s
 * </pre>
 *
 * A JSONPath comparison with a number compares numerically (the value must be a JSON number); with a string,
 * bytewise against the string's unescaped content; {@code <} and the like on strings compare bytes. {@code duration}
 * is the step's service time (write to response).
 */
public record Check(String text, Location location, Subject subject, String name, JsonPath path, Op op, Value value) {

    /** What the check reads; {@link #name} is the header's for {@code HEADER}, {@link #path} the JSONPath's. */
    public enum Subject {
        STATUS,
        HEADER,
        BODY,
        JSON,
        DURATION
    }

    /** The comparison. {@code IN} is {@code status in A..B} ({@link Value#number} A, {@link Value#upper} B). */
    public enum Op {
        EQ,
        NE,
        LT,
        LE,
        GT,
        GE,
        EXISTS,
        CONTAINS,
        IN
    }

    /**
     * The right-hand side: {@code text} as UTF-8 bytes (strings, bare words, and the literal spelling of numbers,
     * booleans and null), {@code number} when it reads as a number (durations in nanoseconds), {@code isNumber}
     * whether it does; {@code upper} the end of a {@code status in} range. Null for {@code exists}.
     */
    public record Value(byte[] text, boolean isNumber, double number, double upper) {}
}
