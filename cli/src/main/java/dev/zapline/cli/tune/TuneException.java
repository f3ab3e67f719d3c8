package dev.zapline.cli.tune;

/** A problem that stops a {@code tune} command before it changes anything (exit status 2). */
final class TuneException extends RuntimeException {

    TuneException(String message) {
        super(message);
    }
}
