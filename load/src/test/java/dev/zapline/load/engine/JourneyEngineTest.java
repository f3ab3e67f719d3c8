package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.journey.DataMode;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.JourneyPlans;
import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.JourneyLayout;
import dev.zapline.load.metrics.JourneyRecorder;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journeys run by the engine against {@link TokenServer}, a shop on Netty's own HTTP codec that issues a fresh token
 * per login and checks that each later request carries the one it issued for that account: exact counts per step
 * and per journey, the chained values the server saw, each data mode, a journey stopping at its first failed step,
 * think time, and the closed model.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JourneyEngineTest {

    @TempDir
    Path dir;

    private TokenServer server;
    private ZapLoops loops;

    @BeforeEach
    void start() throws Exception {
        server = new TokenServer();
        loops = ZapLoops.create(2, true);
    }

    @AfterEach
    void stop() {
        loops.close();
        server.close();
    }

    private String shop(String accountChecks, String loginExtras) {
        return """
                @base = http://127.0.0.1:%d

                ### login
                %s
                POST {{base}}/login
                Content-Type: application/json

                {"user": "{{user}}", "password": "pw-{{user}}"}

                ### account
                # @check status == 200
                %s
                GET {{base}}/accounts/{{login.response.body.$.account}}
                Authorization: Bearer {{login.response.body.$.token}}

                ### order
                # @expect status 201
                # @check $.id exists
                POST {{base}}/orders
                Authorization: Bearer {{token}}
                Content-Type: application/json

                {"item": "book", "quantity": {{$randomInt 1 5}}, "ref": "{{$uuid}}"}
                """.formatted(server.port(), loginExtras, accountChecks);
    }

    private Path files(String http, int users) throws IOException {
        Path f = dir.resolve("shop.http");
        Files.writeString(f, http);
        StringBuilder csv = new StringBuilder("user,password\n");
        for (int i = 1; i <= users; i++) {
            csv.append("user").append(i).append(",pw").append(i).append('\n');
        }
        Files.writeString(dir.resolve("users.csv"), csv);
        return f;
    }

    private JourneyPlan plan(Path file, DataMode mode) {
        return JourneyPlans.load(List.of(file.toString()), null, dir.resolve("users.csv"), mode, 7);
    }

    private Engine run(JourneyPlan journeys, LoadPlan plan) throws InterruptedException {
        HttpLoadClient c = new HttpLoadClient(loops, "127.0.0.1", server.port(), journeys, journeys.origin(), null);
        Engine e = Runs.start(plan, c, loops.group());
        assertThat(e.await(30, TimeUnit.SECONDS)).as("run ended").isTrue();
        return e;
    }

    private static LoadPlan open(int rate, int millis) {
        return LoadPlan.open(Stages.constant(rate, Duration.ofMillis(millis)), Arrival.UNIFORM, 1, 4, 2);
    }

    /** Step {@code key}'s recorders summed over the loops. */
    private static Tally step(Engine e, String key) {
        int s = e.journeyLayout().step(key);
        JourneyRecorder[] rs = e.journeyRecorders();
        LoopRecorder[] loops = new LoopRecorder[rs.length];
        for (int i = 0; i < rs.length; i++) {
            loops[i] = rs[i].step(s);
        }
        return new Tally().read(loops);
    }

    private static long sum(Engine e, java.util.function.ToLongFunction<JourneyRecorder> f) {
        long n = 0;
        for (JourneyRecorder r : e.journeyRecorders()) {
            n += f.applyAsLong(r);
        }
        return n;
    }

    @Test
    void everyStepCarriesTheTokenItsLoginGot() throws Exception {
        String http = shop("# @check $.id exists", "# @gg-export token = jsonpath: $.token");
        Engine e = run(plan(files(http, 100), DataMode.SEQUENTIAL), open(200, 2000));
        JourneyLayout layout = e.journeyLayout();
        assertThat(layout.steps()).containsExactly("login", "account", "order");
        assertThat(sum(e, r -> r.startedCount(0))).isEqualTo(400);
        assertThat(sum(e, r -> r.completedCount(0))).isEqualTo(400);
        assertThat(server.logins.get()).isEqualTo(400);
        assertThat(server.accountsOk.get()).isEqualTo(400);
        assertThat(server.orders.get()).isEqualTo(400);
        assertThat(server.unknownTokens.get()).isZero();
        assertThat(server.wrongAccounts.get()).isZero();
        for (String s : List.of("login", "account", "order")) {
            Tally t = step(e, s);
            assertThat(t.sent()).as(s).isEqualTo(400);
            assertThat(t.count(Outcome.SUCCESS)).as(s).isEqualTo(400);
        }
        // every check of every step passed: status and $.id on account, $.id on order
        for (int c = 0; c < layout.checks().size(); c++) {
            final int k = c;
            assertThat(sum(e, r -> r.checksPassed(k)))
                    .as(layout.checks().get(c))
                    .isEqualTo(400);
            assertThat(sum(e, r -> r.checksFailed(k))).isZero();
        }
        // sequential rows wrap around: 100 users, each logged in 4 times
        assertThat(server.usersSeen).hasSize(100);
        Aggregator journeys = journeyAggregator(e);
        assertThat(journeys.corrected().getTotalCount()).isEqualTo(400);
    }

    private static Aggregator journeyAggregator(Engine e) {
        JourneyRecorder[] rs = e.journeyRecorders();
        LoopRecorder[] loops = new LoopRecorder[rs.length];
        for (int i = 0; i < rs.length; i++) {
            loops[i] = rs[i].journey(0);
        }
        Aggregator a = new Aggregator(loops);
        a.interval(0, 1, 0, 0, 0, 0, false);
        return a;
    }

    @Test
    void uniqueRowsAreEachTakenOnceThenNoJourneyStarts() throws Exception {
        String http = shop("", "# @gg-export token = jsonpath: $.token");
        Engine e = run(plan(files(http, 30), DataMode.UNIQUE), open(100, 1000));
        assertThat(server.logins.get()).isEqualTo(30);
        assertThat(server.loginRepeats.get()).isZero();
        assertThat(server.usersSeen).hasSize(30);
        assertThat(sum(e, r -> r.startedCount(0))).isEqualTo(30);
        assertThat(sum(e, r -> r.completedCount(0))).isEqualTo(30);
        assertThat(e.dataRowsRanOut()).isTrue();
    }

    @Test
    void aFailedCheckEndsTheJourneyAtItsStep() throws Exception {
        String http = shop("# @check $.balance > 100", "# @gg-export token = jsonpath: $.token");
        Engine e = run(plan(files(http, 10), DataMode.RANDOM), open(100, 1000));
        int account = e.journeyLayout().step("account");
        assertThat(sum(e, r -> r.failedAtCount(account))).isEqualTo(100);
        assertThat(sum(e, r -> r.completedCount(0))).isZero();
        assertThat(step(e, "account").count(Outcome.CHECK_FAILED)).isEqualTo(100);
        assertThat(step(e, "order").sent()).isZero();
        assertThat(server.orders.get()).isZero();
    }

    @Test
    void anExtractionThatFindsNothingEndsTheJourneyBeforeItsValueIsSent() throws Exception {
        String http = shop("", "# @gg-export token = jsonpath: $.nothing");
        Engine e = run(plan(files(http, 10), DataMode.SEQUENTIAL), open(100, 1000));
        int login = e.journeyLayout().step("login");
        assertThat(step(e, "login").count(Outcome.EXTRACT_FAILED)).isEqualTo(100);
        assertThat(sum(e, r -> r.failedAtCount(login))).isEqualTo(100);
        assertThat(server.accountsOk.get() + server.unknownTokens.get()).isZero();
    }

    @Test
    void aStepAfterThinkTimeIsDueWhenTheThinkTimeEnds() throws Exception {
        String http = shop("", "# @gg-export token = jsonpath: $.token\n# @think 300ms");
        Engine e = run(plan(files(http, 10), DataMode.SEQUENTIAL), open(50, 1000));
        assertThat(sum(e, r -> r.completedCount(0))).isEqualTo(50);
        Aggregator account = new Aggregator(stepLoops(e, "account"));
        account.interval(0, 1, 0, 0, 0, 0, false);
        // counted from its due time (login's response + 300 ms), not from the journey's start
        assertThat(account.corrected().getValueAtPercentile(99)).isLessThan(250_000_000L);
        Aggregator journeys = journeyAggregator(e);
        assertThat(journeys.corrected().getMinValue()).isGreaterThanOrEqualTo(300_000_000L);
    }

    private static LoopRecorder[] stepLoops(Engine e, String key) {
        int s = e.journeyLayout().step(key);
        JourneyRecorder[] rs = e.journeyRecorders();
        LoopRecorder[] loops = new LoopRecorder[rs.length];
        for (int i = 0; i < rs.length; i++) {
            loops[i] = rs[i].step(s);
        }
        return loops;
    }

    @Test
    void closedUsersRunOneJourneyAtATime() throws Exception {
        String http = shop("", "# @gg-export token = jsonpath: $.token");
        LoadPlan plan = LoadPlan.closed(4, 1_000_000_000L, 2, 2);
        Engine e = run(plan(files(http, 10), DataMode.SEQUENTIAL), plan);
        long completed = sum(e, r -> r.completedCount(0));
        long started = sum(e, r -> r.startedCount(0));
        assertThat(completed).isPositive();
        assertThat(started - completed).isLessThanOrEqualTo(4);
        assertThat(server.unknownTokens.get()).isZero();
        assertThat(step(e, "login").sent()).isEqualTo(started);
        assertThat(step(e, "order").sent()).isBetween(completed, started);
    }
}
