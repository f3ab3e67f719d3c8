package dev.zapline.cli.tune;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/** Plain file access, except that writes to files whose path ends with one of the given suffixes are refused. */
final class RefusingFiles implements HostFiles {

    private final Set<String> refusedSuffixes;

    RefusingFiles(String... refusedSuffixes) {
        this.refusedSuffixes = Set.of(refusedSuffixes);
    }

    @Override
    public Optional<String> read(Path file) {
        return HostFiles.DIRECT.read(file);
    }

    @Override
    public void write(Path file, String content) throws IOException {
        if (refusedSuffixes.stream().anyMatch(s -> file.toString().endsWith(s))) {
            throw new IOException("Invalid argument");
        }
        HostFiles.DIRECT.write(file, content);
    }
}
