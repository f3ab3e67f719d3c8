package dev.zapline.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The harness end to end on loopback with very short runs: real server children, the real load engine. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BenchRunnerTest {

    private static final long MS = 1_000_000;
    private static final List<String> ARM_KEYS = List.of(
            "name",
            "rps",
            "p50_us",
            "p99_us",
            "p999_us",
            "errors",
            "gc_count",
            "gc_ms",
            "alloc_bytes_per_req",
            "cpu_ns_per_req",
            "server_cores",
            "loader_cores");

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @AfterEach
    void noServerChildIsLeftBehind() {
        assertThat(serverChildren()).as("server children still running").isEmpty();
    }

    @Test
    void everyArmRunsAndTheReportsCarryEveryFigure(@TempDir Path dir) throws Exception {
        BenchSettings s = new BenchSettings(
                BenchRunner.armNames("default"), 1, 1_000 * MS, 500 * MS, 4, 0.5, false, false, "zapline bench (test)");
        BenchResult r = BenchRunner.run(s, new PrintStream(log, true, StandardCharsets.UTF_8), null);

        // nginx is an arm on a machine that has it, skipped (and not listed) on one that does not
        List<String> expected = new java.util.ArrayList<>(List.of(
                "raw-netty",
                "http-health",
                "zap-health",
                "http-rpc-jackson",
                "http-rpc-dsljson",
                "http-rpc-fastjson2",
                "http-rpc-zap",
                "zap-rpc-zap",
                "rpc-native",
                "h2c-health",
                "h2c-rpc-zap"));
        if (NginxServer.installed() != null) {
            expected.add(1, "nginx");
        }
        if (NghttpdServer.installed() != null) {
            expected.add("nghttpd");
        }
        assertThat(r.arms()).extracting(ArmResult::name).containsExactlyElementsOf(expected);
        for (ArmResult a : r.arms()) {
            assertThat(a.error()).as(a.name() + " / log: " + log).isNull();
            assertThat(a.rps()).as(a.name()).isPositive();
            assertThat(a.requests()).as(a.name()).isPositive();
            assertThat(a.errors()).as(a.name()).isZero();
            assertThat(a.p50Us()).as(a.name()).isPositive().isLessThanOrEqualTo(a.p99Us());
            assertThat(a.p99Us()).as(a.name()).isLessThanOrEqualTo(a.p999Us());
            assertThat(a.cpuNanosPerRequest()).as(a.name()).isPositive();
            assertThat(a.serverCores()).as(a.name()).isPositive().isLessThan(4);
            assertThat(a.loaderCores()).as(a.name()).isPositive().isLessThan(4);
            assertThat(a.latencyAt()).as(a.name()).isNotNull();
            assertThat(a.latencyAt().rateTarget()).isEqualTo(Math.max(1, Math.floor(a.rps() * 0.5)));
            assertThat(a.latencyAt().rateAchieved()).as(a.name()).isPositive();
        }
        assertThat(r.complete()).isTrue();

        BenchReport.write(dir, r);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("bench.json").toFile());
        assertThat(json.path("arms")).hasSize(expected.size());
        for (JsonNode arm : json.path("arms")) {
            for (String key : ARM_KEYS) {
                assertThat(arm.has(key))
                        .as(arm.path("name").asText() + " has " + key)
                        .isTrue();
            }
            assertThat(arm.path("latency_at").path("p99_us").isNumber()).isTrue();
        }
        assertThat(json.path("machine").path("cores").asInt()).isPositive();
        assertThat(json.path("command").asText()).isEqualTo("zapline bench (test)");

        // the ratios are the arms' req/s divided, as written
        JsonNode ratios = json.path("ratios");
        assertThat(ratios.path("zapline_vs_raw_netty").asDouble())
                .isCloseTo(rps(json, "http-health") / rps(json, "raw-netty"), withinPercentage(0.1));
        assertThat(ratios.path("zap_vs_http_health").asDouble())
                .isCloseTo(rps(json, "zap-health") / rps(json, "http-health"), withinPercentage(0.1));
        assertThat(ratios.path("zap_vs_http_rpc").asDouble())
                .isCloseTo(rps(json, "zap-rpc-zap") / rps(json, "http-rpc-zap"), withinPercentage(0.1));
        assertThat(ratios.path("rpc_native_vs_zap_rpc").asDouble())
                .isCloseTo(rps(json, "rpc-native") / rps(json, "zap-rpc-zap"), withinPercentage(0.1));
        assertThat(ratios.path("h2c_vs_http_health").asDouble())
                .isCloseTo(rps(json, "h2c-health") / rps(json, "http-health"), withinPercentage(0.1));
        assertThat(ratios.path("zap_vs_h2c_rpc").asDouble())
                .isCloseTo(rps(json, "zap-rpc-zap") / rps(json, "h2c-rpc-zap"), withinPercentage(0.1));
        if (NghttpdServer.installed() != null) {
            assertThat(ratios.path("zapline_h2c_vs_nghttpd").asDouble())
                    .isCloseTo(rps(json, "h2c-health") / rps(json, "nghttpd"), withinPercentage(0.1));
        }
        double fastest = Math.max(
                rps(json, "http-rpc-jackson"),
                Math.max(rps(json, "http-rpc-dsljson"), rps(json, "http-rpc-fastjson2")));
        assertThat(ratios.path("zap_rpc_vs_fastest_json").asDouble())
                .isCloseTo(rps(json, "zap-rpc-zap") / fastest, withinPercentage(0.1));
        for (String codec : new String[] {"jackson", "dsljson", "fastjson2"}) {
            assertThat(ratios.path("zap_rpc_vs_" + codec).asDouble())
                    .isCloseTo(rps(json, "zap-rpc-zap") / rps(json, "http-rpc-" + codec), withinPercentage(0.1));
        }

        String md = Files.readString(dir.resolve("bench.md"));
        assertThat(md)
                .contains(
                        "| raw-netty |",
                        "| zap-rpc-zap |",
                        "zapline HTTP /health vs raw Netty",
                        "typed ZAP /rpc vs the fastest JSON",
                        "unpinned: --no-pin",
                        "zapline bench (test)",
                        "- one round: ",
                        "`--rounds 5`, the default");

        String compared = BenchReport.compare(r, dir.resolve("bench.json"));
        assertThat(compared).contains("| http-health |", "+0.0 %");
    }

    @Test
    void aServerKilledMidRunIsReportedAsAnErrorAndTheNextArmStillRuns() {
        BenchSettings s = new BenchSettings(
                List.of("http-health", "zap-health"),
                1,
                500 * MS,
                1_000 * MS,
                2,
                0,
                false,
                false,
                "zapline bench (test)");
        BenchRunner.Hook kill = (arm, pid) -> {
            if (arm.equals("http-health")) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        };
        long t0 = System.nanoTime();
        BenchResult r = BenchRunner.run(s, new PrintStream(log, true, StandardCharsets.UTF_8), kill);

        assertThat(r.complete()).isFalse();
        ArmResult killed = r.arms().get(0);
        assertThat(killed.ok()).isFalse();
        assertThat(killed.error()).contains("server http-health").containsAnyOf("exited", "did not");
        assertThat(r.arms().get(1).ok())
                .as(String.valueOf(r.arms().get(1).error()))
                .isTrue();
        assertThat(r.arms().get(1).rps()).isPositive();
        assertThat(BenchReport.markdown(r)).contains("| http-health | **failed**");
        assertThat(System.nanoTime() - t0).as("bounded").isLessThan(60_000 * MS);
    }

    @Test
    void roundsInterleaveArmsOnServersKeptRunningAndRatiosAreRoundByRound() {
        BenchSettings s = new BenchSettings(
                List.of("raw-netty", "http-health"),
                3,
                500 * MS,
                300 * MS,
                2,
                0.5,
                false,
                false,
                "zapline bench (test)");
        java.util.Map<String, java.util.Set<Long>> pids = new java.util.concurrent.ConcurrentHashMap<>();
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        BenchRunner.Hook watch = (arm, pid) -> {
            pids.computeIfAbsent(arm, x -> java.util.concurrent.ConcurrentHashMap.newKeySet())
                    .add(pid);
            order.add(arm);
        };
        BenchResult r = BenchRunner.run(s, new PrintStream(log, true, StandardCharsets.UTF_8), watch);

        assertThat(r.complete()).as(log.toString()).isTrue();
        // one server per arm for all rounds, and the order rotates each round
        assertThat(pids).containsOnlyKeys("raw-netty", "http-health");
        assertThat(pids.values()).allSatisfy(set -> assertThat(set).hasSize(1));
        assertThat(order)
                .containsExactly("raw-netty", "http-health", "http-health", "raw-netty", "raw-netty", "http-health");
        ArmResult raw = r.arm("raw-netty");
        ArmResult zapline = r.arm("http-health");
        assertThat(raw.roundsRps()).hasSize(3).allSatisfy(v -> assertThat(v).isPositive());
        assertThat(zapline.roundsRps()).hasSize(3);
        // the ratio is the median of the round-by-round ratios
        double[] byRound = new double[3];
        for (int i = 0; i < 3; i++) {
            byRound[i] = zapline.roundsRps().get(i) / raw.roundsRps().get(i);
        }
        java.util.Arrays.sort(byRound);
        assertThat(r.ratioMap().get("zapline_vs_raw_netty")).isCloseTo(byRound[1], withinPercentage(0.001));
        assertThat(BenchReport.markdown(r)).contains("rounds, middle half", "3 rounds in rotating order, interleaved");
        // the open-model run happens once per arm, after the rounds, at a fraction of the median round's rate
        assertThat(raw.latencyAt()).isNotNull();
        assertThat(raw.latencyAt().rateTarget()).isEqualTo(Math.max(1, Math.floor(raw.rps() * 0.5)));
        assertThat(log.toString()).contains("raw-netty (round 3)", "http-health (round 3)");
        // every server is warmed (and the loader with it) before the first measured run
        String text = log.toString();
        assertThat(text.indexOf("http-health: warming up"))
                .isPositive()
                .isLessThan(text.indexOf("raw-netty (round 1) ..."));
        assertThat(log.toString().split("open model at", -1)).hasSize(3);
    }

    @Test
    void aServerKilledInALaterRoundFailsItsArmAndTheOtherStillRuns() {
        BenchSettings s = new BenchSettings(
                List.of("http-health", "zap-health"),
                3,
                500 * MS,
                300 * MS,
                2,
                0,
                false,
                false,
                "zapline bench (test)");
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
        BenchRunner.Hook kill = (arm, pid) -> {
            if (arm.equals("http-health") && seen.incrementAndGet() == 2) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        };
        long t0 = System.nanoTime();
        BenchResult r = BenchRunner.run(s, new PrintStream(log, true, StandardCharsets.UTF_8), kill);

        ArmResult killed = r.arms().get(0);
        assertThat(killed.ok()).isFalse();
        assertThat(killed.error()).contains("in round 2 of 3").contains("server http-health");
        assertThat(r.arms().get(1).ok())
                .as(String.valueOf(r.arms().get(1).error()))
                .isTrue();
        assertThat(r.arms().get(1).roundsRps()).hasSize(3);
        assertThat(System.nanoTime() - t0).as("bounded").isLessThan(60_000 * MS);
    }

    @Test
    void thePipelinedSetRunsEveryArmAgainAndSaysWhichSideWasSaturated() throws Exception {
        BenchSettings s = new BenchSettings(
                List.of("nginx", "raw-netty", "zap-health"),
                2,
                600 * MS,
                300 * MS,
                2,
                0,
                false,
                false,
                "zapline bench (test)",
                List.of(1, 16));
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        BenchResult r =
                BenchRunner.run(s, new PrintStream(log, true, StandardCharsets.UTF_8), (arm, pid) -> order.add(arm));

        assertThat(r.complete()).as(log.toString()).isTrue();
        assertThat(r.sets()).extracting(ArmSet::pipeline).containsExactly(1, 16);
        boolean nginx = NginxServer.installed() != null;
        List<String> arms = nginx ? List.of("nginx", "raw-netty", "zap-health") : List.of("raw-netty", "zap-health");
        for (ArmSet set : r.sets()) {
            assertThat(set.arms()).extracting(ArmResult::name).containsExactlyElementsOf(arms);
            for (ArmResult a : set.arms()) {
                assertThat(a.roundsRps())
                        .as(a.name())
                        .hasSize(2)
                        .allSatisfy(v -> assertThat(v).isPositive());
                assertThat(a.serverCores()).as(a.name()).isPositive();
                assertThat(a.loaderCores()).as(a.name()).isPositive();
                assertThat(a.errors()).as(a.name()).isZero();
            }
        }
        // two sets of every arm per round, each run once per round
        assertThat(order).hasSize(2 * 2 * arms.size());
        assertThat(log.toString()).contains("raw-netty, pipeline 16 (round 2)", "zap-health (round 1)");
        String md = BenchReport.markdown(r);
        assertThat(md)
                .contains(
                        "## Plain set: 1 request in flight per connection",
                        "## Pipelined set: 16 requests in flight per connection",
                        "what most users' traffic looks like",
                        "| bottleneck |");
        if (nginx) {
            assertThat(r.set(16).arm("nginx").allocBytesPerRequest()).isNaN();
            assertThat(md).contains("| nginx |");
        } else {
            assertThat(r.skipped()).containsExactly("nginx: skipped, not installed (`command -v nginx` finds nothing)");
            assertThat(md).contains("- nginx: skipped, not installed");
        }
        JsonNode json = new ObjectMapper().readTree(BenchReport.json(r));
        assertThat(json.path("arms")).hasSize(2 * arms.size());
        assertThat(json.path("arms").get(arms.size()).path("pipeline").asInt()).isEqualTo(16);
        assertThat(json.path("ratios").has("zap_vs_http_health_p16")).isFalse(); // http-health did not run
    }

    @Test
    void theTlsSetNegotiatesEachArmsGroupOnOneServerAndMeasuresHandshakesInThePlainSetOnly() throws Exception {
        boolean nginx = NginxServer.installed() != null;
        List<String> asked = new java.util.ArrayList<>(List.of(
                "http-health", "https-health-x25519", "zaps-health-mlkem", "handshake-x25519", "resumed-mlkem"));
        if (nginx) {
            asked.addAll(List.of("nginx-https", "nginx-handshake-x25519"));
        }
        BenchSettings s = new BenchSettings(
                asked, 1, 600 * MS, 400 * MS, 4, 0, false, false, "zapline bench (test)", List.of(1, 16));
        BenchResult r = BenchRunner.run(s, new PrintStream(log, true, StandardCharsets.UTF_8), null);
        assertThat(r.complete()).as(log.toString()).isTrue();

        ArmSet plain = r.set(1);
        ArmSet piped = r.set(16);
        assertThat(plain.arms()).extracting(ArmResult::name).containsExactlyElementsOf(asked);
        // a handshake per request pipelined would measure the pipeline's ramp: those arms run in the plain set only
        assertThat(piped.arms())
                .extracting(ArmResult::name)
                .containsExactlyElementsOf(
                        asked.stream().filter(a -> !Arm.named(a).handshakes()).toList());
        assertThat(plain.arm("http-health").tls()).isNull();
        for (ArmSet set : r.sets()) {
            for (ArmResult a : set.arms()) {
                assertThat(a.errors()).as(a.name() + " / " + log).isZero();
                if (!Arm.named(a.name()).tls()) {
                    continue;
                }
                ArmResult.TlsFigures t = a.tls();
                assertThat(t).as(a.name()).isNotNull();
                // the loader offered one group; the server (ours: hybrid first; nginx: classical) agreed to it
                assertThat(t.groups()).as(a.name()).isEqualTo(Arm.named(a.name()).group + " " + t.handshakes());
                assertThat(t.failed()).as(a.name()).isZero();
                assertThat(t.p50Us()).as(a.name()).isPositive().isLessThanOrEqualTo(t.p99Us());
            }
        }
        // keep-alive: the connections' handshakes only; a handshake arm: at least one per request it measured
        assertThat(plain.arm("https-health-x25519").tls().handshakes()).isEqualTo(4);
        assertThat(plain.arm("handshake-x25519").tls().handshakes())
                .isGreaterThanOrEqualTo(plain.arm("handshake-x25519").requests());
        assertThat(plain.arm("handshake-x25519").tls().resumed()).isZero();
        // with tickets, all but each connection's first handshake resume
        assertThat(plain.arm("resumed-mlkem").tls().resumedShare()).isGreaterThan(0.9);
        // the server CPU per handshake is far above a keep-alive request's
        assertThat(plain.arm("handshake-x25519").cpuNanosPerRequest())
                .isGreaterThan(5 * plain.arm("https-health-x25519").cpuNanosPerRequest());

        List<String> keys = r.ratios().stream().map(Ratio::key).toList();
        assertThat(keys)
                .contains("https_vs_http_health", "https_vs_http_health_p16")
                .doesNotContain("handshakes_mlkem_vs_x25519", "tls_group_https");
        if (nginx) {
            Ratio capacity = r.ratios().stream()
                    .filter(q -> q.key().equals("zapline_vs_nginx_handshake_capacity"))
                    .findFirst()
                    .orElseThrow();
            assertThat(capacity.value())
                    .isCloseTo(
                            plain.arm("nginx-handshake-x25519").cpuNanosPerRequest()
                                    / plain.arm("handshake-x25519").cpuNanosPerRequest(),
                            withinPercentage(0.01));
            assertThat(capacity.notJudged()).isNull();
            assertThat(capacity.met()).isNotNull();
            assertThat(keys).contains("zapline_vs_nginx_handshakes", "zapline_https_vs_nginx_https_p16");
        }

        String md = BenchReport.markdown(r);
        assertThat(md)
                .contains("| TLS arm | offered | negotiated (handshakes) |")
                .contains("| zaps-health-mlkem | X25519MLKEM768 | X25519MLKEM768 ")
                // the sign is the machine's: on a loaded one the plaintext arm can cost more per request
                .containsPattern("Encryption cost, https-health-x25519 less http-health: [+-]\\d")
                .contains("HTTPS (X25519) vs plaintext HTTP, /health");
        JsonNode json = new ObjectMapper().readTree(BenchReport.json(r));
        JsonNode resumed = null;
        for (JsonNode a : json.path("arms")) {
            if (a.path("name").asText().equals("resumed-mlkem")) {
                resumed = a;
            }
        }
        assertThat(resumed).isNotNull();
        assertThat(resumed.path("tls").path("offered_group").asText()).isEqualTo("X25519MLKEM768");
        assertThat(resumed.path("tls").path("resumed").asLong()).isPositive();
        assertThat(resumed.path("tls").path("handshake_p99_us").isNumber()).isTrue();
        assertThat(json.path("allocation").has("https-health-x25519_p16")).isTrue();
    }

    private static double rps(JsonNode json, String arm) {
        for (JsonNode a : json.path("arms")) {
            if (a.path("name").asText().equals(arm)) {
                return a.path("rps").asDouble();
            }
        }
        throw new AssertionError("no arm " + arm);
    }

    static List<ProcessHandle> serverChildren() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(ServerChild.class.getName()))
                .toList();
    }
}
