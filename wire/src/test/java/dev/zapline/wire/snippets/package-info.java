/**
 * The usage examples of the wire runtime's Javadoc: each {@code {@snippet class=... region=...}} in
 * {@code src/main/java} shows a region of a class here, so the examples are compiled with the tests. Compiled, not
 * run; the values they use are declared beside the regions.
 */
package dev.zapline.wire.snippets;
