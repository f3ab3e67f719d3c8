package dev.zapline.bench.gatling;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.csv;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The demo shop journey of bench/run-journeys.sh in Gatling's Java DSL, the same three requests as
 * examples/shop.http: log in with a user of the CSV, read the account the login named, place an order. Open model:
 * a new journey (virtual user) every 1/rate seconds for the duration, each with the next row of the CSV (circular).
 * Each request's status is checked; the token and account come from the login's JSON with jsonPath, and the
 * order's response must carry an id.
 *
 * <p>Settings (system properties): {@code base} (the server, default http://127.0.0.1:18290), {@code rate}
 * (journeys per second, default 10), {@code duration} (seconds, default 10), {@code users} (the CSV, columns user
 * and password; default the checkout's examples/users.csv), {@code connections} (0, the default: all journeys
 * share one pool of keep-alive connections that grows as needed; N: at most N connections, as the other loaders
 * are given; -1: Gatling's default, a connection of its own per journey).
 */
public final class ShopSimulation extends Simulation {

    private static final String LOGIN = "{\"user\":\"#{user}\",\"password\":\"#{password}\"}";
    private static final String ORDER = "{\"item\":\"book\",\"quantity\":1}";

    /** The scenario and its injection profile, from the system properties. */
    public ShopSimulation() {
        String base = System.getProperty("base", "http://127.0.0.1:18290");
        double rate = Double.parseDouble(System.getProperty("rate", "10"));
        long duration = Long.parseLong(System.getProperty("duration", "10"));
        String users = System.getProperty("users", defaultUsers());
        int connections = Integer.parseInt(System.getProperty("connections", "0"));

        HttpProtocolBuilder protocol = http.baseUrl(base)
                .acceptHeader("application/json")
                .contentTypeHeader("application/json")
                .disableCaching()
                .disableWarmUp();
        if (connections >= 0) {
            protocol = protocol.shareConnections();
        }
        if (connections > 0) {
            protocol = protocol.maxConnectionsPerHost(connections);
        }

        ScenarioBuilder shop = scenario("shop")
                .feed(csv(users).circular())
                .exec(http("login")
                        .post("/login")
                        .body(StringBody(LOGIN))
                        .check(status().is(200))
                        .check(jsonPath("$.token").saveAs("token"))
                        .check(jsonPath("$.account").saveAs("account")))
                .exec(http("account")
                        .get("/accounts/#{account}")
                        .header("Authorization", "Bearer #{token}")
                        .check(status().is(200)))
                .exec(http("order")
                        .post("/orders")
                        .header("Authorization", "Bearer #{token}")
                        .body(StringBody(ORDER))
                        .check(status().is(201))
                        .check(jsonPath("$.id").exists()));

        setUp(shop.injectOpen(constantUsersPerSec(rate).during(Duration.ofSeconds(duration))))
                .protocols(protocol);
    }

    /** examples/users.csv of the checkout, whether run from its root (the script) or from bench/gatling (Maven). */
    private static String defaultUsers() {
        Path here = Path.of("examples/users.csv");
        return Files.exists(here) ? here.toString() : "../../examples/users.csv";
    }
}
