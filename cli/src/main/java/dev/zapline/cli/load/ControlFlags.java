package dev.zapline.cli.load;

import dev.zapline.load.control.Controller;
import dev.zapline.load.control.Steering;
import dev.zapline.transport.metrics.MetricsEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * {@code zapline load --control stdin,http}: where a run takes steering commands (docs/load.md, Control) while it
 * runs: newline-delimited JSON on standard input ({@link StdinControl}), and {@code POST /control} on the
 * {@code --metrics} address, from loopback only unless {@code http-remote}.
 */
public final class ControlFlags {

    @Option(
            names = "--control",
            paramLabel = "stdin,http",
            split = ",",
            description = "Steer the run while it runs with JSON commands, one a line (rate, bias, pause, resume, "
                    + "mark, stop; docs/load.md, Control): stdin (acknowledged on stderr), http (POST /control on the "
                    + "--metrics address, from loopback only), http-remote (from any peer). A comma list.")
    List<String> sources = new ArrayList<>();

    /**
     * Whether the run takes commands, so its plan must be steerable; checks the sources first.
     *
     * @param metrics {@code --metrics}, or null: HTTP control is served there
     * @throws IllegalArgumentException for an unknown source, or HTTP control without {@code --metrics}
     */
    public boolean steerable(String metrics) {
        for (String s : sources) {
            if (!List.of("stdin", "http", "http-remote").contains(s)) {
                throw new IllegalArgumentException(
                        "--control: unknown source '" + s + "': stdin, http or http-remote (a comma list)");
            }
        }
        if (http() && metrics == null) {
            throw new IllegalArgumentException("--control http is served on the --metrics address: give --metrics "
                    + "HOST:PORT (e.g. 127.0.0.1:9100)");
        }
        return !sources.isEmpty();
    }

    private boolean http() {
        return sources.contains("http") || sources.contains("http-remote");
    }

    /**
     * What starts the sources once the run's steering exists: the reader of standard input, and {@code POST
     * /control} on {@code endpoint} (null without {@code --metrics}).
     */
    public Consumer<Steering> starter(MetricsEndpoint endpoint) {
        return steering -> {
            if (sources.contains("stdin")) {
                StdinControl.start(System.in, System.err, System.console() != null, new Controller(steering, "stdin"));
            }
            if (http() && endpoint != null) {
                Controller c = new Controller(steering, "http");
                endpoint.post("/control", body -> reply(c.body(body)), sources.contains("http-remote"));
            }
        };
    }

    /** The controller's reply as the endpoint sends it: the acknowledgements, one JSON line each. */
    static MetricsEndpoint.Reply reply(Controller.Reply r) {
        return new MetricsEndpoint.Reply(r.status(), "application/x-ndjson", r.text());
    }
}
