package dev.zapline.load.control;

/**
 * The answer to one {@link Command}: accepted with the event it became, or refused with the reason.
 *
 * @param event the event the command became, or null when refused
 * @param error why it was refused, or null when accepted
 */
public record Ack(Event event, String error) {

    public static Ack accepted(Event e) {
        return new Ack(e, null);
    }

    public static Ack refused(String why) {
        return new Ack(null, why);
    }

    public boolean ok() {
        return error == null;
    }
}
