package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.control.Command;
import dev.zapline.load.control.FakeSteering;
import dev.zapline.transport.metrics.MetricsEndpoint;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/** {@code POST /control} on a real metrics endpoint, steering a fake run. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ControlHttpTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static ControlFlags flags(String... args) {
        ControlFlags f = new ControlFlags();
        new CommandLine(f).parseArgs(args);
        return f;
    }

    @Test
    void answersCommandsMalformedBodiesOtherMethodsAndLargeBodies() throws Exception {
        FakeSteering s = new FakeSteering(1000).at(4.25);
        try (MetricsEndpoint m = MetricsEndpoint.start("127.0.0.1:0", e -> {})) {
            flags("--control", "http").starter(m).accept(s);
            String url = "http://127.0.0.1:" + m.address().getPort() + "/control";
            HttpResponse<String> ok = send(url, "POST", "{\"cmd\":\"rate\",\"rps\":5000}");
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.headers().firstValue("content-type")).hasValue("application/x-ndjson");
            assertThat(ok.body()).isEqualTo("{\"ack\":\"rate\",\"ok\":true,\"t\":4.250,\"rate\":5000.0,\"line\":1}\n");
            HttpResponse<String> two = send(url, "POST", "{\"cmd\":\"mark\",\"label\":\"a\"}\n{\"cmd\":\"pause\"}\n");
            assertThat(two.body())
                    .isEqualTo("{\"ack\":\"mark\",\"ok\":true,\"t\":4.250,\"rate\":5000.0,\"label\":\"a\",\"line\":1}\n"
                            + "{\"ack\":\"pause\",\"ok\":true,\"t\":4.250,\"rate\":0.0,\"line\":2}\n");
            HttpResponse<String> bad = send(url, "POST", "{\"cmd\":\"resume\"}\nresume\n");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body())
                    .isEqualTo("{\"ok\":false,\"line\":2,\"error\":\"column 1: expected a JSON object, '{', found "
                            + "'r'\"}\n");
            assertThat(send(url, "POST", "").statusCode()).isEqualTo(400);
            assertThat(send(url, "GET", null).statusCode()).isEqualTo(405);
            assertThat(send(url, "POST", "{\"cmd\":\"mark\",\"label\":\"" + "x".repeat(70_000) + "\"}")
                            .statusCode())
                    .isEqualTo(413);
            assertThat(s.submitted())
                    .isEqualTo(List.of(
                            Command.rate(5000, "http"),
                            Command.mark("a", "http"),
                            Command.of(Command.Kind.PAUSE, "http")));
            assertThat(s.paused()).isTrue();
        }
    }

    @Test
    void withoutHttpControlThereIsNoControlPath() throws Exception {
        try (MetricsEndpoint m = MetricsEndpoint.start("127.0.0.1:0", e -> {})) {
            flags("--control", "stdin").starter(null).accept(new FakeSteering(1));
            flags().starter(m).accept(new FakeSteering(1));
            String url = "http://127.0.0.1:" + m.address().getPort() + "/control";
            assertThat(send(url, "POST", "{\"cmd\":\"stop\"}").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aPeerThatIsNotLoopbackIsRefusedUnlessHttpRemote() throws Exception {
        InetAddress own = null;
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(n.getInetAddresses())) {
                if (n.isUp() && a instanceof Inet4Address && !a.isLoopbackAddress()) {
                    own = a;
                }
            }
        }
        Assumptions.assumeTrue(own != null, "this machine has no non-loopback IPv4 address");
        for (String source : new String[] {"http", "stdin,http-remote"}) {
            FakeSteering s = new FakeSteering(10);
            try (MetricsEndpoint m = MetricsEndpoint.start("0.0.0.0:0", e -> {})) {
                ControlFlags f = flags("--control", source);
                assertThat(f.steerable("0.0.0.0:0")).isTrue();
                f.starter(m).accept(s);
                String url =
                        "http://" + own.getHostAddress() + ":" + m.address().getPort() + "/control";
                HttpResponse<String> r = send(url, "POST", "{\"cmd\":\"mark\"}");
                assertThat(r.statusCode()).as(source).isEqualTo(source.equals("http") ? 403 : 200);
                assertThat(s.submitted()).hasSize(source.equals("http") ? 0 : 1);
            }
        }
    }

    @Test
    void checksItsSources() {
        assertThat(flags().steerable(null)).isFalse();
        assertThat(flags("--control", "stdin").steerable(null)).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> flags("--control", "stdin,htp").steerable(null))
                .hasMessage("--control: unknown source 'htp': stdin, http or http-remote (a comma list)");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> flags("--control", "http").steerable(null))
                .hasMessage("--control http is served on the --metrics address: give --metrics HOST:PORT (e.g. "
                        + "127.0.0.1:9100)");
    }

    private static HttpResponse<String> send(String url, String method, String body) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(5))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        return CLIENT.send(r, HttpResponse.BodyHandlers.ofString());
    }
}
