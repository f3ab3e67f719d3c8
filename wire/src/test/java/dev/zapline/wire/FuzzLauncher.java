package dev.zapline.wire;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one Jazzer {@code @FuzzTest} method through the JUnit launcher in a JVM of its own, which is what fuzzing
 * needs (Jazzer fuzzes one target per JVM) and what {@code .ci/fuzz} starts for each target of the build: with
 * {@code JAZZER_FUZZ=1} in the environment it fuzzes, otherwise it replays the regression inputs. Unlike Jazzer's own
 * command line, it lets the launcher register its session listeners, so the leak tracker of the tests is installed
 * as under surefire.
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_MAX_DURATION=20s java -cp ... dev.zapline.wire.FuzzLauncher dev.zapline.wire.ZapWireFuzzTest \
 *     validatorAgreesWithReaders
 * </pre>
 *
 * Exits 0 when the target passed, 1 when it (or its class) failed, as on a finding, 2 on a bad command line.
 */
public final class FuzzLauncher {

    private FuzzLauncher() {}

    public static void main(String[] args) throws ClassNotFoundException {
        if (args.length != 2) {
            System.err.println("usage: FuzzLauncher <test class> <fuzz test method>");
            System.exit(2);
        }
        Class<?> test = Class.forName(args[0]);
        List<Method> methods = Arrays.stream(test.getDeclaredMethods())
                .filter(m -> m.getName().equals(args[1]))
                .toList();
        if (methods.size() != 1) {
            System.err.println(args[0] + " has " + methods.size() + " methods named " + args[1] + ", not one");
            System.exit(2);
        }
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(
                LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectMethod(test, methods.get(0)))
                        .build(),
                listener);
        TestExecutionSummary summary = listener.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        summary.printTo(out);
        summary.printFailuresTo(out, 40);
        System.exit(summary.getTestsStartedCount() == 0 ? 2 : summary.getTotalFailureCount() == 0 ? 0 : 1);
    }
}
