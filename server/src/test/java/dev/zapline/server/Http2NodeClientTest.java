package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Node's {@code http2} module (its own HTTP/2 stack over nghttp2, written by neither side of this repository) as a
 * client of the server's h2c: concurrent streams on one connection, and a rapid reset (CVE-2023-44487: streams opened
 * and cancelled in a loop) answered with GOAWAY(ENHANCE_YOUR_CALM) while a second connection is served.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2NodeClientTest {

    @TempDir
    Path dir;

    private App app;
    private int port;

    @BeforeEach
    void start() {
        app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> ctx.send("ok"));
        app.get("/who/:n", ctx -> ctx.send(ctx.protocol() + " " + ctx.pathParam("n")));
        app.listen("http://127.0.0.1:0").start();
        port = app.addresses().get(0).port();
    }

    @AfterEach
    void stop() {
        app.stop(Duration.ofSeconds(1));
    }

    private String node(String script) throws Exception {
        Path f = dir.resolve("client.js");
        Files.writeString(f, script.replace("PORT", Integer.toString(port)), StandardCharsets.UTF_8);
        return Http2PeersTest.run("node", f.toString()).strip();
    }

    @Test
    void nodeSendsConcurrentStreamsOnOneConnection() throws Exception {
        String out = node("""
                const http2 = require('http2');
                const c = http2.connect('http://127.0.0.1:PORT');
                c.on('error', (e) => { console.log('error ' + e.message); process.exit(1); });
                const answers = [];
                let left = 50;
                for (let i = 0; i < 50; i++) {
                  const r = c.request({ ':path': '/who/' + i });
                  let body = '';
                  r.setEncoding('utf8');
                  r.on('response', (h) => { body += h[':status'] + ' '; });
                  r.on('data', (d) => { body += d; });
                  r.on('end', () => {
                    answers[i] = body;
                    if (--left === 0) { console.log(answers.join('|')); c.close(); }
                  });
                }
                setTimeout(() => { console.log('timed out'); process.exit(1); }, 10000).unref();
                """);
        String[] answers = out.split("\\|");
        assertThat(answers).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(answers[i]).isEqualTo("200 HTTP/2.0 " + i);
        }
    }

    @Test
    void nodeRapidResetGetsGoawayEnhanceYourCalmAndAnotherConnectionIsServed() throws Exception {
        String out = node("""
                const http2 = require('http2');
                const c = http2.connect('http://127.0.0.1:PORT');
                let goaway = 'none', n = 0;
                c.on('goaway', (code) => { goaway = code; });
                c.on('error', () => {});
                c.on('close', () => {
                  const g = http2.connect('http://127.0.0.1:PORT');
                  const r = g.request({ ':path': '/health' });
                  let body = '';
                  r.on('response', (h) => {
                    r.on('data', (d) => { body += d; });
                    r.on('end', () => {
                      console.log('goaway ' + goaway + ' other ' + h[':status'] + ' ' + body);
                      g.close();
                    });
                  });
                });
                function loop() {
                  for (let i = 0; i < 20 && !c.destroyed && !c.closed; i++) {
                    const r = c.request({ ':path': '/health' });
                    r.on('error', () => {});
                    r.close(http2.constants.NGHTTP2_CANCEL);
                    n++;
                  }
                  if (!c.destroyed && !c.closed && n < 3000) setImmediate(loop);
                }
                c.on('connect', loop);
                setTimeout(() => { console.log('timed out, goaway ' + goaway); process.exit(1); }, 15000).unref();
                """);
        // 11 is ENHANCE_YOUR_CALM (RFC 9113 §7)
        assertThat(out).isEqualTo("goaway 11 other 200 ok");
    }
}
