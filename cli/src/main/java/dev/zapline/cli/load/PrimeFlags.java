package dev.zapline.cli.load;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.engine.Client;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.engine.Primer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zapline load --prime N}: before an open run, its request path runs rounds of N requests against a responder
 * inside the process ({@link Primer}), so that the schedule starts on compiled code rather than the interpreter's;
 * the target sees none of them.
 */
public final class PrimeFlags {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** The requests asked for, or -1 for the default. */
    private int requests = -1;

    @Option(
            names = "--prime",
            paramLabel = "N",
            description = "Open model, plaintext HTTP/1.1 with fixed requests: before the run, send N requests in "
                    + "half a second, on the run's loops and connection count, to a responder inside this process, "
                    + "and again (up to 4 rounds) while the JIT compiler is still busy, so that the run starts on "
                    + "compiled code and paces exactly from its first request; the target sees none of them. Takes "
                    + "1 to 5 s. 0 skips. Default: " + Primer.DEFAULT_REQUESTS + ".")
    void prime(int n) {
        if (n < 0) {
            throw new ParameterException(mixee.commandLine(), "--prime " + n + ": a count of requests, 0 or more");
        }
        requests = n;
    }

    /**
     * The requests per round: as asked, else {@link Primer#DEFAULT_REQUESTS} when {@code ownsProcess} (the command
     * line's own JVM) and none when the command runs inside another program (tests), whose JIT is not the run's alone.
     */
    public int requests(boolean ownsProcess) {
        return requests >= 0 ? requests : ownsProcess ? Primer.DEFAULT_REQUESTS : 0;
    }

    /** Primes {@code plan}'s request path when it can, saying so on standard error unless {@code quiet}. */
    public void run(LoadPlan plan, Client client, ZapLoops loops, boolean quiet, boolean ownsProcess)
            throws InterruptedException {
        Primer.Primed p = Primer.run(plan, client, loops, requests(ownsProcess));
        if (p != null && !quiet) {
            System.err.println(p.describe());
        }
    }
}
