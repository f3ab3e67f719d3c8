package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.journey.DataMode;
import dev.zapline.load.journey.JourneyPlan;
import dev.zapline.load.journey.JourneyPlans;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes the engine's event loop allocates per journey step in steady state: a three-step journey with a data
 * column, two values extracted by JSONPath (one kept as a string, one a number), a regex export, dynamic values and
 * checks on status, header and body, against {@link TokenServer} on its own loop. Runs in the allocation pass.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JourneyEngineAllocationTest {

    @Test
    void aJourneyStepAllocatesAlmostNothing(@TempDir Path dir) throws Exception {
        try (TokenServer server = new TokenServer();
                ZapLoops loops = ZapLoops.create(1, true)) {
            Path file = dir.resolve("shop.http");
            Files.writeString(file, """
                    ### login
                    # @gg-export token = jsonpath: $.token
                    # @gg-export tail = regex: "account":([0-9]+)
                    # @check status == 200
                    # @check header content-type contains json
                    POST http://127.0.0.1:%d/login
                    Content-Type: application/json

                    {"user": "{{user}}", "at": {{$timestamp}}}

                    ### account
                    # @check $.balance >= 10
                    # @check $.tags[1] == "b"
                    GET http://127.0.0.1:%d/accounts/{{login.response.body.$.account}}?n={{$randomInt}}
                    Authorization: Bearer {{token}}

                    ### order
                    # @expect status 201
                    # @check body contains "id"
                    POST http://127.0.0.1:%d/orders
                    Authorization: Bearer {{token}}
                    X-Request-Id: {{$uuid}}

                    {"account": {{tail}}}
                    """.formatted(server.port(), server.port(), server.port()));
            StringBuilder csv = new StringBuilder("user\n");
            for (int i = 1; i <= 500; i++) {
                csv.append("user").append(i).append('\n');
            }
            Files.writeString(dir.resolve("users.csv"), csv);
            JourneyPlan journeys =
                    JourneyPlans.load(List.of(file.toString()), null, dir.resolve("users.csv"), DataMode.SEQUENTIAL, 3);
            LoadPlan plan = LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(6)), Arrival.UNIFORM, 0, 4, 1);
            HttpLoadClient client = new HttpLoadClient(loops, "127.0.0.1", server.port(), journeys, "shop", null);
            // warm the JIT on the same path first
            Runs.run(
                    plan.with(b -> b.stages = Stages.constant(1000, Duration.ofSeconds(3))), client, loops.group(), 30);
            long thread = loops.group()
                    .next()
                    .submit(() -> Thread.currentThread().threadId())
                    .get();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            Engine e = Runs.start(plan, client, loops.group());
            LoopRecorder r = e.recorders()[0];
            awaitSent(r, 1500);
            long b0 = mx.getThreadAllocatedBytes(thread);
            long n0 = r.sentCount();
            awaitSent(r, n0 + 9000);
            long b1 = mx.getThreadAllocatedBytes(thread);
            long n1 = r.sentCount();
            e.stop();
            Tally run = Runs.await(e, 30);
            assertThat(run.count(Outcome.SUCCESS)).as("every step succeeded").isGreaterThanOrEqualTo(n1);
            assertThat(server.unknownTokens.get()).isZero();
            double per = (b1 - b0) / (double) (n1 - n0);
            System.out.printf(
                    "engine loop, journeys: %.3f bytes per step over %d steps (%d bytes)%n", per, n1 - n0, b1 - b0);
            assertThat(per).isLessThanOrEqualTo(16.0);
        }
    }

    private static void awaitSent(LoopRecorder r, long n) throws InterruptedException {
        while (r.sentCount() < n) {
            Thread.sleep(5);
        }
    }
}
