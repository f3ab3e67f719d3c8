package dev.zapline.cli.load;

import picocli.CommandLine;

/**
 * Takes {@code --abort-on-fail}'s optional DELAY only when the next argument is a duration, so that {@code
 * --abort-on-fail URL} leaves the URL alone (picocli would otherwise take any following word as the value).
 */
public final class AbortDelay implements CommandLine.IParameterConsumer {
    @Override
    public void consumeParameters(
            java.util.Stack<String> args, CommandLine.Model.ArgSpec spec, CommandLine.Model.CommandSpec cmd) {
        String value = "0s";
        if (!args.isEmpty() && isDuration(args.peek())) {
            value = args.pop();
        } else if (!args.isEmpty()
                && !args.peek().startsWith("-")
                && !args.peek().contains("://")) {
            // not an option and not the URL (the only positional argument): a DELAY that is not a duration
            throw new CommandLine.ParameterException(
                    cmd.commandLine(),
                    "--abort-on-fail: '" + args.peek() + "' is not a duration (e.g. 10s, 500ms); "
                            + "give it as --abort-on-fail=DELAY, or leave DELAY out for 0s");
        }
        spec.setValue(value);
    }

    private static boolean isDuration(String s) {
        try {
            Durations.nanos(s);
            return true;
        } catch (IllegalArgumentException notOne) {
            return false;
        }
    }
}
