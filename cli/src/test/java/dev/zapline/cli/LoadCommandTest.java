package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadCommandTest {

    @TempDir
    Path dir;

    @Test
    void loadsBothTransportsAndWritesTheJson() throws Exception {
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.listen("http://127.0.0.1:0", "127.0.0.1:0").start();
        try {
            String http = "http://127.0.0.1:" + app.addresses().get(0).port() + "/health";
            String zap = "zap://127.0.0.1:" + app.addresses().get(1).port() + "/health";
            for (String url : new String[] {http, zap}) {
                Path json = dir.resolve(url.substring(0, 3) + ".json");
                StringWriter err = new StringWriter();
                int rc = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "load", url, "--rate",
                        "500", "-d", "1s", "-c", "2", "--threads", "1", "--quiet", "--json", json.toString());
                assertThat(rc).as(err.toString()).isZero();
                JsonNode j = new ObjectMapper().readTree(json.toFile());
                assertThat(j.path("summary").path("requests").asLong()).isEqualTo(500);
                assertThat(j.path("summary").path("outcomes").path("success").asLong()).isEqualTo(500);
            }
        } finally {
            app.stop(Duration.ofMillis(200));
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        StringWriter err = new StringWriter();
        int rc = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "load", "http://127.0.0.1:1/",
                "--rate", "10", "--stages", "1s:10");
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString()).contains("pick one");
    }
}
