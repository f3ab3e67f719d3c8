package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapFrame;
import dev.zapline.client.ZapRequest;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A client with several requests: each loop writes them in turn, so the server sees them in equal shares. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RoundRobinTest {

    private static final byte[] BODY = "{\"id\":1}".getBytes(StandardCharsets.US_ASCII);

    @Test
    void zapRequestsAreSentRoundRobin() throws Exception {
        try (Target t = new Target(2)) {
            List<ZapFrame> frames = List.of(
                    ZapRequest.get("/hit/a").encode(),
                    ZapRequest.get("/hit/b").encode(),
                    ZapRequest.post("/hit/c", BODY).encode());
            Client c = new ZapLoadClient(t.loops, ZapAddress.tcp("127.0.0.1", t.zapPort()), frames, "/hit/*");
            assertThat(c.requests()).isEqualTo(3);
            check(t, c);
        }
    }

    @Test
    void httpRequestsAreSentRoundRobin() throws Exception {
        try (Target t = new Target(2)) {
            String hp = "127.0.0.1:" + t.httpPort();
            List<Map.Entry<String, String>> none = List.of();
            List<byte[]> requests = List.of(
                    HttpLoadClient.encode("GET", hp, "/hit/a", none, new byte[0]),
                    HttpLoadClient.encode("GET", hp, "/hit/b", none, new byte[0]),
                    HttpLoadClient.encode(
                            "POST", hp, "/hit/c", List.of(Map.entry("Content-Type", "application/json")), BODY));
            Client c = new HttpLoadClient(t.loops, "127.0.0.1", t.httpPort(), requests, "http://" + hp + "/hit/*");
            assertThat(c.requestBytes(2)).isEqualTo(requests.get(2).length);
            check(t, c);
        }
    }

    /** 1,200 requests over 2 loops: each loop writes 600, a, b, c in turn, so exactly 400 of each. */
    private static void check(Target t, Client c) throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(2000, Duration.ofMillis(600)), Arrival.UNIFORM, 0, 4, 2);
        Tally tally = Runs.run(plan, c, t.loops.group(), 20);
        assertThat(tally.count(Outcome.SUCCESS)).isEqualTo(1200);
        assertThat(t.hits("GET a 0")).isEqualTo(400);
        assertThat(t.hits("GET b 0")).isEqualTo(400);
        assertThat(t.hits("POST c " + BODY.length)).isEqualTo(400);
        assertThat(t.hits).hasSize(3);
        long out = 0;
        for (int i = 0; i < 3; i++) {
            out += 400L * c.requestBytes(i);
        }
        assertThat(tally.bytesOut()).isEqualTo(out);
    }
}
