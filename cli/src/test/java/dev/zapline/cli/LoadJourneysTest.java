package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.cli.serve.ShopApi;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import dev.zapline.transport.ServerTls;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code zapline load FILE.http}: the repository's example journey ({@code examples/shop.http} with
 * {@code examples/users.csv}) against the demo shop, its results per step in the JSON and the summary, step
 * thresholds, and a broken file refused with its {@code file:line:column} and exit status 2 before anything
 * connects.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadJourneysTest {

    @TempDir
    Path dir;

    private App shop;

    private record Run(int exit, String out, String err) {}

    @BeforeEach
    void start() {
        shop = ShopApi.create().routes(App.create(ServerConfig.defaults().withEventLoops(1)));
        shop.listen("http://127.0.0.1:0").start();
    }

    @AfterEach
    void stop() {
        shop.close();
    }

    private static Run load(String... args) {
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(List.of(args));
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        java.io.StringWriter err = new java.io.StringWriter();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            int exit = Main.run(
                    new java.io.PrintWriter(new java.io.StringWriter()),
                    new java.io.PrintWriter(err, true),
                    all.toArray(String[]::new));
            return new Run(exit, captured.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }

    /** examples/shop.http with its base URL made this test's shop. */
    private Path example() throws Exception {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        String http = Files.readString(repo.resolve("examples/shop.http"))
                .replace(
                        "http://127.0.0.1:8080",
                        "http://127.0.0.1:" + shop.addresses().get(0).port());
        Path f = dir.resolve("shop.http");
        Files.writeString(f, http);
        Files.copy(repo.resolve("examples/users.csv"), dir.resolve("users.csv"));
        return f;
    }

    @Test
    void theExampleJourneyRunsEveryStepAndReportsEach() throws Exception {
        Path json = dir.resolve("run.json");
        Run r = load(
                example().toString(),
                "--data",
                dir.resolve("users.csv").toString(),
                "--rate",
                "50",
                "-d",
                "2s",
                "--warmup",
                "0s",
                "-c",
                "4",
                "--quiet",
                "--json",
                json.toString(),
                "--threshold",
                "p99{step=login}<2s",
                "--threshold",
                "checks>=100%",
                "--threshold",
                "journeys_failed==0");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        JsonNode steps = root.path("steps");
        assertThat(steps.size()).isEqualTo(3);
        List<String> keys = new ArrayList<>();
        for (JsonNode s : steps) {
            keys.add(s.path("key").asText());
            assertThat(s.path("requests").asLong()).as(s.path("key").asText()).isEqualTo(100);
        }
        assertThat(keys).containsExactly("login", "account", "order");
        JsonNode journeys = root.path("journeys");
        assertThat(journeys.path("started").asLong()).isEqualTo(100);
        assertThat(journeys.path("completed").asLong()).isEqualTo(100);
        assertThat(journeys.path("failed").asLong()).isZero();
        assertThat(r.out()).contains("login").contains("account").contains("order");
    }

    @Test
    void aBrokenFileIsRefusedWithItsPlaceBeforeAnythingConnects() throws Exception {
        Path f = dir.resolve("broken.http");
        Files.writeString(
                f, "### one\nGET http://127.0.0.1:9/a\n\n### two\n# @chek status == 200\nGET http://127.0.0.1:9/b\n");
        Run r = load(f.toString(), "--rate", "10", "-d", "1s", "--quiet");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(f + ":5:").contains("@chek");
    }

    @Test
    void optionsForAUrlAreRefusedWithJourneys() throws Exception {
        String file = example().toString();
        Run status = load(file, "--rate", "10", "-d", "1s", "--expect-status", "404");
        assertThat(status.exit()).isEqualTo(2);
        assertThat(status.err()).contains("# @expect status");
        String users = dir.resolve("users.csv").toString();
        Run header = load(file, "--data", users, "--rate", "10", "-d", "1s", "-H", "X-A: b");
        assertThat(header.exit()).isEqualTo(2);
        assertThat(header.err()).contains("-X, -H, --body and --body-file are for a URL");
        Run h2 = load(file, "--data", users, "--rate", "10", "-d", "1s", "--http2");
        assertThat(h2.exit()).isEqualTo(2);
        assertThat(h2.err()).contains("journeys speak HTTP/1.1");
    }

    @Test
    void aThresholdOnAStepTheRunDoesNotHaveIsRefused() throws Exception {
        Run r = load(
                example().toString(),
                "--data",
                dir.resolve("users.csv").toString(),
                "--rate",
                "10",
                "-d",
                "1s",
                "--quiet",
                "--threshold",
                "p99{step=logn}<50ms");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no step 'logn'");
    }

    @Test
    void segmentsOfAJourneyRunMergeIntoOneRunAndTakeEachUniqueRowOnce() throws Exception {
        Path journey = example();
        StringBuilder csv = new StringBuilder("user,password\n");
        for (int i = 1; i <= 150; i++) {
            csv.append("user").append(i).append(",secret-user").append(i).append('\n');
        }
        Path rows = dir.resolve("rows.csv");
        Files.writeString(rows, csv);
        List<String> files = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path json = dir.resolve("segment" + i + ".json");
            files.add(json.toString());
            // 100 journeys/s for 2 s would start 200, but there are only 150 rows: each segment takes its 75
            Run r = load(
                    journey.toString(),
                    "--data",
                    rows.toString(),
                    "--data-mode",
                    "unique",
                    "--rate",
                    "100",
                    "-d",
                    "2s",
                    "--warmup",
                    "0s",
                    "-c",
                    "2",
                    "--quiet",
                    "--segment",
                    i + "/2",
                    "--run-id",
                    "shop",
                    "--json",
                    json.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode seg = new ObjectMapper().readTree(new java.io.File(json.toString()));
            assertThat(seg.path("journeys").path("started").asLong()).isEqualTo(75);
        }
        Path merged = dir.resolve("run.json");
        CliRun m = CliRun.of("merge", files.get(0), files.get(1), "-o", merged.toString());
        assertThat(m.exit()).as(m.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(merged.toFile());
        assertThat(root.path("journeys").path("started").asLong()).isEqualTo(150);
        assertThat(root.path("journeys").path("completed").asLong()).isEqualTo(150);
        for (JsonNode s : root.path("steps")) {
            assertThat(s.path("requests").asLong()).as(s.path("key").asText()).isEqualTo(150);
        }
    }

    /** The example journey over https:// against the shop behind TLS 1.3 (the hybrid group by default). */
    @Test
    void theExampleJourneyRunsOverTls() throws Exception {
        ServerTls tls = ServerTls.selfSigned("localhost", "127.0.0.1");
        App secure = ShopApi.create().routes(App.create(ServerConfig.defaults().withEventLoops(1)));
        secure.tls(tls).listen("https://127.0.0.1:0").start();
        try {
            Path repo = Path.of("..").toAbsolutePath().normalize();
            String http = Files.readString(repo.resolve("examples/shop.http"))
                    .replace(
                            "http://127.0.0.1:8080",
                            "https://127.0.0.1:" + secure.addresses().get(0).port());
            Path f = dir.resolve("tls-shop.http");
            Files.writeString(f, http);
            Path ca = Files.writeString(dir.resolve("ca.pem"), tls.certificatePem());
            Path json = dir.resolve("tls.json");
            Run r = load(
                    f.toString(),
                    "--data",
                    repo.resolve("examples/users.csv").toString(),
                    "--cacert",
                    ca.toString(),
                    "--rate",
                    "50",
                    "-d",
                    "1s",
                    "--warmup",
                    "0s",
                    "-c",
                    "2",
                    "--quiet",
                    "--json",
                    json.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode root = new ObjectMapper().readTree(json.toFile());
            assertThat(root.path("journeys").path("completed").asLong()).isEqualTo(50);
            assertThat(root.path("summary")
                            .path("tls")
                            .path("groups")
                            .path("X25519MLKEM768")
                            .asLong())
                    .isEqualTo(2);
        } finally {
            secure.close();
        }
    }
}
