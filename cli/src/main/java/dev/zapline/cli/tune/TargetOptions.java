package dev.zapline.cli.tune;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** {@code --iface} and {@code --profile}, for the commands that look at settings. */
final class TargetOptions {

    @Option(
            names = "--iface",
            paramLabel = "IF",
            description = "Network interface (default: the one carrying the default route).")
    String iface;

    @Option(
            names = "--profile",
            defaultValue = "server",
            paramLabel = "server|loader",
            converter = ProfileConverter.class,
            description = "Which values to recommend: server (serving traffic) or loader (generating it);"
                    + " default: ${DEFAULT-VALUE}.")
    Profile profile;

    static final class ProfileConverter implements ITypeConverter<Profile> {
        @Override
        public Profile convert(String value) {
            return Profile.parse(value);
        }
    }
}
