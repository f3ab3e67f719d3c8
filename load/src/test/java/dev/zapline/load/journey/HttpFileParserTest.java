package dev.zapline.load.journey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.engine.StatusSet;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three syntaxes, read from fixtures into the exact model. */
class HttpFileParserTest {

    static Path fixture(String name) {
        try {
            return Path.of(
                    HttpFileParserTest.class.getResource("/journeys/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void jetBrainsStyle() {
        JourneyPlan plan = JourneyPlans.load(
                List.of(fixture("jetbrains/shop.http").toString() + ":3"),
                "dev",
                fixture("users.csv"),
                DataMode.SEQUENTIAL,
                7);
        Journey j = plan.journeys().get(0);
        assertThat(j.name()).isEqualTo("shop");
        assertThat(j.weight()).isEqualTo(3);
        assertThat(j.slots()).isZero();
        assertThat(plan.origin()).isEqualTo("https://shop.example.com:443");
        assertThat(plan.seed()).isEqualTo(7);
        assertThat(j.steps())
                .extracting(Step::name)
                .containsExactly("Home page", "Search", "Add to cart", "PUT /orders/{{sku}}");
        assertThat(j.steps()).extracting(Step::method).containsExactly("GET", "GET", "POST", "PUT");
        assertThat(j.steps()).extracting(Step::origin).containsOnly("https://shop.example.com:443");
        assertThat(j.steps()).extracting(s -> s.location().line()).containsExactly(2, 9, 19, 29);

        Step home = j.steps().get(0);
        assertThat(Render.template(home.target())).isEqualTo("/");
        assertThat(Render.headers(home)).containsExactly("Accept: text/html");
        assertThat(home.checks()).extracting(Render::check).containsExactly("STATUS EQ '200' number 200.0 @4:10");
        assertThat(home.keepBody()).isFalse();
        assertThat(home.expect()).isEqualTo("2xx");
        assertThat(home.thinkNanos()).isZero();

        Step search = j.steps().get(1);
        assertThat(Render.template(search.target())).isEqualTo("/search?q=hats&page=1");
        assertThat(search.target().isConstant()).isTrue();
        assertThat(Render.headers(search)).containsExactly("Accept: application/json", "X-Request-Id: <UUID 0 0>");
        assertThat(search.expect()).isEqualTo("200,304");
        assertThat(search.thinkNanos()).isEqualTo(500_000_000L);

        Step cart = j.steps().get(2);
        assertThat(cart.checks())
                .extracting(Render::check)
                .containsExactly(
                        "JSON $.items[0]['sku id']/items/#0/sku id EQ 'A-1' text @16:10",
                        "HEADER content-type CONTAINS 'json' text @17:10");
        assertThat(cart.keepBody()).isTrue();
        assertThat(cart.captureHeaders()).containsExactly("content-type");
        assertThat(Render.template(cart.body()))
                .isEqualTo("{\n  \"sku\": \"<col 1 sku>\",\n  \"n\": <RANDOM_INT 1 5>\n}");

        Step put = j.steps().get(3);
        assertThat(Render.template(put.target())).isEqualTo("/orders/<col 1 sku>?x=1");
        assertThat(Render.template(put.body())).isEqualTo("{\"id\": \"{{sku}}\"}\n");
        assertThat(put.index()).isEqualTo(3);
        assertThat(plan.data().columns()).containsExactly("user", "sku", "username");
    }

    @Test
    void restClientStyle() {
        JourneyPlan plan = JourneyPlans.load(
                List.of(fixture("restclient/api.http").toString()), "dev", fixture("users.csv"), DataMode.RANDOM, 1);
        Journey j = plan.journeys().get(0);
        assertThat(j.name()).isEqualTo("api");
        assertThat(j.weight()).isEqualTo(1);
        assertThat(plan.mode()).isEqualTo(DataMode.RANDOM);
        assertThat(plan.origin()).isEqualTo("http://api.dev:8080");
        assertThat(j.steps()).extracting(Step::name).containsExactly("login", "profile", "logout");
        assertThat(j.steps()).extracting(Step::method).containsExactly("POST", "GET", "DELETE");
        assertThat(j.slots()).isEqualTo(2);

        Step login = j.steps().get(0);
        assertThat(Render.template(login.target())).isEqualTo("/login");
        assertThat(Render.template(login.body()))
                .isEqualTo("{\"user\": \"<col 2 username>\", \"password\": \"devpass\"}");
        assertThat(login.exports())
                .extracting(Render::export)
                .containsExactly(
                        "0 login.response.body.$.token = body $.token /token @14:25",
                        "1 login.response.headers.X-Session = header X-Session @15:14");
        assertThat(login.keepBody()).isTrue();
        assertThat(login.captureHeaders()).containsExactly("x-session");

        Step profile = j.steps().get(1);
        assertThat(Render.template(profile.target())).isEqualTo("/me?t=<TIMESTAMP 0 0>");
        assertThat(Render.headers(profile))
                .containsExactly(
                        "Authorization: Bearer <slot 0 login.response.body.$.token>",
                        "X-Session: <slot 1 login.response.headers.X-Session>");
        assertThat(profile.exports()).isEmpty();
        assertThat(profile.keepBody()).isFalse();
        assertThat(profile.captureHeaders()).isEmpty();

        Step logout = j.steps().get(2);
        assertThat(Render.template(logout.target())).isEqualTo("/session/<slot 0 login.response.body.$.token>");
        assertThat(Render.headers(logout)).containsExactly("Date: <ISO_TIMESTAMP 0 0>");
        assertThat(logout.checks()).extracting(Render::check).containsExactly("BODY EXISTS @20:11");
        assertThat(logout.keepBody()).isTrue();
    }

    @Test
    void restClientSharedEnvironmentWithoutASelection() {
        JourneyPlan plan = JourneyPlans.load(
                List.of(fixture("restclient/api.http").toString()), null, fixture("users.csv"), DataMode.UNIQUE, 1);
        assertThat(plan.origin()).isEqualTo("http://api.local:8080");
        assertThat(Render.template(plan.journeys().get(0).steps().get(0).body()))
                .isEqualTo("{\"user\": \"<col 2 username>\", \"password\": \"s3cret\"}");
    }

    @Test
    void gopherGlideStyle() {
        JourneyPlan plan = JourneyPlans.load(
                List.of(fixture("gg/flow.http").toString()), null, fixture("users.csv"), DataMode.SEQUENTIAL, 1);
        Journey j = plan.journeys().get(0);
        assertThat(j.slots()).isEqualTo(2);
        assertThat(plan.origin()).isEqualTo("http://localhost:8080");
        Step login = j.steps().get(0);
        assertThat(login.name()).isEqualTo("login");
        assertThat(login.exports())
                .extracting(Render::export)
                .containsExactly(
                        "0 token = body $.data.token /data/token @2:14", "1 sid = regex sid=([a-z0-9]+) @3:14");
        assertThat(login.keepBody()).isTrue();
        assertThat(Render.template(login.body())).isEqualTo("user=<col 0 user>&pw=x");
        Step orders = j.steps().get(1);
        assertThat(Render.template(orders.target())).isEqualTo("/orders?sid=<slot 1 sid>");
        assertThat(Render.headers(orders)).containsExactly("Authorization: Bearer <slot 0 token>");
        assertThat(orders.checks())
                .extracting(Render::check)
                .containsExactly(
                        "JSON $.orders[0].id/orders/#0/id EXISTS @10:10", "DURATION LT '200ms' number 2.0E8 @11:10");
        assertThat(orders.thinkNanos()).isEqualTo(1_500_000_000L);
        assertThat(orders.keepBody()).isTrue();
        assertThat(orders.exports()).isEmpty();
    }

    @Test
    void dynamicsOriginsAndExpectations(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("d.http");
        Files.writeString(file, """
                # @expect 200-204, 3xx,404
                http://[::1]:8080
                X-A: {{$guid}}|{{ $randomInt }}|{{$randomInt -5 5}}|{{$isoTimestamp}}

                ###
                // @name=q
                # @no-log
                # @no-cookie-jar
                GET HTTP://[::1]:8080?a=1

                # only comments after a request are no body
                // @check status == 204
                """);
        Journey j = JourneyPlans.load(List.of(file.toString()), null, null, DataMode.SEQUENTIAL, 1)
                .journeys()
                .get(0);
        Step first = j.steps().get(0);
        assertThat(first.name()).isEqualTo("GET /");
        assertThat(first.origin()).isEqualTo("http://[::1]:8080");
        assertThat(Render.template(first.target())).isEqualTo("/");
        assertThat(Render.headers(first))
                .containsExactly("X-A: <UUID 0 0>|<RANDOM_INT 0 1000>|<RANDOM_INT -5 5>|<ISO_TIMESTAMP 0 0>");
        assertThat(first.expect()).isEqualTo("200-204,3xx,404");
        StatusSet expect = StatusSet.parse(first.expect());
        assertThat(List.of(199, 200, 204, 205, 300, 399, 403, 404, 405))
                .filteredOn(expect::contains)
                .containsExactly(200, 204, 300, 399, 404);
        assertThat(Render.template(first.body())).isEmpty();
        assertThat(first.body().parts()).isEmpty();
        Step second = j.steps().get(1);
        assertThat(second.name()).isEqualTo("q");
        assertThat(Render.template(second.target())).isEqualTo("/?a=1");
        assertThat(second.origin()).isEqualTo("http://[::1]:8080");
        assertThat(second.expect()).isEqualTo("2xx");
        assertThat(second.body().parts()).isEmpty();
        assertThat(second.checks()).extracting(Render::check).containsExactly("STATUS EQ '204' number 204.0 @12:11");
    }
}
