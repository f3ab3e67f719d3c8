package dev.zapline.load.journey;

/**
 * A journey file, environment file or data file that cannot be run: the message starts with
 * {@code file:line:column} and says what was expected. The command exits with status 2 before anything connects.
 */
public final class JourneyException extends RuntimeException {

    private final transient Location location;

    public JourneyException(Location location, String message) {
        super(location + ": " + message);
        this.location = location;
    }

    public Location location() {
        return location;
    }
}
