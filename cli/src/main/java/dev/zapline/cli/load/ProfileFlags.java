package dev.zapline.cli.load;

import dev.zapline.load.schedule.Profiles;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code zapline load}'s load shape by name: {@code --profile NAME --peak-rps R} over {@code -d}, turned into the
 * stages {@code --stages} would have given ({@link Profiles}), so the rest of the command cannot tell them apart.
 */
public final class ProfileFlags {

    @Option(
            names = "--profile",
            paramLabel = "NAME",
            description = "Open model: a load shape by name over --duration, peaking at --peak-rps "
                    + "(zapline profiles lists and draws them): steady, ramp, step, spike, flash-sale, soak, wave, ...")
    String profile;

    @Option(
            names = "--peak-rps",
            paramLabel = "R",
            description = "With --profile: the shape's highest rate, in requests/s.")
    Double peakRps;

    /**
     * The run's {@code --stages} text: {@code stages} as given without {@code --profile}, the shape's stages with it.
     *
     * @param stages {@code --stages}, or null
     * @param rate {@code --rate}, or null
     * @param concurrency {@code --concurrency}, or null
     * @param duration {@code -d}, the shape's length
     * @throws IllegalArgumentException for {@code --profile} with {@code --rate}, {@code --stages} or
     *     {@code --concurrency} or without {@code --peak-rps}, {@code --peak-rps} alone, or a shape, peak or
     *     duration {@link Profiles#stages} refuses
     */
    public String stages(String stages, Double rate, Integer concurrency, String duration) {
        if (profile == null) {
            if (peakRps != null) {
                throw new IllegalArgumentException("--peak-rps is the peak of a --profile: add --profile NAME "
                        + "(zapline profiles lists them), or use --rate R for a constant rate");
            }
            return stages;
        }
        String other =
                rate != null ? "--rate" : stages != null ? "--stages" : concurrency != null ? "--concurrency" : null;
        if (other != null) {
            throw new IllegalArgumentException("--profile gives the run its rates: it does not mix with " + other);
        }
        if (peakRps == null) {
            throw new IllegalArgumentException("--profile " + profile + " needs --peak-rps R, its highest rate");
        }
        return Profiles.stages(profile, peakRps, Duration.ofNanos(Durations.nanos(duration)))
                .toString();
    }
}
