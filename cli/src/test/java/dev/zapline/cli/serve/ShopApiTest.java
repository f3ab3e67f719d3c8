package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The shop API over a real socket, driven by the JDK's HTTP client: login, accounts, orders and every refusal. */
class ShopApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long START = 1_800_000_000_000L;

    private final AtomicLong now = new AtomicLong(START);
    private final InstantSource clock = () -> Instant.ofEpochMilli(now.get());
    private App app;
    private HttpClient client;
    private String base;

    @BeforeEach
    void start() {
        app = ShopApi.create(clock, new byte[32])
                .routes(App.create(ServerConfig.defaults().withEventLoops(1)))
                .listen("http://127.0.0.1:0")
                .start();
        base = "http://127.0.0.1:" + app.addresses().get(0).port();
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterEach
    void stop() {
        client.close();
        app.stop(Duration.ofSeconds(1));
    }

    @Test
    void logsInReadsItsAccountAndPlacesOrders() throws Exception {
        HttpResponse<String> login = post("/login", "{\"user\": \"alice\", \"password\": \"secret-alice\"}", null);
        assertThat(login.statusCode()).isEqualTo(200);
        assertThat(login.headers().firstValue("content-type")).contains("application/json");
        JsonNode body = JSON.readTree(login.body());
        int account = ShopApi.accountId("alice");
        assertThat(List.of(body.fieldNames().next(), body.size())).isEqualTo(List.of("token", 3));
        assertThat(body.get("account").asInt()).isEqualTo(account);
        assertThat(body.get("expiresIn").asInt()).isEqualTo(900);
        String token = body.get("token").asText();
        assertThat(token).hasSize(60).matches("[A-Za-z0-9_-]{60}");

        HttpResponse<String> mine = get("/accounts/" + account, "Bearer " + token);
        assertThat(mine.statusCode()).isEqualTo(200);
        long cents = ShopApi.balanceCents(account);
        assertThat(mine.body())
                .isEqualTo("{\"id\":" + account + ",\"balance\":" + cents / 100 + "."
                        + String.format("%02d", cents % 100) + "}");
        assertThat(JSON.readTree(mine.body())
                        .get("balance")
                        .decimalValue()
                        .movePointRight(2)
                        .longValueExact())
                .isEqualTo(cents);
        assertThat(get("/accounts/" + account, "bearer   " + token).statusCode())
                .isEqualTo(200);

        Set<String> ids = new HashSet<>();
        for (int q = 1; q <= 5; q++) {
            HttpResponse<String> order = post("/orders", "{\"quantity\":" + q + ",\"item\":\"tea \\u2615\"}", token);
            assertThat(order.statusCode()).isEqualTo(201);
            JsonNode o = JSON.readTree(order.body());
            assertThat(o.get("item").asText()).isEqualTo("tea ☕");
            assertThat(o.get("quantity").asInt()).isEqualTo(q);
            assertThat(o.get("account").asInt()).isEqualTo(account);
            ids.add(o.get("id").asText());
            assertThat(order.body())
                    .isEqualTo("{\"id\":\"" + o.get("id").asText() + "\",\"account\":" + account
                            + ",\"item\":\"tea \\u2615\",\"quantity\":" + q + "}");
        }
        assertThat(ids).containsExactlyInAnyOrder("ord-1", "ord-2", "ord-3", "ord-4", "ord-5");
    }

    @Test
    void refusesOtherAccountsMissingTamperedAndExpiredTokens() throws Exception {
        String token = token("bob");
        int account = ShopApi.accountId("bob");
        int other = (account + 1) % 1_000_000;

        HttpResponse<String> forbidden = get("/accounts/" + other, "Bearer " + token);
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(detail(forbidden)).isEqualTo("the token is for another account");

        HttpResponse<String> none = get("/accounts/" + account, null);
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().allValues("www-authenticate")).containsExactly("Bearer realm=\"shop\"");
        assertThat(none.headers().firstValue("content-type")).contains("application/problem+json");

        char last = token.charAt(59);
        String tampered = token.substring(0, 59) + (last == 'A' ? 'B' : 'A');
        for (String auth : List.of("Bearer " + tampered, "Basic " + token, "Bearer", "Bearer " + token + "x", token)) {
            HttpResponse<String> bad = get("/accounts/" + account, auth);
            assertThat(bad.statusCode()).as(auth).isEqualTo(401);
            assertThat(bad.headers().allValues("www-authenticate"))
                    .containsExactly("Bearer realm=\"shop\", error=\"invalid_token\"");
            assertThat(detail(bad)).isEqualTo("the bearer token is not valid");
        }
        assertThat(post("/orders", "{\"item\":\"x\",\"quantity\":1}", tampered).statusCode())
                .isEqualTo(401);

        now.addAndGet(Duration.ofMinutes(15).toMillis() - 1);
        assertThat(get("/accounts/" + account, "Bearer " + token).statusCode()).isEqualTo(200);
        now.incrementAndGet();
        HttpResponse<String> expired = get("/accounts/" + account, "Bearer " + token);
        assertThat(expired.statusCode()).isEqualTo(401);
        assertThat(detail(expired)).isEqualTo("the bearer token has expired (POST /login again)");
        assertThat(expired.headers().allValues("www-authenticate"))
                .containsExactly("Bearer realm=\"shop\", error=\"invalid_token\"");
        assertThat(get("/accounts/" + account, "Bearer " + token("bob")).statusCode())
                .isEqualTo(200);
    }

    @Test
    void refusesBadLoginsBadIdsAndBadOrders() throws Exception {
        assertBad(
                post("/login", "{\"user\": \"alice\", \"password\": ", null),
                400,
                "the body is not a JSON object (at byte 30)");
        assertBad(post("/login", "not json", null), 400, "the body is not a JSON object (at byte 0)");
        assertBad(
                post("/login", "{\"user\": \"alice\"}", null), 400, "the body needs \"user\" and \"password\" strings");
        assertBad(
                post("/login", "{\"user\": 7, \"password\": \"secret-7\"}", null),
                400,
                "the body needs \"user\" and \"password\" strings");
        assertBad(
                post("/login", "{\"user\": \"\", \"password\": \"secret-\"}", null),
                400,
                "\"user\" must be 1 to 64 bytes of UTF-8");
        assertBad(
                post("/login", "{\"user\": \"alice\", \"password\": \"secret-bob\"}", null),
                401,
                "wrong user or password");
        assertBad(
                post("/login", "{\"user\": \"alice\", \"password\": \"secret-alicex\"}", null),
                401,
                "wrong user or password");
        assertBad(
                post("/login", "{\"user\":\"a\",\"password\":\"secret-a\",\"user\":\"b\"}", null),
                400,
                "the body is not a JSON object (at byte 34)");

        String token = token("carol");
        assertBad(get("/accounts/abc", "Bearer " + token), 400, "the account id must be a number");
        assertBad(get("/accounts/12x", "Bearer " + token), 400, "the account id must be a number");
        assertBad(get("/accounts/abc", null), 401, "an Authorization: Bearer token is required (POST /login)");

        assertBad(
                post("/orders", "{\"item\":\"tea\",\"quantity\":1", token),
                400,
                "the body is not a JSON object (at byte 26)");
        assertBad(
                post("/orders", "{\"item\":\"tea\",\"quantity\":0}", token),
                400,
                "\"quantity\" must be an integer from 1 to 1000");
        assertBad(
                post("/orders", "{\"item\":\"tea\",\"quantity\":1.5}", token),
                400,
                "\"quantity\" must be an integer from 1 to 1000");
        assertBad(
                post("/orders", "{\"item\":\"\",\"quantity\":1}", token),
                400,
                "\"item\" must be a string of 1 to 200 bytes");
        assertBad(
                post("/orders", "{\"item\":\"" + "x".repeat(201) + "\",\"quantity\":1}", token),
                400,
                "\"item\" must be a string of 1 to 200 bytes");
        assertBad(post("/orders", "{\"quantity\":1}", token), 400, "\"item\" must be a string of 1 to 200 bytes");
        assertBad(post("/orders", " ".repeat(4097), token), 413, "the body is over 4096 bytes");
        assertThat(post("/orders", "{\"item\":\"" + "x".repeat(200) + "\",\"quantity\":1000}", token)
                        .statusCode())
                .isEqualTo(201);
    }

    @Test
    void anEscapedAccountIdIsDecoded() throws Exception {
        String token = token("dave");
        String id = Integer.toString(ShopApi.accountId("dave"));
        String escaped = "%3" + id.charAt(0) + id.substring(1);
        assertThat(get("/accounts/" + escaped, "Bearer " + token).body()).startsWith("{\"id\":" + id + ",");
    }

    @Test
    void everyExampleUserLogsInWithTheDocumentedRule() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("..", "examples", "users.csv"), StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo("user,password");
        assertThat(lines).hasSize(1001);
        Set<String> users = new HashSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertThat(f).hasSize(2);
            assertThat(f[1]).isEqualTo(ShopApi.PASSWORD_PREFIX + f[0]);
            users.add(f[0]);
        }
        assertThat(users).hasSize(1000);
        for (String line : List.of(lines.get(1), lines.get(500), lines.get(1000))) {
            String[] f = line.split(",");
            HttpResponse<String> r = post("/login", "{\"user\":\"" + f[0] + "\",\"password\":\"" + f[1] + "\"}", null);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(r.body()).get("account").asInt()).isEqualTo(ShopApi.accountId(f[0]));
        }
    }

    @Test
    void theDemoServerServesTheShop() throws Exception {
        try (App demo = DemoApp.create(ServerConfig.defaults().withEventLoops(1), "jackson")
                .listen("http://127.0.0.1:0")
                .start()) {
            base = "http://127.0.0.1:" + demo.addresses().get(0).port();
            String token = token("erin");
            assertThat(get("/accounts/" + ShopApi.accountId("erin"), "Bearer " + token)
                            .statusCode())
                    .isEqualTo(200);
            assertThat(get("/health", null).body()).isEqualTo("ok");
        }
    }

    private String token(String user) throws Exception {
        HttpResponse<String> r =
                post("/login", "{\"user\":\"" + user + "\",\"password\":\"secret-" + user + "\"}", null);
        assertThat(r.statusCode()).isEqualTo(200);
        return JSON.readTree(r.body()).get("token").asText();
    }

    private static void assertBad(HttpResponse<String> r, int status, String detail) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(detail(r)).isEqualTo(detail);
        assertThat(JSON.readTree(r.body()).get("status").asInt()).isEqualTo(status);
    }

    private static String detail(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body()).get("detail").asText();
    }

    private HttpResponse<String> get(String path, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
