package dev.zapline.cli.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * What {@code tune} touches outside the root directory: kernel file access, {@code ethtool}, and the question
 * "are we root". The real one is used by the command line; tests build their own.
 *
 * @param files kernel file reads and writes
 * @param ethtool the NIC tool to use for a given root directory
 * @param root whether the process may change settings
 */
record TuneEnv(HostFiles files, Function<Path, Ethtool> ethtool, BooleanSupplier root) {

    /** The real machine; {@code ethtool} is only used when the root directory is {@code /}, never for a fake tree. */
    static TuneEnv real() {
        return new TuneEnv(
                HostFiles.DIRECT,
                dir -> dir.toAbsolutePath().normalize().getNameCount() == 0 ? ProcessEthtool.find() : Ethtool.NONE,
                TuneEnv::effectiveUidIsZero);
    }

    private static boolean effectiveUidIsZero() {
        try {
            // /proc/self is owned by the effective user of the process reading it.
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | RuntimeException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
