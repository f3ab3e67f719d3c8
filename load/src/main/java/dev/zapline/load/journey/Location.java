package dev.zapline.load.journey;

import java.nio.file.Path;

/** A place in a user's file, 1-based, for messages: {@code file:line:column}. */
public record Location(Path file, int line, int column) {

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
