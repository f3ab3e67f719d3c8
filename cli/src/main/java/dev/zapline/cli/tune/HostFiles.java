package dev.zapline.cli.tune;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Reads and writes kernel files. Writes never create a file: a setting the kernel does not offer stays absent.
 * Tests wrap the default to refuse chosen paths, as a kernel or driver would.
 */
interface HostFiles {

    /** The whole content, or empty when the file is missing or cannot be read. */
    Optional<String> read(Path file);

    /** Replaces the whole content in one write; fails when the file is missing or the write is refused. */
    void write(Path file, String content) throws IOException;

    /** Plain file access. */
    HostFiles DIRECT = new HostFiles() {
        @Override
        public Optional<String> read(Path file) {
            // Kernel files report a size that is not their length, so read to end of stream instead.
            try (InputStream in = Files.newInputStream(file)) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        @Override
        public void write(Path file, String content) throws IOException {
            Files.write(
                    file,
                    content.getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        }
    };
}
