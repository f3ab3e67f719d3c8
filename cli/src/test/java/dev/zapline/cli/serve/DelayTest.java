package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code zapline serve --delay}: which requests are delayed, by how much, and what it refuses. */
class DelayTest {

    @ParameterizedTest
    @CsvSource({"2ms@50%, 2000000, 50", "2ms, 2000000, 100", "500us@10, 500000, 10", "1.5s@12.5%, 1500000000, 12.5"})
    void parsesDurationAndShare(String text, long nanos, double percent) {
        Delay d = Delay.parse(text);
        assertThat(d.nanos()).isEqualTo(nanos);
        assertThat(d.percent()).isEqualTo(percent);
    }

    @Test
    void refusesWhatIsNotADelay() {
        assertThatThrownBy(() -> Delay.parse("2"))
                .hasMessage("--delay '2': duration '2': use a number and a unit, e.g. 30s, 250ms, 2m");
        assertThatThrownBy(() -> Delay.parse("2ms@half"))
                .hasMessage("--delay '2ms@half': the share after @ is not a percentage (e.g. 2ms@50%)");
        assertThatThrownBy(() -> Delay.parse("2ms@0%"))
                .hasMessage("--delay: the share must be above 0% and at most 100%");
        assertThatThrownBy(() -> Delay.parse("2ms@101%"))
                .hasMessage("--delay: the share must be above 0% and at most 100%");
        assertThatThrownBy(() -> Delay.parse("0ms")).hasMessage("--delay: the duration must be above 0");
    }

    @Test
    void delaysExactlyTheShareEvenlySpread() {
        Delay half = new Delay(1, 50);
        Delay quarter = new Delay(1, 25);
        List<Integer> h = new ArrayList<>();
        List<Integer> q = new ArrayList<>();
        int all = 0;
        for (int n = 0; n < 8; n++) {
            if (half.delays(n)) {
                h.add(n);
            }
            if (quarter.delays(n)) {
                q.add(n);
            }
        }
        for (int n = 0; n < 1000; n++) {
            all += new Delay(1, 100).delays(n) ? 1 : 0;
        }
        assertThat(h).containsExactly(1, 3, 5, 7);
        assertThat(q).containsExactly(3, 7);
        assertThat(all).isEqualTo(1000);
    }

    @Test
    void everySecondRequestIsAnsweredThatMuchLateOverARealSocket() throws Exception {
        App app = DemoApp.create(ServerConfig.defaults().withEventLoops(1), "jackson")
                .use(Delay.parse("150ms@50%"))
                .listen("http://127.0.0.1:0")
                .start();
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            URI health = URI.create("http://127.0.0.1:" + app.addresses().get(0).port() + "/health");
            // request 0 (not delayed) opens the connection and warms up; its time is not measured
            client.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString());
            List<Boolean> slow = new ArrayList<>();
            for (int i = 1; i <= 6; i++) {
                long t0 = System.nanoTime();
                HttpResponse<String> r =
                        client.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString());
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertThat(r.body()).isEqualTo("ok");
                slow.add(ms >= 150);
            }
            assertThat(slow).containsExactly(true, false, true, false, true, false);
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }
}
