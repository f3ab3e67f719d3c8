package dev.zapline.load.journey;

/**
 * One piece of a {@link Template}: literal bytes, or a value slot filled when the request is written. Constants
 * ({@code @name = value}, environment variables) are resolved into literals when the file is read; only what changes
 * per journey or per request stays a slot.
 */
public sealed interface Part {

    /** Bytes written as they are (UTF-8 of the file's text). */
    record Literal(byte[] bytes) implements Part {}

    /** The value of data column {@code column} ({@link DataSet#columns}) in the journey's row. */
    record DataColumn(int column, String name) implements Part {}

    /**
     * A value drawn when the request is written: {@code {{$uuid}}}, {@code {{$guid}}}, {@code {{$randomInt}}} (0 to
     * 1000, exclusive) or {@code {{$randomInt MIN MAX}}} (MIN inclusive, MAX exclusive, as JetBrains and REST Client
     * do), {@code {{$timestamp}}} (Unix seconds), {@code {{$isoTimestamp}}} (UTC, {@code 2026-12-04T23:13:33.000Z}).
     */
    record Dynamic(DynamicKind kind, long min, long max) implements Part {}

    /** The value an earlier step extracted into the journey's slot {@code slot} ({@link Export#slot}). */
    record Extracted(int slot, String name) implements Part {}

    /** The dynamic values. */
    enum DynamicKind {
        UUID,
        RANDOM_INT,
        TIMESTAMP,
        ISO_TIMESTAMP
    }
}
