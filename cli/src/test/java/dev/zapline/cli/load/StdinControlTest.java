package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.control.Command;
import dev.zapline.load.control.Controller;
import dev.zapline.load.control.FakeSteering;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StdinControlTest {

    private static String read(String input, FakeSteering s, boolean terminal) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream acks = new PrintStream(out, true, StandardCharsets.UTF_8);
        StdinControl.run(new StringReader(input), acks, terminal, new Controller(s, "stdin"));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void acknowledgesEachLineAndGoesOnPastAMalformedOne() {
        FakeSteering s = new FakeSteering(1000).at(2.5);
        String acks = read(
                "{\"cmd\":\"rate\",\"rps\":5000}\n\n{\"cmd\":\"rate\" \"rps\":1}\r\n   \n"
                        + "{\"cmd\":\"mark\",\"label\":\"x\"}",
                s,
                false);
        String n = System.lineSeparator();
        assertThat(acks)
                .isEqualTo("{\"ack\":\"rate\",\"ok\":true,\"t\":2.500,\"rate\":5000.0,\"line\":1}" + n
                        + "{\"ok\":false,\"line\":3,\"error\":\"column 15: expected ',' or '}', found '\\\"'\"}" + n
                        + "{\"ack\":\"mark\",\"ok\":true,\"t\":2.500,\"rate\":5000.0,\"label\":\"x\",\"line\":5}" + n);
        assertThat(s.submitted()).isEqualTo(List.of(Command.rate(5000, "stdin"), Command.mark("x", "stdin")));
    }

    @Test
    void anEmptyInputSaysNothingAndALineOverTheLimitIsRefused() {
        FakeSteering s = new FakeSteering(10);
        assertThat(read("", s, false)).isEmpty();
        assertThat(read("\n\n", s, false)).isEmpty();
        String big = "{\"cmd\":\"mark\",\"label\":\"" + "x".repeat(StdinControl.MAX_LINE) + "\"}";
        assertThat(read(big + "\n{\"cmd\":\"pause\"}\n", s, true))
                .isEqualTo("\r\033[K{\"ok\":false,\"line\":1,\"error\":\"the line is over 65536 characters\"}"
                        + System.lineSeparator()
                        + "\r\033[K{\"ack\":\"pause\",\"ok\":true,\"t\":0.000,\"rate\":0.0,\"line\":2}"
                        + System.lineSeparator());
        assertThat(s.paused()).isTrue();
    }

    @Test
    void theReaderThreadFollowsAPipeAndEndsAtItsEnd() throws Exception {
        FakeSteering s = new FakeSteering(100);
        PipedOutputStream feed = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(feed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream acks = new PrintStream(out, true, StandardCharsets.UTF_8);
        Thread t = StdinControl.start(in, acks, false, new Controller(s, "stdin"));
        assertThat(t.isDaemon()).isTrue();
        assertThat(t.getName()).isEqualTo("zapline-control-stdin");
        feed.write("{\"cmd\":\"bias\",\"percent\":50}\n".getBytes(StandardCharsets.UTF_8));
        feed.flush();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (s.submitted().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(s.targetRate()).isEqualTo(150);
        feed.write("{\"cmd\":\"stop\"}".getBytes(StandardCharsets.UTF_8));
        feed.close();
        t.join(10_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"ack\":\"bias\",\"ok\":true,\"t\":0.000,\"rate\":150.0,\"value\":50.0,\"line\":1}"
                        + System.lineSeparator()
                        + "{\"ack\":\"stop\",\"ok\":true,\"t\":0.000,\"rate\":150.0,\"line\":2}"
                        + System.lineSeparator());
    }
}
