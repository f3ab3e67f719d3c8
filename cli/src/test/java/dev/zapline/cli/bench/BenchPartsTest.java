package dev.zapline.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchPartsTest {

    @Test
    void armListsParseInOrderAndRejectUnknownOrRepeatedNames() {
        assertThat(BenchRunner.armNames("zap-health, raw-netty")).containsExactly("zap-health", "raw-netty");
        assertThat(BenchRunner.armNames("all")).hasSize(8).startsWith("raw-netty").endsWith("zap-rpc-zap");
        assertThatThrownBy(() -> BenchRunner.armNames("http-health,nope")).hasMessageContaining("no arm 'nope'")
                .hasMessageContaining("zap-rpc-zap");
        assertThatThrownBy(() -> BenchRunner.armNames("zap-health,zap-health")).hasMessageContaining("twice");
        assertThatThrownBy(() -> BenchRunner.armNames(",")).hasMessageContaining("no arm");
    }

    @Test
    void armsSendTheSameRecordInEachEncoding() {
        assertThat(Arm.HTTP_HEALTH.method()).isEqualTo("GET");
        assertThat(Arm.ZAP_RPC_ZAP.bodyBytes()).isEqualTo(Arm.HTTP_RPC_ZAP.bodyBytes()).hasSize(82);
        assertThat(new String(Arm.HTTP_RPC_DSLJSON.bodyBytes())).contains("eth_getBalance");
        assertThat(Arm.ZAP_RPC_ZAP.url("127.0.0.1", 1, 2)).isEqualTo("zap://127.0.0.1:2/rpc");
        assertThat(Arm.RAW_NETTY.url("127.0.0.1", 1, 2)).isEqualTo("http://127.0.0.1:1/health");
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

    @Test
    void wrkScriptCarriesMethodTypeAndEveryBodyByte() {
        String script = WrkRun.script("POST", "application/zap", new byte[] {'a', '"', '\\', 0, (byte) 0xff});
        assertThat(script).isEqualTo("wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/zap\"\n"
                + "wrk.body = \"a\\034\\092\\000\\255\"\n");
        assertThat(WrkRun.script("GET", null, new byte[0])).isEqualTo("wrk.method = \"GET\"\n");
        assertThat(WrkRun.parse("  Latency ...\nRequests/sec: 123456.78\nTransfer/sec: 9MB\n")).isEqualTo(123456.78);
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
        ArmResult serverBound = new ArmResult("a", 1, 1, 2, 3, 10, 0, 0, 0, 0, 1, 0.97, 0.9, Double.NaN, null, null,
                List.of());
        ArmResult loaderBound = new ArmResult("b", 1, 1, 2, 3, 10, 0, 0, 0, 0, 1, 0.7, 0.99, Double.NaN, null, null,
                List.of());
        ArmResult starved = new ArmResult("c", 1, 1, 2, 3, 10, 0, 0, 0, 0, 1, 0.3, 0.4, Double.NaN, null, null,
                List.of());
        assertThat(BenchReport.bottleneckNote(serverBound)).isNull();
        assertThat(BenchReport.bottleneckNote(loaderBound)).contains("the loader was the bottleneck");
        assertThat(BenchReport.bottleneckNote(starved)).contains("other work on the machine");
    }

    private static ArmResult row(double rps) {
        return new ArmResult("x", rps, 1, 2, 3, 10, 0, 0, 0, 0, 1, 1, 1, Double.NaN, null, null, List.of());
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
