package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapLoops;
import dev.zapline.load.internal.h2.H2;
import dev.zapline.load.metrics.Aggregator;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The engine over {@link Http2LoadClient} against a test server on Netty's frame code ({@link H2TestServer}):
 * streams answered in reverse order keep their own latencies, refused and gone-away streams are counted outcomes,
 * the server's stream limit holds, a connection that runs out of stream ids is replaced, bodies go out under flow
 * control.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2EngineTest {

    private static final long MS = 1_000_000L;

    private static Http2LoadClient client(ZapLoops loops, H2TestServer s, int streams, String... paths) {
        List<Http2LoadClient.Request> r = new ArrayList<>();
        for (String p : paths) {
            r.add(new Http2LoadClient.Request("GET", p, List.of(), new byte[0]));
        }
        return new Http2LoadClient(loops, "127.0.0.1", s.port(), r, "h2c://127.0.0.1/", null, streams);
    }

    /** Holds each connection's requests until it has four, then answers them last first, {@link #GAP} ms apart. */
    private static final class Reverse implements H2TestServer.Behavior {
        private final List<H2TestServer.Stream> held = new ArrayList<>();

        @Override
        public void request(H2TestServer.Stream s, int n) {
            held.add(s);
            if (held.size() == 4) {
                for (int i = 0; i < 4; i++) {
                    held.get(3 - i).respondAfter(GAP * i, 200, "ok");
                }
                held.clear();
            }
        }
    }

    private static final long GAP = 300;

    /**
     * Eight requests 100 ms apart, four streams on one connection, answered in rounds of four, last written first,
     * 300 ms apart. Each round's last request is answered as it arrives; matched in FIFO order instead, the first
     * answer of a round would go to its first request, written 300 ms or more before it, and every latency would
     * be 300 ms or more. The bound between is 250 times what answering at once takes (about 1 ms), and only that
     * one must come in under it: the others are bounded from below.
     */
    @Test
    void streamsAnsweredInReverseOrderEachRecordTheirOwnLatency() throws Exception {
        try (H2TestServer server = new H2TestServer(100, new Reverse());
                ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(10, Duration.ofMillis(800)), Arrival.UNIFORM, 0, 1, 1)
                    .with(b -> b.pipeline = 4);
            Engine e = Runs.start(plan, client(loops, server, 4, "/a"), loops.group());
            Tally t = Runs.await(e, 30);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent()).isEqualTo(8);
            Aggregator a = Runs.aggregate(e);
            assertThat(a.service().getTotalCount()).isEqualTo(8);
            // one per round answered at once
            assertThat(a.service().getCountBetweenValues(0, 250 * MS)).isEqualTo(2);
            // a round's first request is answered three gaps after its last arrived
            assertThat(a.service().getMaxValue()).isGreaterThanOrEqualTo(3 * GAP * MS);
        }
    }

    @Test
    void refusedStreamsAreCountedAndTheConnectionCarriesOn() throws Exception {
        H2TestServer.Behavior everyFifthRefused = (s, n) -> {
            if (n % 5 == 0) {
                s.reset(H2.REFUSED_STREAM);
            } else {
                s.respond(200, "ok");
            }
        };
        try (H2TestServer server = new H2TestServer(100, everyFifthRefused);
                ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(400, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1)
                    .with(b -> b.pipeline = 4);
            Tally t = Runs.run(plan, client(loops, server, 4, "/a"), loops.group(), 30);
            assertThat(t.sent()).isEqualTo(200);
            assertThat(t.count(Outcome.REFUSED)).isEqualTo(40);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(160);
            assertThat(server.connections.get()).isEqualTo(1);
        }
    }

    @Test
    void aGoawayFailsTheStreamsAboveItsLastIdAndTheEngineOpensANewConnection() throws Exception {
        // the tenth request of each connection gets a GOAWAY naming the ninth as the last: it fails, the rest end
        H2TestServer.Behavior goaway = (s, n) -> {
            if (n == 10) {
                s.goaway(s.id - 2);
            } else if (n < 10) {
                s.respond(200, "ok");
            }
        };
        try (H2TestServer server = new H2TestServer(100, goaway);
                ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.open(Stages.constant(200, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1)
                    .with(b -> b.pipeline = 1);
            Tally t = Runs.run(plan, client(loops, server, 1, "/a"), loops.group(), 30);
            assertThat(t.sent()).isEqualTo(100);
            assertThat(t.count(Outcome.GOAWAY)).isEqualTo(10);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(90);
            assertThat(t.count(Outcome.GOAWAY) + t.count(Outcome.SUCCESS)).isEqualTo(t.sent());
            assertThat(server.connections.get()).isEqualTo(10);
        }
    }

    @Test
    void neverOpensMoreStreamsThanTheServerAllows() throws Exception {
        H2TestServer.Behavior slow = (s, n) -> s.respondAfter(2, 200, "ok");
        try (H2TestServer server = new H2TestServer(3, slow);
                ZapLoops loops = ZapLoops.create(1, true)) {
            LoadPlan plan = LoadPlan.maxThroughput(16, 500 * MS, 2, 1);
            Tally t = Runs.run(plan, client(loops, server, 16, "/a"), loops.group(), 30);
            // 32 users would open 16 streams per connection: the server's 3 were reached and never exceeded (how
            // many requests fit in 0.5 s is the machine's business)
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(t.sent()).isGreaterThanOrEqualTo(3);
            assertThat(server.mostOpen.get()).isEqualTo(3);
        }
    }

    @Test
    void aConnectionOutOfStreamIdsIsReplacedLikeAReconnectNotAnError() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (s, n) -> s.respond(200, "ok"));
                ZapLoops loops = ZapLoops.create(1, true)) {
            List<Http2LoadClient.Request> r = List.of(new Http2LoadClient.Request("GET", "/a", List.of(), new byte[0]));
            // stream ids up to 19: ten requests per connection
            Http2LoadClient c = new Http2LoadClient(loops, "127.0.0.1", server.port(), r, "h2c://x/", null, 4, 19);
            LoadPlan plan = LoadPlan.open(Stages.constant(200, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 1, 1)
                    .with(b -> b.pipeline = 4);
            Tally t = Runs.run(plan, c, loops.group(), 30);
            assertThat(t.sent()).isEqualTo(100);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(100);
            assertThat(server.connections.get()).isEqualTo(10);
        }
    }

    @Test
    void postBodiesLargerThanTheWindowGoOutWhole() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (s, n) -> s.respond(200, Long.toString(s.bodyBytes)));
                ZapLoops loops = ZapLoops.create(1, true)) {
            byte[] body = new byte[100_000];
            List<Http2LoadClient.Request> r = List.of(new Http2LoadClient.Request("POST", "/up", List.of(), body));
            Http2LoadClient c = new Http2LoadClient(loops, "127.0.0.1", server.port(), r, "h2c://x/", null, 4);
            LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 2, 1)
                    .with(b -> b.pipeline = 4);
            Tally t = Runs.run(plan, c, loops.group(), 30);
            assertThat(t.count(Outcome.SUCCESS)).isEqualTo(50);
            assertThat(server.bodyBytes.get()).isEqualTo(50L * body.length);
        }
    }
}
