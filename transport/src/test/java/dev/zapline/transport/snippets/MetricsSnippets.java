package dev.zapline.transport.snippets;

import dev.zapline.transport.metrics.Exposition;
import dev.zapline.transport.metrics.JvmMetrics;
import dev.zapline.transport.metrics.MetricsEndpoint;
import java.net.InetSocketAddress;

/** Examples for the transport module's metrics types. */
final class MetricsSnippets {

    static String exposition() {
        // @start region="exposition"
        Exposition e = new Exposition();
        e.family("zapline_server_requests_total", Exposition.Type.COUNTER, "Requests answered.")
                .sample(12, "route", "/health", "method", "GET");
        e.family("zapline_server_request_duration_seconds", Exposition.Type.HISTOGRAM, "Latency.")
                .histogram(new double[] {0.001, 0.01}, new long[] {3, 5, 6}, 0.042, "route", "/health");
        String text = e.toString();
        // @end
        return text;
    }

    static InetSocketAddress endpoint() {
        // @start region="endpoint"
        MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1:0", e -> JvmMetrics.write(e));
        InetSocketAddress bound = endpoint.address(); // scrape http://127.0.0.1:<port>/metrics
        endpoint.close();
        // @end
        return bound;
    }
}
