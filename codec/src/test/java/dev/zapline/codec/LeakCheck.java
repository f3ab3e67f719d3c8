package dev.zapline.codec;

import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty's leak detector reported a leak since the previous class ended: a leak is a test
 * failure, not a line in the log. Registered for every class by extension autodetection (META-INF/services, and
 * {@code junit.jupiter.extensions.autodetection.enabled=true} in the surefire configuration of the modules that want
 * it), so a new test class is checked without anyone remembering to.
 *
 * <p>Runs {@link LeakTracker#leaks()}, one full collection, once per top-level class. A leaked buffer that stays
 * reachable past its class end is blamed on the first class after it is collected. Does nothing when leak detection
 * is off (the allocation pass).
 */
public final class LeakCheck implements AfterAllCallback {

    private static int blamed;

    @Override
    public void afterAll(ExtensionContext context) {
        if (context.getRequiredTestClass().isAnnotationPresent(Nested.class)
                || ResourceLeakDetector.getLevel() == ResourceLeakDetector.Level.DISABLED) {
            return;
        }
        int found = newLeaks();
        if (found > 0) {
            throw new AssertionError(found + " buffer leak(s) reported while " + context.getDisplayName()
                    + " ran (or just before); last: " + LeakTracker.lastLeak());
        }
    }

    private static synchronized int newLeaks() {
        int total = LeakTracker.leaks();
        int found = total - blamed;
        blamed = total;
        return found;
    }
}
