package dev.zapline.load.control;

import java.util.ArrayList;
import java.util.List;

/**
 * Takes control text from one source ({@code stdin}, {@code http}) to a run's {@link Steering}: each line read as a
 * command ({@link Commands#read}), submitted, and answered with its acknowledgement ({@link Acks}). Thread-safe as
 * the steering is.
 */
public final class Controller {

    private final Steering steering;
    private final String source;

    public Controller(Steering steering, String source) {
        this.steering = steering;
        this.source = source;
    }

    /**
     * Reads, submits and acknowledges {@code text}, line {@code number} of its input; null for a blank line. A line
     * that is no command is acknowledged as such and changes nothing.
     */
    public String line(String text, long number) {
        if (text.isBlank()) {
            return null;
        }
        Commands.Line c;
        try {
            c = Commands.read(text, source, steering::targetRate);
        } catch (IllegalArgumentException e) {
            return Acks.malformed(e.getMessage(), number);
        }
        return Acks.of(c.command(), steering.submit(c.command()), c.id(), number);
    }

    /** An answer to a whole body: an HTTP status and the acknowledgements, one line each. */
    public record Reply(int status, String text) {}

    /**
     * A body of one command or several lines of them. It is read whole first: if any line is no command, nothing is
     * submitted and the reply is 400 with the malformed lines' acknowledgements; else each is submitted in order and
     * the reply is 200 with every acknowledgement (a command the run refused says so in its own, {@code "ok":false}).
     * A body with no command is 400.
     */
    public Reply body(String body) {
        String[] lines = body.split("\r?\n", -1);
        List<Commands.Line> read = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        StringBuilder bad = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            try {
                read.add(Commands.read(lines[i], source, steering::targetRate));
                numbers.add(i + 1);
            } catch (IllegalArgumentException e) {
                bad.append(Acks.malformed(e.getMessage(), i + 1)).append('\n');
            }
        }
        if (!bad.isEmpty()) {
            return new Reply(400, bad.toString());
        }
        if (read.isEmpty()) {
            return new Reply(400, Acks.malformed("no command in the body", 1) + "\n");
        }
        StringBuilder ok = new StringBuilder();
        for (int i = 0; i < read.size(); i++) {
            Commands.Line c = read.get(i);
            ok.append(Acks.of(c.command(), steering.submit(c.command()), c.id(), numbers.get(i)))
                    .append('\n');
        }
        return new Reply(200, ok.toString());
    }
}
