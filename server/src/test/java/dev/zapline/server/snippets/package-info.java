/**
 * The usage examples of the server's Javadoc: each {@code {@snippet class=... region=...}} in {@code src/main/java}
 * shows a region of a class here, so the examples are compiled with the tests and cannot go stale. They are
 * compiled, not run; the names they use ({@code users}, {@code Items}) are declared beside the regions.
 */
package dev.zapline.server.snippets;
