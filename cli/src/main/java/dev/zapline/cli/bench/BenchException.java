package dev.zapline.cli.bench;

/** An arm could not be measured: its server would not start, died, or stopped answering. */
final class BenchException extends RuntimeException {

    BenchException(String message) {
        super(message);
    }
}
