/**
 * The usage examples of the benchmarks' Javadoc, as {@code {@snippet}} regions compiled with the tests.
 */
package dev.zapline.bench.snippets;
