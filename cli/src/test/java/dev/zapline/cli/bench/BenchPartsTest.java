package dev.zapline.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.load.report.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BenchPartsTest {

    @Test
    void armListsParseInOrderAndRejectUnknownOrRepeatedNames() {
        assertThat(BenchRunner.armNames("zap-health, raw-netty")).containsExactly("zap-health", "raw-netty");
        assertThat(BenchRunner.armNames("default"))
                .hasSize(13)
                .startsWith("raw-netty", "nginx")
                .endsWith("zap-rpc-zap", "rpc-native", "h2c-health", "h2c-rpc-zap", "nghttpd")
                .noneMatch(a -> a.contains("https") || a.contains("handshake"));
        assertThat(BenchRunner.armNames("tls"))
                .startsWith("http-health", "zap-health", "https-health-x25519", "https-health-mlkem")
                .contains("zaps-health-mlkem", "nginx-https", "handshake-mlkem", "resumed-x25519")
                .endsWith("nginx-handshake-x25519")
                .doesNotHaveDuplicates()
                .hasSize(12);
        assertThat(BenchRunner.armNames("all")).hasSize(23).doesNotHaveDuplicates();
        // the HTTP/2 arms speak h2c (prior knowledge) to the server's HTTP port
        assertThat(Arm.named("h2c-health").url("127.0.0.1", 8080, 9653, 8443, 9443, 5))
                .isEqualTo("h2c://127.0.0.1:8080/health");
        assertThat(Arm.named("h2c-rpc-zap").url("127.0.0.1", 8080, 9653, 8443, 9443, 5))
                .isEqualTo("h2c://127.0.0.1:8080/rpc");
        assertThat(Arm.named("h2c-rpc-zap").contentType()).isEqualTo("application/zap");
        assertThat(Arm.named("nghttpd").url("127.0.0.1", 8080, 0, 0, 0, 5)).isEqualTo("h2c://127.0.0.1:8080/health");
        // a group repeating an arm named before it leaves it where it first came
        assertThat(BenchRunner.armNames("nginx-https,tls"))
                .startsWith("nginx-https", "http-health")
                .hasSize(12);
        assertThatThrownBy(() -> BenchRunner.armNames("http-health,nope"))
                .hasMessageContaining("no arm 'nope'")
                .hasMessageContaining("zap-rpc-zap");
        assertThatThrownBy(() -> BenchRunner.armNames("zap-health,zap-health")).hasMessageContaining("twice");
        assertThatThrownBy(() -> BenchRunner.armNames(",")).hasMessageContaining("no arm");
    }

    @Test
    void armsSendTheSameRecordInEachEncoding() {
        assertThat(Arm.HTTP_HEALTH.method()).isEqualTo("GET");
        assertThat(Arm.ZAP_RPC_ZAP.bodyBytes())
                .isEqualTo(Arm.HTTP_RPC_ZAP.bodyBytes())
                .hasSize(82);
        assertThat(new String(Arm.HTTP_RPC_DSLJSON.bodyBytes())).contains("eth_getBalance");
        assertThat(Arm.ZAP_RPC_ZAP.url("127.0.0.1", 1, 2, 3, 4, 5)).isEqualTo("zap://127.0.0.1:2/rpc");
        assertThat(Arm.RPC_NATIVE.url("127.0.0.1", 1, 2, 3, 4, 5)).isEqualTo("zaprpc://127.0.0.1:5/1");
        assertThat(Arm.RPC_NATIVE.bodyBytes()).isEqualTo(Arm.ZAP_RPC_ZAP.bodyBytes());
        assertThat(Arm.RAW_NETTY.url("127.0.0.1", 1, 2, 3, 4, 5)).isEqualTo("http://127.0.0.1:1/health");
        assertThat(Arm.HTTPS_HEALTH_MLKEM.url("127.0.0.1", 1, 2, 3, 4, 5)).isEqualTo("https://127.0.0.1:3/health");
        assertThat(Arm.ZAPS_HEALTH_X25519.url("127.0.0.1", 1, 2, 3, 4, 5)).isEqualTo("zaps://127.0.0.1:4/health");
    }

    @Test
    void tlsArmsOfferOneGroupAndShareTheirServer() {
        assertThat(ArmRun.tls(Arm.HTTP_HEALTH)).isNull();
        assertThat(ArmRun.tls(Arm.HTTPS_HEALTH_MLKEM).groups()).containsExactly("X25519MLKEM768");
        assertThat(ArmRun.tls(Arm.NGINX_HANDSHAKE).groups()).containsExactly("X25519");
        assertThat(ArmRun.tls(Arm.HANDSHAKE_X25519).resumption()).isFalse();
        assertThat(ArmRun.tls(Arm.RESUMED_MLKEM).resumption()).isTrue();
        assertThat(ArmRun.tls(Arm.HANDSHAKE_MLKEM).insecure()).isTrue();
        assertThat(Arm.HANDSHAKE_MLKEM.serverKey()).isEqualTo(Arm.ZAPS_HEALTH_X25519.serverKey());
        assertThat(Arm.NGINX_HTTPS.serverKey())
                .isEqualTo(Arm.NGINX_HANDSHAKE.serverKey())
                .isNotEqualTo("nginx");
        assertThat(Arm.NGINX_HTTPS.nginx()).isTrue();
        assertThat(Arm.HTTP_HEALTH.serverKey()).isEqualTo("http-health");
        assertThat(Arm.RESUMED_X25519.handshakes()).isTrue();
        assertThat(Arm.HTTPS_HEALTH_X25519.handshakes()).isFalse();
    }

    @Test
    void statsLinesRoundTripAndDifferences() {
        ServerStats a = new ServerStats(3, 40, 1_000, 5_000_000);
        assertThat(ServerStats.parse(a.line())).isEqualTo(a);
        assertThat(new ServerStats(5, 41, 1_500, 7_000_000).minus(a)).isEqualTo(new ServerStats(2, 1, 500, 2_000_000));
        assertThatThrownBy(() -> ServerStats.parse("error unknown command")).hasMessageContaining("not a stats line");
        ServerStats now = ServerStats.now();
        assertThat(now.allocatedBytes()).isPositive();
        assertThat(now.cpuNanos()).isPositive();
    }

    @Test
    void cpuListsExpand() {
        assertThat(Pinning.parseCpuList("0-3,6,8-9")).containsExactly(0, 1, 2, 3, 6, 8, 9);
        assertThat(Pinning.parseCpuList("1")).containsExactly(1);
        assertThat(Pinning.off("--no-pin").serverPrefix()).isEmpty();
    }

    /** bench/lib.sh gives the scripts' servers these flags and picks cores as Pinning does: change both together. */
    @Test
    void benchScriptsUseTheSameServerFlagsAndCores() throws IOException {
        String lib = Files.readString(Path.of("..", "bench", "lib.sh"));
        Matcher flags = Pattern.compile("(?m)^\\s*jvm_flags=\\((.*)\\)$").matcher(lib);
        assertThat(flags.find()).as("jvm_flags=(...) in bench/lib.sh").isTrue();
        assertThat(lib).contains("jvm_flags 512m");
        List<String> script = new ArrayList<>();
        for (String word : flags.group(1).trim().split("\\s+")) {
            script.add(word.replace("\"", "").replace("$1", "512m"));
        }
        List<String> java = new ArrayList<>(BenchRunner.serverFlags());
        java.remove("--sun-misc-unsafe-memory-access=allow"); // both add it on JDK 24+ only
        assertThat(script).containsExactlyInAnyOrderElementsOf(java);
        assertThat(lib).contains("def_load=\"${cpus[0]}\"").contains("def_server=\"${cpus[1]}\"");
    }

    @Test
    void wrkScriptCarriesMethodTypeAndEveryBodyByte() {
        String script = WrkRun.script("POST", "application/zap", new byte[] {'a', '"', '\\', 0, (byte) 0xff});
        assertThat(script)
                .isEqualTo("wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/zap\"\n"
                        + "wrk.body = \"a\\034\\092\\000\\255\"\n");
        assertThat(WrkRun.script("GET", null, new byte[0])).isEqualTo("wrk.method = \"GET\"\n");
        assertThat(WrkRun.parse("  Latency ...\nRequests/sec: 123456.78\nTransfer/sec: 9MB\n"))
                .isEqualTo(123456.78);
        assertThatThrownBy(() -> WrkRun.parse("unable to connect")).hasMessageContaining("no Requests/sec");
    }

    @Test
    void severalRoundsReportTheMedianRoundAndEveryRate() {
        ArmResult a = row(100);
        ArmResult b = row(300);
        ArmResult c = row(200);
        ArmResult m = ArmResult.median(List.of(a, b, c));
        assertThat(m.rps()).isEqualTo(200);
        assertThat(m.roundsRps()).containsExactly(100.0, 300.0, 200.0);
        assertThat(ArmResult.median(List.of(b, a)).rps()).isEqualTo(100);
        assertThat(ArmResult.median(List.of(a)).roundsRps()).isEmpty();
        ArmResult failed = ArmResult.median(List.of(a, ArmResult.failed("x", "server x exited")));
        assertThat(failed.ok()).isFalse();
        assertThat(failed.error()).isEqualTo("in round 2 of 2: server x exited");
    }

    @Test
    void theReportSaysWhenTheServerWasNotTheBottleneck() {
        ArmResult serverBound =
                new ArmResult("a", 1, 1, 2, 3, 10, 0, 0, 0, 0, 1, 0.97, 0.9, Double.NaN, null, null, List.of(), null);
        ArmResult loaderBound =
                new ArmResult("b", 1, 1, 2, 3, 10, 0, 0, 0, 0, 1, 0.7, 0.99, Double.NaN, null, null, List.of(), null);
        ArmResult starved =
                new ArmResult("c", 1, 1, 2, 3, 10, 0, 0, 0, 0, 1, 0.3, 0.4, Double.NaN, null, null, List.of(), null);
        assertThat(BenchReport.bottleneckNote(serverBound)).isNull();
        assertThat(BenchReport.bottleneckNote(loaderBound)).contains("the loader was the bottleneck");
        assertThat(BenchReport.bottleneckNote(starved)).contains("other work on the machine");
    }

    @Test
    void ratiosAreTakenRoundByRoundWithTheirMiddleHalf() {
        // rounds where the machine drifts: both arms slow down together in rounds 2 and 4
        ArmResult raw = named("raw-netty", 100, 50, 100, 60, 100);
        ArmResult zapline = named("http-health", 99, 49, 97, 61, 102);
        BenchSettings s = new BenchSettings(List.of("raw-netty", "http-health"), 5, 0, 1, 1, 0, false, false, "x");
        BenchResult r = new BenchResult(
                machine(), s, "unpinned", List.of(), List.of(new ArmSet(1, List.of(raw, zapline))), List.of());
        Ratio q = r.ratios().get(0);
        // per round: 0.99, 0.98, 0.97, 1.0167, 1.02 -> median 0.99; the median rounds' ratio would be 97 / 100
        assertThat(zapline.rps() / raw.rps()).isCloseTo(0.97, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(q.value()).isCloseTo(0.99, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(q.q1()).isCloseTo(0.98, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(q.q3()).isCloseTo(61.0 / 60, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(BenchReport.markdown(r))
                .contains(
                        "| zapline HTTP /health vs raw Netty | 0.990x | 0.980–1.017 |",
                        "median of the round-by-round ratios");
        assertThat(BenchReport.json(r)).contains("\"ratio_quartiles\"");
        // one round: the plain ratio, no spread
        assertThat(ArmSet.ratio(row(100), row(200))).isEqualTo(0.5);
        assertThat(ArmSet.quantile(new double[] {1, 2, 3, 4}, 0.25)).isEqualTo(1.75);
        // the plain set's ratios are shown without a target
        assertThat(r.ratios()).noneMatch(Ratio::hasTarget);
        assertThat(BenchReport.markdown(r)).doesNotContain("| target | met |");
    }

    private static ArmResult named(String name, double... rounds) {
        return arm(name, 0.97, 0.90, 0, rounds);
    }

    /** An arm measured in {@code rounds} rounds with these cores and allocation. */
    private static ArmResult arm(String name, double server, double loader, double alloc, double... rounds) {
        List<ArmResult> rows = new java.util.ArrayList<>();
        for (double v : rounds) {
            rows.add(new ArmResult(
                    name, v, 1, 2, 3, 10, 0, 0, 0, alloc, 1, server, loader, Double.NaN, null, null, List.of(), null));
        }
        return ArmResult.median(rows);
    }

    private static Machine machine() {
        return new Machine("cpu", 2, "os", "jdk");
    }

    @Test
    void anArmIsLoaderBoundWhenOnlyTheLoaderSaturatedItsCore() {
        assertThat(arm("a", 0.90, 0.99, 0, 1).loaderBound()).isTrue();
        assertThat(arm("a", 0.97, 0.99, 0, 1).loaderBound())
                .as("both saturated")
                .isFalse();
        assertThat(arm("a", 0.80, 0.90, 0, 1).loaderBound()).as("neither").isFalse();
        assertThat(ArmResult.failed("a", "x").loaderBound()).isFalse();
        assertThat(BenchReport.bottleneck(arm("a", 0.90, 0.99, 0, 1))).isEqualTo("**loader**");
        assertThat(BenchReport.bottleneck(arm("a", 0.97, 0.99, 0, 1))).isEqualTo("server");
        assertThat(BenchReport.bottleneck(arm("a", 0.50, 0.60, 0, 1))).isEqualTo("**neither**");
        assertThat(arm("a", 0.50, 0.60, 0, 1).starved()).isTrue();
        assertThat(arm("a", 0.50, 0.99, 0, 1).starved())
                .as("loader-bound instead")
                .isFalse();
        assertThat(arm("a", 0.90, 0.60, 0, 1).starved()).isFalse();
        assertThat(BenchReport.bottleneckNote(arm("a", 0.90, 0.99, 0, 1))).contains("loader-bound, not judged");
    }

    @Test
    void theTargetsAreJudgedOnThePipelinedSetAndNeverOnALoaderBoundArm() {
        // raw Netty was loader-bound; the zapline health arms saturated the server
        ArmResult raw = arm("raw-netty", 0.88, 1.0, 0.1, 400, 410, 420);
        ArmResult http = arm("http-health", 0.98, 0.97, 0.0, 405, 400, 430);
        ArmResult zap = arm("zap-health", 0.99, 0.96, 0.3, 500, 500, 500);
        ArmResult typed = arm("zap-rpc-zap", 0.99, 0.97, 4.8, 300, 300, 300);
        ArmResult json = arm("http-rpc-fastjson2", 0.99, 0.96, 700, 240, 250, 245);
        ArmResult rpc = arm("rpc-native", 0.80, 0.99, 0.0, 480, 490, 500);
        BenchSettings s = new BenchSettings(
                List.of("raw-netty", "http-health", "zap-health", "http-rpc-fastjson2", "zap-rpc-zap", "rpc-native"),
                3,
                0,
                1,
                1,
                0,
                false,
                false,
                "x",
                List.of(16));
        BenchResult r = new BenchResult(
                machine(),
                s,
                "unpinned",
                List.of(),
                List.of(new ArmSet(16, List.of(raw, http, zap, json, typed, rpc))),
                List.of("nginx: skipped, not installed (`command -v nginx` finds nothing)"));
        java.util.Map<String, Ratio> byKey = new java.util.HashMap<>();
        r.ratios().forEach(q -> byKey.put(q.key(), q));

        Ratio framework = byKey.get("zapline_vs_raw_netty_p16");
        assertThat(framework.target()).isEqualTo(0.99);
        assertThat(framework.notJudged()).isEqualTo("loader-bound (raw-netty)");
        assertThat(framework.met()).isNull();
        Ratio zapHttp = byKey.get("zap_vs_http_health_p16");
        assertThat(zapHttp.notJudged()).isNull();
        assertThat(zapHttp.value()).isCloseTo(500.0 / 405, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(zapHttp.met()).isFalse();
        Ratio typedJson = byKey.get("zap_rpc_vs_fastest_json_p16");
        assertThat(typedJson.target()).isEqualTo(1.2);
        assertThat(typedJson.met()).isTrue();
        Ratio nativeJson = byKey.get("rpc_native_vs_fastest_json_p16");
        assertThat(nativeJson.label()).isEqualTo("native ZAP RPC vs the fastest JSON (http-rpc-fastjson2)");
        assertThat(nativeJson.value()).isCloseTo(490.0 / 245, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(nativeJson.target()).isZero();

        String md = BenchReport.markdown(r);
        assertThat(md)
                .contains(
                        "## Pipelined set: 16 requests in flight per connection",
                        "TechEmpower plaintext method",
                        "| ≥ 0.99x | not judged: loader-bound (raw-netty) |",
                        "| ZAP vs HTTP, /health | 1.235x |",
                        "| ≥ 1.25x | **no** |",
                        "| ≥ 1.20x | yes |",
                        "| **loader** |",
                        "> raw-netty: loader-bound, not judged",
                        "- nginx: skipped, not installed",
                        "| zap-health | 0.30 | ≈ 0 (≤ 1) | yes |",
                        "| zap-rpc-zap | 4.80 | ≈ 0 (≤ 1) | **no** |");
        // an unjudged ratio is reported neither as met nor as missed
        String row = md.lines()
                .filter(l -> l.startsWith("| zapline HTTP /health vs raw Netty"))
                .findFirst()
                .orElseThrow();
        assertThat(row).doesNotContain("yes").doesNotContain("**no**");

        String doc = BenchReport.json(r);
        assertThat(doc)
                .contains("\"zapline_vs_raw_netty_p16\" : {", "\"met\" : null", "\"not_judged\" : \"loader-bound")
                .contains("\"loader_bound\" : true", "\"set\" : \"pipelined\"", "\"pipeline\" : 16")
                .contains("\"zap-rpc-zap_p16\"", "nginx: skipped");
    }

    @Test
    void aRatioOfAnArmWhereNeitherSideSaturatedIsNotJudged() {
        ArmResult raw = arm("raw-netty", 0.30, 0.20, 0, 100, 100, 100);
        ArmResult http = arm("http-health", 0.97, 0.90, 0, 100, 100, 100);
        ArmSet set = new ArmSet(16, List.of(raw, http));
        Ratio q = set.ratios().get(0);
        assertThat(q.notJudged()).isEqualTo("neither side saturated (raw-netty)");
        assertThat(q.met()).isNull();
        assertThat(q.verdict()).isEqualTo("not judged: neither side saturated (raw-netty)");
    }

    @Test
    void pipelineListsNameDepthsOrSets() {
        assertThat(BenchSettings.parsePipelines("1,16")).containsExactly(1, 16);
        assertThat(BenchSettings.parsePipelines("plain, pipelined")).containsExactly(1, 16);
        assertThat(BenchSettings.parsePipelines("8")).containsExactly(8);
        assertThatThrownBy(() -> BenchSettings.parsePipelines("1,deep")).hasMessageContaining("'deep'");
        assertThatThrownBy(() -> settings(List.of())).hasMessageContaining("no depth");
        assertThatThrownBy(() -> settings(List.of(0))).hasMessageContaining("not 0");
        assertThatThrownBy(() -> settings(List.of(16, 16))).hasMessageContaining("twice");
        assertThat(settings(BenchSettings.DEFAULT_PIPELINES).pipelines()).containsExactly(1, 16);
    }

    private static BenchSettings settings(List<Integer> pipelines) {
        return new BenchSettings(List.of("raw-netty"), 1, 0, 1, 1, 0, false, false, "x", pipelines);
    }

    @Test
    void nginxGetsTheBenchScriptsConfigAndItsCpuTimeIsReadFromProc() throws IOException {
        String tls = NginxServer.config(
                8123, Path.of("/tmp/x"), 8124, new NginxServer.Tls(Path.of("/tmp/c.pem"), Path.of("/tmp/k.pem")));
        assertThat(tls)
                .contains("    listen 127.0.0.1:8123;\n    listen 127.0.0.1:8124 ssl;\n")
                .contains("ssl_certificate /tmp/c.pem;", "ssl_certificate_key /tmp/k.pem;", "ssl_protocols TLSv1.3;");
        String conf = NginxServer.config(8123, Path.of("/tmp/x"));
        assertThat(conf).doesNotContain("ssl");
        assertThat(tls.replaceAll("    (listen [^\n]* ssl|ssl_[^\n]*);\n", "")).isEqualTo(conf);
        assertThat(conf)
                .contains("worker_processes 1;", "daemon off;", "listen 127.0.0.1:8123;", "return 200 \"ok\";")
                .contains("pid /tmp/x/nginx.pid;", "access_log off;");
        // the scripts' nginx_conf writes the same directives
        String lib = Files.readString(Path.of("..", "bench", "lib.sh"));
        for (String directive : List.of("worker_processes 1;", "keepalive_requests 1000000000;", "access_log off;")) {
            assertThat(lib).contains(directive);
            assertThat(conf).contains(directive);
        }
        String stat = "4242 (nginx: worker (x)) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 17 0 0 20 0 1 0";
        assertThat(NginxServer.parseTicks(stat)).isEqualTo(267);
        assertThat(NginxServer.ticks(ProcessHandle.current().pid())).isPositive();
    }

    private static ArmResult row(double rps) {
        return new ArmResult("x", rps, 1, 2, 3, 10, 0, 0, 0, 0, 1, 1, 1, Double.NaN, null, null, List.of(), null);
    }

    @Test
    void settingsRejectNonsense() {
        assertThatThrownBy(() -> new BenchSettings(List.of("raw-netty"), 0, 0, 1, 1, 0, false, false, "x"))
                .hasMessageContaining("--rounds");
        assertThatThrownBy(() -> new BenchSettings(List.of("raw-netty"), 1, 0, 0, 1, 0, false, false, "x"))
                .hasMessageContaining("--duration");
        assertThatThrownBy(() -> new BenchSettings(List.of("raw-netty"), 1, 0, 1, 0, 0, false, false, "x"))
                .hasMessageContaining("--connections");
        assertThatThrownBy(() -> new BenchSettings(List.of("raw-netty"), 1, 0, 1, 1, 2, false, false, "x"))
                .hasMessageContaining("--latency-at");
    }
}
