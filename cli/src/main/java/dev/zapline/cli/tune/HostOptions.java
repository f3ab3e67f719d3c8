package dev.zapline.cli.tune;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --root} and {@code --state}, shared by every {@code tune} command. */
final class HostOptions {

    @Option(
            names = "--root",
            defaultValue = "/",
            paramLabel = "DIR",
            description =
                    "Directory holding proc/ and sys/ (default: ${DEFAULT-VALUE}); tests point it at a fake tree.")
    Path root;

    @Option(
            names = "--state",
            paramLabel = "FILE",
            description = "Where apply saves previous values and revert reads them"
                    + " (default: var/lib/zapline/tune-state under --root).")
    Path state;

    TuneState state() {
        return new TuneState(state != null ? state : root.resolve("var/lib/zapline/tune-state"));
    }
}
