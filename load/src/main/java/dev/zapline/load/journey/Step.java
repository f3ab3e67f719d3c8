package dev.zapline.load.journey;

import java.util.List;

/**
 * One request of a journey, compiled: its origin (fixed for the whole run), the request line's method and target,
 * header templates in order, the body template, what success means ({@code expect}, checks), what it extracts for
 * later steps, and the pause after it.
 *
 * @param name the request's name ({@code ###} text, {@code # @name}), or {@code METHOD path} when it has none;
 *     unique within its journey
 * @param index its place in the journey, from 0
 * @param location the request line
 * @param origin scheme, host and port, as {@code https://host:port}; the same for every step of a run
 * @param target the request target (path and query) as sent on the request line
 * @param headers header fields as written ({@code Content-Length} and {@code Transfer-Encoding} are refused: the
 *     writer frames the body; {@code Host} is written from the origin unless the file gives one)
 * @param body the body, empty for none ({@code < ./file} is read into a literal)
 * @param expect the statuses that count as success: {@code 2xx} unless {@code # @expect status ...}
 * @param keepBody whether the response body is needed (an export or a check reads it)
 * @param captureHeaders lower-case names of the response headers an export or a check reads
 * @param thinkNanos {@code # @think DURATION}: the pause after this step's response before the next step is due
 */
public record Step(
        String name,
        int index,
        Location location,
        String method,
        String origin,
        Template target,
        List<Header> headers,
        Template body,
        String expect,
        List<Check> checks,
        List<Export> exports,
        boolean keepBody,
        List<String> captureHeaders,
        long thinkNanos) {

    public Step {
        headers = List.copyOf(headers);
        checks = List.copyOf(checks);
        exports = List.copyOf(exports);
        captureHeaders = List.copyOf(captureHeaders);
    }

    /** A header field: its name as written and its value template. */
    public record Header(String name, Template value) {}
}
