package dev.zapline.load.journey;

import java.util.List;

/**
 * The JSONPath subset journeys read: {@code $}, then dotted names ({@code .token}), indexes ({@code [0]}) and quoted
 * names ({@code ['a b']} or {@code ["a b"]}). Each segment is one step down; there are no wildcards, filters or
 * recursive descent. {@link #text} is the path as written, for messages and reports.
 */
public record JsonPath(String text, List<Segment> segments) {

    public JsonPath {
        segments = List.copyOf(segments);
    }

    /** One step down. */
    public sealed interface Segment {}

    /** A member of an object, by name (UTF-8 bytes, unescaped). */
    public record Name(byte[] utf8, String text) implements Segment {}

    /** An element of an array, from 0. */
    public record Index(int index) implements Segment {}
}
