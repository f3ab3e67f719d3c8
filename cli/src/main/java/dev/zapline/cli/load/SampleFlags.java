package dev.zapline.cli.load;

import dev.zapline.load.engine.Client;
import dev.zapline.load.report.SummaryWatch;
import dev.zapline.load.shape.ResponseShapes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zapline load --sample-responses N}: the JSON shapes (field paths and types) of up to N successful responses
 * per request, written as the {@code shapes} member of the {@code --json} file for {@code zapline diff}
 * (docs/load.md, "Response shapes"). Off by default, and then nothing of it runs.
 */
public final class SampleFlags {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private int perKey;
    private ResponseShapes shapes;

    @Option(
            names = "--sample-responses",
            paramLabel = "N",
            description = "Keep the JSON shape (field paths and types) of up to N 2xx responses per request (per "
                    + "--targets entry, per journey step) as 'shapes' in the --json file, for zapline diff; "
                    + "HTTP/1.1 only (default 0: off).")
    void perKey(int n) {
        if (n < 0 || n > ResponseShapes.MAX_PER_KEY) {
            throw new ParameterException(
                    mixee.commandLine(),
                    "--sample-responses " + n + ": expected 0 (off) to " + ResponseShapes.MAX_PER_KEY);
        }
        perKey = n;
    }

    /** Responses sampled per request; 0: off. */
    public int perKey() {
        return perKey;
    }

    /**
     * Has {@code client} sample its responses when asked to; call before the run starts. Returns {@code client}.
     *
     * @throws IllegalArgumentException when sampling is asked for and the client's protocol is not sampled
     */
    public Client attach(Client client) {
        if (perKey > 0) {
            shapes = client.sampleResponses(perKey);
            if (shapes == null) {
                throw new IllegalArgumentException("--sample-responses reads HTTP/1.1 responses only, not "
                        + (client.protocol() == null ? "this target's" : client.protocol() + " ones"));
            }
        }
        return client;
    }

    /** {@code gate} (may be null), adding the shapes to the final JSON file when they were sampled. */
    public SummaryWatch watch(SummaryWatch gate) {
        return shapes == null ? gate : shapes.watch(gate);
    }
}
