package dev.zapline.cli.tui;

import dev.zapline.load.control.Ack;
import dev.zapline.load.control.Command;
import dev.zapline.load.control.Steering;
import java.util.function.LongSupplier;

/**
 * What the dashboard's keys do: Up and Down set the rate a {@link TuiStep} away from the current target, {@code p}
 * pauses or resumes (while paused, Up and Down do nothing but say so), {@code m} asks for a mark's label on the help
 * line (Enter sets it, Esc cancels, an empty one is {@code mark N}), {@code f} shows only what failed, {@code q} and
 * Ctrl-C stop the run. Every command goes to the
 * run's {@link Steering} with source {@code tui}; a refusal's reason (and an accepted change) shows on the help line
 * for {@link #NOTE_NANOS}. Thread-safe: keys come from the input thread, the help line is read by the drawing one.
 */
final class Controls {

    /** How long a note (a refusal's reason, an accepted change) stays on the help line. */
    static final long NOTE_NANOS = 4_000_000_000L;

    /** The longest mark label the prompt takes. */
    static final int MAX_LABEL = 60;

    private static final String SOURCE = "tui";

    private final Steering steering;
    private final TuiStep step;
    private final double startRate;
    private final LongSupplier nanos;

    /** The label being typed, or null when not prompting. */
    private StringBuilder prompt;

    private int marks;
    private boolean failuresOnly;
    private boolean stopping;
    private String note;
    private long noteUntil;

    /**
     * @param startRate the run's own target rate (this process's share), where Up from 0 steps from
     * @param nanos the clock notes expire by
     */
    Controls(Steering steering, TuiStep step, double startRate, LongSupplier nanos) {
        this.steering = steering;
        this.step = step;
        this.startRate = startRate;
        this.nanos = nanos;
    }

    /** Acts on {@code k}. */
    synchronized void handle(Key k) {
        if (prompt != null) {
            promptKey(k);
            return;
        }
        switch (k.kind()) {
            case UP, DOWN -> rateKey(k.kind() == Key.Kind.UP);
            case CTRL_C -> stop();
            case CHAR -> charKey(k.c());
            default -> {}
        }
    }

    /** Up or Down: a step from the target now; while paused, nothing (the target reads 0 then). */
    private void rateKey(boolean up) {
        if (steering.paused()) {
            note("paused: p resumes, then Up and Down change the rate");
            return;
        }
        double now = steering.targetRate();
        submit(Command.rate(up ? step.up(now, startRate) : step.down(now), SOURCE));
    }

    /** Ctrl-C as a signal (the terminal kept its meaning): the same as the key. */
    synchronized void stop() {
        stopping = true;
        submit(Command.of(Command.Kind.STOP, SOURCE));
    }

    private void charKey(char c) {
        switch (c) {
            case 'p', 'P' -> submit(Command.of(steering.paused() ? Command.Kind.RESUME : Command.Kind.PAUSE, SOURCE));
            case 'm', 'M' -> prompt = new StringBuilder();
            case 'f', 'F' -> failuresOnly = !failuresOnly;
            case 'q', 'Q' -> stop();
            default -> {}
        }
    }

    private void promptKey(Key k) {
        switch (k.kind()) {
            case ENTER -> {
                String label = prompt.toString().strip();
                prompt = null;
                submit(Command.mark(label.isEmpty() ? "mark " + (marks + 1) : label, SOURCE));
            }
            case ESC -> prompt = null;
            case BACKSPACE -> {
                if (!prompt.isEmpty()) {
                    prompt.setLength(prompt.length() - 1);
                }
            }
            case CTRL_C -> {
                prompt = null;
                stop();
            }
            case CHAR -> {
                if (prompt.length() < MAX_LABEL) {
                    prompt.append(k.c());
                }
            }
            default -> {}
        }
    }

    private void submit(Command c) {
        Ack a = steering.submit(c);
        if (!a.ok()) {
            note(a.error());
            return;
        }
        switch (c.kind()) {
            case MARK -> {
                marks++;
                note("mark '" + c.label() + "' set");
            }
            case RATE -> note("target rate " + Units.count(c.value()) + "/s");
            case PAUSE -> note("paused: nothing is due until p resumes");
            case RESUME -> note("resumed");
            case STOP -> note("stopping: finishing the requests in flight");
            default -> {}
        }
    }

    private void note(String text) {
        note = text;
        noteUntil = nanos.getAsLong() + NOTE_NANOS;
    }

    /** The help line: the mark prompt, else a note younger than {@link #NOTE_NANOS}, else the keys. */
    synchronized String help() {
        if (prompt != null) {
            return "mark label: " + prompt + "_   (Enter sets it, Esc cancels)";
        }
        if (note != null && nanos.getAsLong() - noteUntil < 0) {
            return note;
        }
        return "↑/↓ rate " + step.label() + "   p " + (steering.paused() ? "resume" : "pause") + "   m mark   f "
                + (failuresOnly ? "show all" : "failures only") + "   q stop";
    }

    /** Whether only outcomes and steps with failures show. */
    synchronized boolean failuresOnly() {
        return failuresOnly;
    }

    /** Whether a stop was asked for. */
    synchronized boolean stopping() {
        return stopping;
    }

    /** Whether a mark's label is being typed (keys are text then, not commands). */
    synchronized boolean prompting() {
        return prompt != null;
    }
}
