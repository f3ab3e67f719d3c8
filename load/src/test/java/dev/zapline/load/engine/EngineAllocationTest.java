package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.IoTransport;
import dev.zapline.load.metrics.LoopRecorder;
import dev.zapline.load.metrics.Outcome;
import dev.zapline.load.metrics.Tally;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import dev.zapline.load.tls.TestCerts;
import dev.zapline.load.tls.TlsHttpServer;
import dev.zapline.server.App;
import dev.zapline.server.rpc.RpcMethod;
import dev.zapline.server.rpc.RpcService;
import dev.zapline.transport.ClientTls;
import dev.zapline.transport.ServerTls;
import dev.zapline.transport.TlsProvider;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes the engine's event loop allocates per request in steady state (pacing tick, write, response, record),
 * measured over a window in the middle of a run from another thread. Runs in the build's allocation pass.
 */
@Tag("allocation")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EngineAllocationTest {

    /**
     * A max-throughput run's length: as long as this machine needs for the measured requests, however loaded (how
     * many fit in a given time is for benchmarks); the run is stopped once they are measured.
     */
    private static final long UNTIL_STOPPED = 60_000_000_000L;

    /** The RPC calls' payload and answer. */
    private static final byte[] RPC_BODY = new byte[48];

    @Test
    void openModelLoopAllocatesAlmostNothingPerRequest() throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.POISSON, 3, 4, 1);
        assertThat(perRequest(plan, "open 4000/s poisson")).isLessThan(4.0);
    }

    @Test
    void adaptiveOpenModelWithWarmupAllocatesAlmostNothingPerRequest() throws Exception {
        // the ceiling's windows, the warm-up recorder's phase split and the pacing buckets all run per request
        LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.warmupNanos = 500_000_000L)
                .with(b -> b.adaptive = true);
        assertThat(perRequest(plan, "open 4000/s adaptive, warm-up")).isLessThan(4.0);
    }

    @Test
    void maxThroughputLoopAllocatesAlmostNothingPerRequest() throws Exception {
        LoadPlan plan = LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1);
        assertThat(perRequest(plan, "max throughput 2 x 8")).isLessThan(4.0);
    }

    @Test
    void httpMaxThroughputLoopAllocatesAlmostNothingPerRequest() throws Exception {
        LoadPlan plan = LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1);
        assertThat(perRequest(plan, "http max throughput 2 x 8", t -> t.http("/health")))
                .isLessThan(4.0);
    }

    @Test
    void httpLoopSamplingFullKeysAllocatesAlmostNothingPerRequest() throws Exception {
        // --sample-responses 2: both keys fill in the run's first responses, long before the measured window
        LoadPlan plan = LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1);
        assertThat(perRequest(plan, "http max throughput 2 x 8, sampling full", t -> {
                    String hp = "127.0.0.1:" + t.httpPort();
                    Client c = new HttpLoadClient(
                            t.loops,
                            "127.0.0.1",
                            t.httpPort(),
                            List.of(
                                    HttpLoadClient.encode("GET", hp, "/health", List.of(), new byte[0]),
                                    HttpLoadClient.encode("GET", hp, "/hit/x", List.of(), new byte[0])),
                            "http://" + hp + "/health");
                    assertThat(c.sampleResponses(2)).isNotNull();
                    return c;
                }))
                .isLessThan(4.0);
    }

    /**
     * h2c, 2 connections of 8 streams, against a server on its own loop: frames written and read, HPACK decoded,
     * completions out of order; nothing of ours allocated per request.
     */
    @Test
    void h2cMaxThroughputLoopAllocatesAlmostNothingPerRequest() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (s, n) -> s.respond(200, "ok"))) {
            List<Http2LoadClient.Request> get =
                    List.of(new Http2LoadClient.Request("GET", "/health", List.of(), new byte[0]));
            LoadPlan plan = LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1);
            assertThat(perRequest(
                            plan,
                            "h2c max throughput 2 x 8",
                            t -> new Http2LoadClient(
                                    t.loops, "127.0.0.1", server.port(), get, "h2c://127.0.0.1/health", null, 8)))
                    .isLessThan(4.0);
        }
    }

    /** The same in the open model: a flush, a HEADERS frame and a response per request. */
    @Test
    void h2cOpenModelLoopAllocatesAlmostNothingPerRequest() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (s, n) -> s.respond(200, "ok"))) {
            List<Http2LoadClient.Request> get =
                    List.of(new Http2LoadClient.Request("GET", "/health", List.of(), new byte[0]));
            LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.UNIFORM, 0, 4, 1)
                    .with(b -> b.pipeline = 8);
            assertThat(perRequest(
                            plan,
                            "h2c open 4000/s",
                            t -> new Http2LoadClient(
                                    t.loops, "127.0.0.1", server.port(), get, "h2c://127.0.0.1/health", null, 8)))
                    .isLessThan(4.0);
        }
    }

    /**
     * Native ZAP RPC, 2 connections of 8 calls in flight, against zapline's RPC server on its own loops: frames
     * copied and patched, answers matched by request id out of order; nothing of ours allocated per call.
     */
    @Test
    void rpcMaxThroughputLoopAllocatesAlmostNothingPerRequest() throws Exception {
        assertThat(rpc(LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1), "rpc max throughput 2 x 8"))
                .isLessThan(4.0);
    }

    /** The same in the open model: a flush and a request frame per call. */
    @Test
    void rpcOpenModelLoopAllocatesAlmostNothingPerRequest() throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.pipeline = 8);
        assertThat(rpc(plan, "rpc open 4000/s")).isLessThan(4.0);
    }

    private static double rpc(LoadPlan plan, String what) throws Exception {
        RpcService echo = RpcService.of(
                "Echo", null, new RpcMethod("echo", (call, reply) -> reply.send(200, RPC_BODY, 0, RPC_BODY.length)));
        try (App server = App.create().rpc("127.0.0.1:0", echo).start()) {
            int port = server.rpcAddresses().get(0).getPort();
            return perRequest(
                    plan,
                    what,
                    t -> new RpcLoadClient(t.loops, "127.0.0.1", port, 1, RPC_BODY, "alloc", 8, "zaprpc://echo"));
        }
    }

    /**
     * Keep-alive over TLS (the OpenSSL engine where it loads), pipelined: our side allocates nothing more than over
     * plaintext, but Netty's TLS handler and engine do per record (an {@code SSLEngineResult} per wrap and unwrap,
     * a promise per wrap, {@code ByteBuffer} views of the pooled buffers): measured and printed, and held under a
     * bound that a per-request allocation of ours (a string, a boxed value, a lambda) would break.
     */
    @Test
    void httpsMaxThroughputLoopAllocatesOnlyTheTlsEnginesPerRecordObjects(@TempDir Path dir) throws Exception {
        assertThat(https(dir, LoadPlan.maxThroughput(8, UNTIL_STOPPED, 2, 1), "https max throughput 2 x 8"))
                .isLessThan(64.0);
    }

    /** The same, one request per record each way (open model, no pipelining): the engine's cost per record. */
    @Test
    void httpsOpenModelLoopAllocatesOnlyTheTlsEnginesPerRecordObjects(@TempDir Path dir) throws Exception {
        LoadPlan plan = LoadPlan.open(Stages.constant(4000, Duration.ofSeconds(4)), Arrival.UNIFORM, 0, 4, 1);
        assertThat(https(dir, plan, "https open 4000/s")).isLessThan(400.0);
    }

    private static double https(Path dir, LoadPlan plan, String what) throws Exception {
        TestCerts.Issued cert = TestCerts.ca(dir).server("server", "localhost");
        try (TlsHttpServer server = new TlsHttpServer(ServerTls.pem(cert.certFile(), cert.keyFile()))) {
            String hp = "127.0.0.1:" + server.port();
            byte[] get = HttpLoadClient.encode("GET", hp, "/health", List.of(), new byte[0]);
            ClientTls tls = ClientTls.defaults().withInsecure(true).withAlpn(List.of("http/1.1"));
            return perRequest(
                    plan,
                    what + ", " + TlsProvider.current(),
                    t -> new HttpLoadClient(
                            t.loops, "127.0.0.1", server.port(), List.of(get), "https://" + hp + "/health", tls));
        }
    }

    private static double perRequest(LoadPlan plan, String what) throws Exception {
        return perRequest(plan, what, t -> t.zap("/health"));
    }

    private static double perRequest(LoadPlan plan, String what, Function<Target, Client> client) throws Exception {
        return perRequest(plan, what, client, IoTransport.AUTO);
    }

    /** Bytes per request on the loop of a run of {@code plan} with {@code client}, the loop on {@code io}. */
    static double perRequest(LoadPlan plan, String what, Function<Target, Client> client, IoTransport io)
            throws Exception {
        try (Target t = new Target(1, io)) {
            // warm the JIT on the same path first
            Runs.run(
                    plan.isOpen() ? plan : LoadPlan.maxThroughput(8, 1_000_000_000L, 2, 1),
                    client.apply(t),
                    t.loops.group(),
                    30);
            long thread = t.loops
                    .group()
                    .next()
                    .submit(() -> Thread.currentThread().threadId())
                    .get();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            Engine e = Runs.start(plan, client.apply(t), t.loops.group());
            LoopRecorder r = e.recorders()[0];
            // measured over 5,000 requests from the 1,000th of the measured phase on, whenever they come
            awaitSent(r, 1000);
            long b0 = mx.getThreadAllocatedBytes(thread);
            long n0 = r.sentCount();
            awaitSent(r, n0 + 5000);
            long b1 = mx.getThreadAllocatedBytes(thread);
            long n1 = r.sentCount();
            e.stop();
            Tally run = Runs.await(e, 30);
            // the window measured the path of answered requests, not of failures: every request sent by its end
            // was answered 200 (what was still in flight at the stop may end otherwise)
            assertThat(run.count(Outcome.SUCCESS))
                    .as("successes of %d sent by the window's end", n1)
                    .isGreaterThanOrEqualTo(n1);
            assertThat(run.status(200)).as("200 responses").isEqualTo(run.count(Outcome.SUCCESS));
            double per = (b1 - b0) / (double) (n1 - n0);
            System.out.printf(
                    "engine loop, %s, %s: %.3f bytes per request over %d requests (%d bytes)%n",
                    what, t.loops.name(), per, n1 - n0, b1 - b0);
            assertThat(n1 - n0).isGreaterThanOrEqualTo(5000);
            return per;
        }
    }

    /** Waits (polling, bounded by the test's timeout) until {@code r} has sent {@code n} requests. */
    private static void awaitSent(LoopRecorder r, long n) throws InterruptedException {
        while (r.sentCount() < n) {
            Thread.sleep(5);
        }
    }
}
