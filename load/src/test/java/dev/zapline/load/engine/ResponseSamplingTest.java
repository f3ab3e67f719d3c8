package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.journey.DataMode;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.JourneyPlans;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.shape.JsonType;
import dev.zapline.load.shape.KeyShape;
import dev.zapline.load.shape.ResponseShapes;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --sample-responses} on real HTTP/1.1 runs against loopback servers: each request (a {@code --targets} entry,
 * a journey step) keeps the shapes of exactly N responses once more than N of its successful responses came, the
 * shapes as the bodies say; other statuses are not sampled; ZAP and HTTP/2 clients do not sample.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResponseSamplingTest {

    private static Map<String, String> fields(KeyShape k) {
        Map<String, String> m = new LinkedHashMap<>();
        k.fields().forEach((p, f) -> m.put(p, JsonType.text(f.types()) + " x" + f.present()));
        return m;
    }

    @Test
    void eachTargetKeepsExactlyNShapes() throws Exception {
        AtomicInteger users = new AtomicInteger();
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/user", ctx -> {
            // every other user has no e-mail, and a null nickname
            int n = users.incrementAndGet();
            ctx.contentType("application/json")
                    .send(
                            n % 2 == 0
                                    ? "{\"id\":" + n + ",\"email\":\"u@x\",\"nick\":\"n\",\"roles\":[\"a\"]}"
                                    : "{\"id\":" + n + ",\"nick\":null,\"roles\":[]}");
        });
        app.get("/list", ctx -> ctx.contentType("application/json").send("[{\"a\":[1,[true]]},{\"a\":[]}]"));
        app.get("/text", ctx -> ctx.contentType("text/plain").send("ok"));
        app.get("/err", ctx -> ctx.status(500).contentType("application/json").send("{\"error\":1}"));
        app.listen("http://127.0.0.1:0").start();
        try (ZapLoops loops = ZapLoops.create(2, true)) {
            String hp = "127.0.0.1:" + app.addresses().get(0).port();
            List<byte[]> requests =
                    List.of(get(hp, "/user"), get(hp, "/list"), get(hp, "/text"), get(hp, "/err"), get(hp, "/user"));
            HttpLoadClient c = new HttpLoadClient(
                    loops, "127.0.0.1", app.addresses().get(0).port(), requests, "http://" + hp, null);
            ResponseShapes shapes = c.sampleResponses(6);
            LoadPlan plan = LoadPlan.open(Stages.constant(500, Duration.ofMillis(600)), Arrival.UNIFORM, 0, 3, 2);
            Tally t = Runs.run(plan, c, loops.group(), 30);
            // 300 requests, 60 per entry: each key is full
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(240);
            assertThat(shapes.keys())
                    .containsExactly("GET /user #1", "GET /list", "GET /text", "GET /err", "GET /user #5");
            for (int k : new int[] {0, 4}) {
                KeyShape user = shapes.shape(k);
                assertThat(user.samples()).isEqualTo(6);
                assertThat(user.notJsonCount()).isZero();
                // the user ids are spread over two keys and two loops: of 6 samples, some have e-mails
                long withMail = user.fields().get("$.email").present();
                assertThat(fields(user))
                        .containsExactly(
                                Map.entry("$", "object x6"),
                                Map.entry("$.id", "number x6"),
                                Map.entry("$.nick", "string|null x6"),
                                Map.entry("$.roles", "array x6"),
                                Map.entry("$.email", "string x" + withMail),
                                Map.entry("$.roles[*]", "string x" + withMail))
                        .hasSize(6);
            }
            assertThat(fields(shapes.shape(1)))
                    .containsExactly(
                            Map.entry("$", "array x6"),
                            Map.entry("$[*]", "object x6"),
                            Map.entry("$[*].a", "array x6"),
                            Map.entry("$[*].a[*]", "array|number x6"),
                            Map.entry("$[*].a[*][*]", "boolean x6"));
            assertThat(shapes.shape(2).samples()).isZero();
            assertThat(shapes.shape(2).notJsonCount()).isEqualTo(6);
            assertThat(shapes.shape(2).fields()).isEmpty();
            assertThat(shapes.shape(3).taken()).as("500s are not sampled").isZero();
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    private static byte[] get(String hp, String path) {
        return HttpLoadClient.encode("GET", hp, path, List.of(), new byte[0]);
    }

    @Test
    void eachJourneyStepKeepsExactlyNShapes(@TempDir Path dir) throws Exception {
        try (TokenServer server = new TokenServer();
                ZapLoops loops = ZapLoops.create(2, true)) {
            Path f = dir.resolve("shop.http");
            Files.writeString(f, """
                    @base = http://127.0.0.1:%d

                    ### login
                    POST {{base}}/login
                    Content-Type: application/json

                    {"user": "{{user}}"}

                    ### order
                    # @expect status 201
                    POST {{base}}/orders
                    Authorization: Bearer {{login.response.body.$.token}}
                    Content-Type: application/json

                    {"item": "book"}

                    ### gone
                    GET {{base}}/nothing
                    """.formatted(server.port()));
            Files.writeString(dir.resolve("users.csv"), "user\nuser1\nuser2\nuser3\n", StandardCharsets.UTF_8);
            JourneyPlan journeys =
                    JourneyPlans.load(List.of(f.toString()), null, dir.resolve("users.csv"), DataMode.SEQUENTIAL, 7);
            HttpLoadClient c = new HttpLoadClient(loops, "127.0.0.1", server.port(), journeys, "shop", null);
            ResponseShapes shapes = c.sampleResponses(4);
            LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 2, 2);
            Engine e = Runs.start(plan, c, loops.group());
            assertThat(e.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(shapes.keys()).containsExactly("login", "order", "gone");
            assertThat(shapes.shape(0).samples()).isEqualTo(4);
            assertThat(fields(shapes.shape(0)))
                    .containsExactly(
                            Map.entry("$", "object x4"),
                            Map.entry("$.token", "string x4"),
                            Map.entry("$.account", "number x4"));
            assertThat(shapes.shape(1).samples()).isEqualTo(4);
            assertThat(fields(shapes.shape(1)))
                    .containsExactly(Map.entry("$", "object x4"), Map.entry("$.id", "string x4"));
            assertThat(shapes.shape(2).taken()).as("404s are not sampled").isZero();
        }
    }

    @Test
    void onlyHttp1IsSampled() throws Exception {
        try (Target t = new Target(1)) {
            assertThat(t.zap("/health").sampleResponses(3)).isNull();
            assertThat(new Http2LoadClient(
                                    t.loops,
                                    "127.0.0.1",
                                    t.httpPort(),
                                    List.of(new Http2LoadClient.Request("GET", "/", List.of(), new byte[0])),
                                    "h2c://127.0.0.1/",
                                    null,
                                    1)
                            .sampleResponses(3))
                    .isNull();
        }
    }
}
