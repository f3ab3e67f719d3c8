package dev.zapline.cli.load;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.engine.Client;
import dev.zapline.load.engine.HttpLoadClient;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.transport.ClientTls;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code zapline load}'s options for what each request is ({@code -X}, {@code -H}, {@code --body}, {@code
 * --body-file}; for {@code zaprpc://}, {@code --schema}, {@code --payload}, {@code --rpc-node-id}), as a picocli
 * mixin, and the client that sends it. Set by picocli, then used once from the command's thread.
 */
public final class RequestFlags {

    @Option(names = "-X", paramLabel = "METHOD", description = "Request method (default ${DEFAULT-VALUE}).")
    public String method = "GET";

    @Option(names = "-H", paramLabel = "NAME: VALUE", description = "Request header (repeatable).")
    public List<String> headers = new ArrayList<>();

    @Option(names = "--body", description = "Request body.")
    String body;

    @Option(names = "--body-file", paramLabel = "FILE", description = "Request body from a file.")
    Path bodyFile;

    @Option(
            names = "--schema",
            paramLabel = "FILE.zap",
            description = "zaprpc://: the schema naming the URL's Interface.method.")
    Path schema;

    @Option(
            names = "--payload",
            paramLabel = "FILE",
            description = "zaprpc://: the method's params, a ZAP message's bytes (default: none).")
    Path payloadFile;

    @Option(
            names = "--rpc-node-id",
            paramLabel = "ID",
            description = "zaprpc://: the node id of the handshake (default ${DEFAULT-VALUE}).")
    String rpcNodeId = "zapline-load";

    /** The target's TLS line for the start, or null for a plaintext target (set when the client is made). */
    private String tlsLine;

    /**
     * The run's client for {@code url} or {@code targets} (exactly one of them): HTTP/1.1, HTTP/2 ({@code h2}, {@code
     * depth} streams), ZAP, or native RPC ({@code depth} calls in flight), with {@code tls}'s settings.
     *
     * @throws IllegalArgumentException for options that do not fit the target
     */
    public Client client(
            ZapLoops loops, String url, Path targets, boolean h2, int depth, TlsFlags tls, long timeoutNanos)
            throws IOException {
        if ((url == null) == (targets == null)) {
            throw new IllegalArgumentException("give a URL or --targets FILE" + (url == null ? "" : ", not both"));
        }
        if (RpcTarget.isRpc(url)) {
            return rpcClient(loops, url, depth, tls, timeoutNanos);
        }
        if (schema != null || payloadFile != null) {
            throw new IllegalArgumentException("--schema and --payload are for zaprpc:// targets");
        }
        if (url != null) {
            byte[] payload = bodyFile != null
                    ? Files.readAllBytes(bodyFile)
                    : body != null ? body.getBytes(StandardCharsets.UTF_8) : new byte[0];
            LoadTarget t = LoadTarget.parse(url);
            if (h2) {
                List<LoadTarget.Request> one =
                        List.of(new LoadTarget.Request(method, t.target(), parseHeaders(), payload));
                return t.http2Client(loops, one, tlsFor(t, h2, tls, timeoutNanos), depth);
            }
            return t.client(loops, method, parseHeaders(), payload, tlsFor(t, h2, tls, timeoutNanos));
        }
        if (!method.equals("GET") || body != null || bodyFile != null) {
            throw new IllegalArgumentException(
                    "with --targets, methods and bodies come from the file: drop -X, " + "--body and --body-file");
        }
        List<TargetsFile.Entry> entries = TargetsFile.read(targets);
        List<LoadTarget.Request> requests = new ArrayList<>();
        for (TargetsFile.Entry e : entries) {
            List<Map.Entry<String, String>> h = new ArrayList<>(parseHeaders());
            h.addAll(e.headers());
            requests.add(new LoadTarget.Request(e.method(), e.target().target(), h, e.body()));
        }
        LoadTarget first = entries.get(0).target();
        if (h2) {
            return first.http2Client(loops, requests, tlsFor(first, h2, tls, timeoutNanos), depth);
        }
        return first.client(loops, requests, tlsFor(first, h2, tls, timeoutNanos));
    }

    /**
     * The client of a journey run: HTTP/1.1 to the journeys' one origin, over TLS for {@code https://}; the request
     * options are refused (the .http files say what to send).
     */
    public Client journeyClient(ZapLoops loops, JourneyPlan journeys, TlsFlags tls, long timeoutNanos) {
        if (!method.equals("GET") || !headers.isEmpty() || body != null || bodyFile != null) {
            throw new IllegalArgumentException(
                    "-X, -H, --body and --body-file are for a URL: a journey's .http file says what each request "
                            + "sends");
        }
        if (schema != null || payloadFile != null) {
            throw new IllegalArgumentException("--schema and --payload are for zaprpc:// targets");
        }
        LoadTarget t = LoadTarget.parse(journeys.origin() + "/");
        return new HttpLoadClient(
                loops, t.host(), t.port(), journeys, journeys.origin(), tlsFor(t, false, tls, timeoutNanos));
    }

    /** The {@code zaprpc://} client: HTTP's request options refused, the method resolved, the payload read. */
    private Client rpcClient(ZapLoops loops, String url, int depth, TlsFlags tls, long timeoutNanos)
            throws IOException {
        if (!method.equals("GET") || !headers.isEmpty() || body != null || bodyFile != null) {
            throw new IllegalArgumentException(
                    "-X, -H, --body and --body-file are HTTP's: a zaprpc:// call takes --payload FILE");
        }
        tls.config(false, false, timeoutNanos);
        RpcTarget t = RpcTarget.parse(url);
        byte[] params = payloadFile == null ? new byte[0] : Files.readAllBytes(payloadFile);
        return t.client(loops, t.ordinal(schema), params, rpcNodeId, depth);
    }

    /** The TLS of {@code t} from the TLS options (null for a plaintext target, which refuses them). */
    private ClientTls tlsFor(LoadTarget t, boolean h2, TlsFlags tls, long timeoutNanos) {
        ClientTls c = tls.config(t.tls(), t.zap(), timeoutNanos, h2);
        tlsLine = c == null ? null : tls.describe(t.zap(), h2);
        return c;
    }

    /** What {@link #client} said of the target's TLS, for the start line, or null for a plaintext target. */
    public String tlsLine() {
        return tlsLine;
    }

    private List<Map.Entry<String, String>> parseHeaders() {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("header '" + h + "' must be NAME: VALUE");
            }
            out.add(Map.entry(
                    h.substring(0, colon).strip(), h.substring(colon + 1).strip()));
        }
        return out;
    }
}
