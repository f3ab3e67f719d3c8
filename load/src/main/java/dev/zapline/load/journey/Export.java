package dev.zapline.load.journey;

import java.util.regex.Pattern;

/**
 * A value a step takes from its response into the journey's slot {@code slot}, for later steps: Gopher Glide's
 * {@code # @gg-export NAME = jsonpath: PATH} or {@code = regex: RE}, and what REST Client's
 * {@code {{step.response.body.$.path}}} and {@code {{step.response.headers.Name}}} references compile to. A value
 * that is not found fails the step.
 */
public record Export(int slot, String name, Source source, Location location) {

    /** Where the value comes from. */
    public sealed interface Source {}

    /** A JSONPath into the body: a string's unescaped content, or the raw text of a number, boolean, object... */
    public record Body(JsonPath path) implements Source {}

    /** The first field named {@code name} (case-insensitive), without surrounding whitespace. */
    public record Header(String name) implements Source {}

    /** The first match of {@code pattern} over the body (read as ISO-8859-1): group 1 if it has one, else the match. */
    public record Regex(Pattern pattern) implements Source {}
}
