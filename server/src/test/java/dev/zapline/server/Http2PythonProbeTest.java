package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.LeakTracker;
import dev.zapline.wire.peer.Peers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The malformed requests of RFC 9113 sent by python-hyper's h2, hpack and hyperframe (an HTTP/2 stack written by
 * neither side of this repository; Debian's python3-h2): {@code h2_malformed_probe.py}, beside this class in the
 * test resources, sends each case on its own connection and checks the answer against the RFC. Needs the peer
 * python3-h2 (Peers). Against {@code zapline serve}: {@code python3 h2_malformed_probe.py 18080}.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class Http2PythonProbeTest {

    @Test
    void everyMalformedRequestGetsTheAnswerRfc9113AsksForFromAnIndependentClient() throws Exception {
        Peers.require(Peers.PYTHON_H2);
        String python = Peers.python();
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.post("/echo", ctx -> ctx.send(ctx.body().retain()));
        app.listen("http://127.0.0.1:0").start();
        try {
            Path probe = Path.of(getClass().getResource("h2_malformed_probe.py").toURI());
            int port = app.addresses().get(0).port();
            Process p = new ProcessBuilder(python, probe.toString(), Integer.toString(port))
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(240, TimeUnit.SECONDS)).isTrue();
            assertThat(out).contains(" 0 wrong");
            assertThat(p.exitValue()).as(out).isZero();
        } finally {
            app.stop(Duration.ofSeconds(1));
        }
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }
}
