package dev.zapline.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Writes {@link NetnsSegmentsIT}'s outcome as one line to {@code target/netns-it.txt} (passed, failed, or skipped
 * with the reason), which {@code .ci/run} prints after the tests summary: a skipped multi-host test would otherwise
 * hide among the skipped counts.
 */
final class NetnsOutcome implements TestWatcher {

    static final Path FILE = Path.of("target", "netns-it.txt");
    private static final String RAN = "netns test: ran, 3 loader namespaces + 1 server namespace, ";

    @Override
    public void testSuccessful(ExtensionContext context) {
        write(RAN + "passed");
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        write(RAN + "failed: " + firstLine(cause));
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        write("netns test: skipped: " + firstLine(cause).replaceFirst("^Assumption failed: ", ""));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        write("netns test: skipped: " + reason.orElse("disabled"));
    }

    private static String firstLine(Throwable t) {
        String m = t == null || t.getMessage() == null ? String.valueOf(t) : t.getMessage();
        return m.strip().lines().findFirst().orElse("");
    }

    private static void write(String line) {
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, line + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
