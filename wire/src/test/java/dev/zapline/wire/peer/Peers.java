package dev.zapline.wire.peer;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;

/**
 * The programs that tests use as independent peers (curl, h2load, nginx, Node.js, Chromium, Prometheus...), each
 * with the Debian package that brings it. A test that needs one calls {@link #require} first:
 *
 * <ul>
 *   <li>where the peer is installed, nothing happens;
 *   <li>where it is missing, the test is skipped with a reason that starts with {@value #MISSING}: {@code ./test}
 *       reads those reasons from the test reports and names, in its last lines, every missing peer and the tests
 *       skipped for it;
 *   <li>with the environment variable {@code CI=true}, a missing peer fails the test instead, since CI installs
 *       every peer and a skipped interop test there would hide a broken install step.
 * </ul>
 *
 * <p>Every peer the test suites use is listed in {@link #PACKAGES}, which {@code ./test} mirrors
 * ({@code PeersTest} checks that the two lists agree).
 */
public final class Peers {

    /**
     * Not a command: a Python 3 that imports python-hyper's h2, hpack and hyperframe ({@link #python} finds it).
     */
    public static final String PYTHON_H2 = "python3-h2";

    /** How a skipped test's reason starts, so that {@code ./test} can find it in the reports. */
    public static final String MISSING = "peer missing: ";

    /** Each peer command and the Debian package that installs it. */
    public static final Map<String, String> PACKAGES = Map.ofEntries(
            Map.entry("node", "nodejs"),
            Map.entry("npm", "npm"),
            Map.entry("curl", "curl"),
            Map.entry("h2load", "nghttp2-client"),
            Map.entry("nghttp", "nghttp2-client"),
            Map.entry("nghttpd", "nghttp2-server"),
            Map.entry("nginx", "nginx"),
            Map.entry("chromium", "chromium"),
            Map.entry("prometheus", "prometheus"),
            Map.entry("promtool", "prometheus"),
            Map.entry("ip", "iproute2"),
            Map.entry("tmux", "tmux"),
            Map.entry(PYTHON_H2, "python3-h2"));

    private Peers() {}

    /**
     * Skips the calling test (fails it under {@code CI=true}) unless every one of {@code commands} is installed.
     *
     * @throws IllegalArgumentException for a command that is not in {@link #PACKAGES}
     */
    public static void require(String... commands) {
        require("true".equals(System.getenv("CI")), c -> c.equals(PYTHON_H2) ? python() != null : has(c), commands);
    }

    /** {@link #require}, with whether this is CI and what is installed given. */
    static void require(boolean ci, Predicate<String> installed, String... commands) {
        List<String> missing = new ArrayList<>();
        for (String c : commands) {
            String pkg = PACKAGES.get(c);
            if (pkg == null) {
                throw new IllegalArgumentException("not a known peer: " + c + " (known: " + PACKAGES.keySet() + ")");
            }
            if (!installed.test(c)) {
                missing.add(c + " (Debian: " + pkg + ")");
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        String reason = MISSING + String.join(", ", missing);
        if (ci) {
            throw new AssertionError(reason + "; CI=true, where every peer must be installed (./test installs them)");
        }
        Assumptions.abort(reason);
    }

    /**
     * A Python 3 that can import h2, hpack and hyperframe: the one on the PATH, else Debian's {@code /usr/bin/python3}
     * (a pyenv shim on the PATH may hide it), or null.
     */
    public static String python() {
        for (String p : new String[] {"python3", "/usr/bin/python3"}) {
            try {
                Process check = new ProcessBuilder(p, "-c", "import h2, hpack, hyperframe")
                        .redirectErrorStream(true)
                        .start();
                check.getInputStream().readAllBytes();
                if (check.waitFor(30, TimeUnit.SECONDS) && check.exitValue() == 0) {
                    return p;
                }
                check.destroyForcibly();
            } catch (IOException notThere) {
                // try the next one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /** Whether {@code command} is installed, that is, {@link #path} finds it. */
    public static boolean has(String command) {
        return path(command) != null;
    }

    /**
     * The executable {@code command} on the {@code PATH} or in {@code /usr/sbin} and {@code /usr/bin} (which a
     * non-root {@code PATH} may lack: Debian puts nginx in {@code /usr/sbin}), or null.
     */
    public static Path path(String command) {
        String dirs = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin" + File.pathSeparator
                + "/usr/bin";
        for (String d : dirs.split(File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, command);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
