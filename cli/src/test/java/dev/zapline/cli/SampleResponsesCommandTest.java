package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.load.shape.ShapeDiff;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code zapline load --sample-responses N}: the shapes in the JSON file, and the values and targets refused. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SampleResponsesCommandTest {

    @TempDir
    Path dir;

    @Test
    void theJsonFileHoldsTheShapesAndTwoRunsCompare() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/v1", ctx -> ctx.contentType("application/json").send("{\"id\":1,\"name\":\"a\"}"));
        app.get("/v2", ctx -> ctx.contentType("application/json").send("{\"id\":\"1\"}"));
        app.listen("http://127.0.0.1:0").start();
        try {
            String base = "http://127.0.0.1:" + app.addresses().get(0).port();
            JsonNode a = run(base + "/v1", "a.json");
            JsonNode b = run(base + "/v2", "b.json");
            assertThat(a.path("shapes").toString())
                    .isEqualTo("{\"GET /v1\":{\"samples\":3,\"not_json\":0,\"too_large\":0,\"truncated\":false,"
                            + "\"fields\":{\"$\":{\"types\":[\"object\"],\"present\":3},"
                            + "\"$.id\":{\"types\":[\"number\"],\"present\":3},"
                            + "\"$.name\":{\"types\":[\"string\"],\"present\":3}}}}");
            // different paths are different keys: compare one run with itself renamed
            JsonNode renamed = new ObjectMapper().readTree(b.toString().replace("GET /v2", "GET /v1"));
            ShapeDiff d = ShapeDiff.compare(a, renamed);
            assertThat(d.breaking()).isTrue();
            assertThat(d.text())
                    .isEqualTo("response shapes: BREAKING\n  GET /v1\n  ! $.id: type number -> string\n"
                            + "  ! $.name: removed (was string)\n");
            assertThat(ShapeDiff.compare(a, a).changes()).isEmpty();
            // zapline diff lists the broken shape and, with --fail-on-shape, exits 1 on it (0 against itself)
            Path renamedFile = dir.resolve("b-renamed.json");
            Files.writeString(renamedFile, renamed.toString());
            String aFile = dir.resolve("a.json").toString();
            CliRun broken = CliRun.of("diff", aFile, renamedFile.toString(), "--fail-on-shape");
            assertThat(broken.exit()).as(broken.err()).isEqualTo(1);
            assertThat(broken.out())
                    .contains("response shapes: BREAKING\n  GET /v1\n  ! $.id: type number -> string\n");
            CliRun same = CliRun.of("diff", aFile, aFile, "--fail-on-shape");
            assertThat(same.exit()).as(same.err()).isZero();
            assertThat(same.out()).contains("response shapes: no change");
            CliRun plain = CliRun.of("diff", aFile, renamedFile.toString());
            assertThat(plain.exit()).as(plain.err()).isZero();
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    private JsonNode run(String url, String file) throws Exception {
        Path json = dir.resolve(file);
        CliRun r = CliRun.of(
                "load",
                url,
                "--rate",
                "100",
                "-d",
                "300ms",
                "--warmup",
                "0s",
                "-c",
                "1",
                "--threads",
                "1",
                "--quiet",
                "--sample-responses",
                "3",
                "--json",
                json.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        return new ObjectMapper().readTree(json.toFile());
    }

    @Test
    void outOfRangeAndUnsampledTargetsAreRefused() {
        for (String n : new String[] {"-1", "10001"}) {
            CliRun r = CliRun.of("load", "http://127.0.0.1:9/", "--rate", "1", "--sample-responses", n);
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err()).startsWith("--sample-responses " + n + ": expected 0 (off) to 10000\n");
        }
        CliRun zap = CliRun.of("load", "zap://127.0.0.1:9/x", "--rate", "1", "--sample-responses", "2", "--quiet");
        assertThat(zap.exit()).isEqualTo(2);
        assertThat(zap.err()).isEqualTo("zapline: --sample-responses reads HTTP/1.1 responses only, not ZAP ones\n");
    }
}
