package dev.zapline.load.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ControllerTest {

    @Test
    void acknowledgesEachLineExactly() {
        FakeSteering s = new FakeSteering(1000).at(12.345);
        Controller c = new Controller(s, "stdin");
        assertThat(c.line("{\"cmd\":\"rate\",\"rps\":5000}", 3))
                .isEqualTo("{\"ack\":\"rate\",\"ok\":true,\"t\":12.345,\"rate\":5000.0,\"line\":3}");
        s.at(13);
        assertThat(c.line("{\"cmd\":\"bias\",\"percent\":-20}", 4))
                .isEqualTo("{\"ack\":\"bias\",\"ok\":true,\"t\":13.000,\"rate\":4000.0,\"value\":-20.0,\"line\":4}");
        assertThat(c.line("{\"cmd\":\"mark\",\"label\":\"dep\\\"loy\",\"id\":\"m1\"}", 5))
                .isEqualTo("{\"ack\":\"mark\",\"ok\":true,\"id\":\"m1\",\"t\":13.000,\"rate\":4000.0,"
                        + "\"label\":\"dep\\\"loy\",\"line\":5}");
        assertThat(c.line("{\"cmd\":\"pause\"}", 6))
                .isEqualTo("{\"ack\":\"pause\",\"ok\":true,\"t\":13.000,\"rate\":0.0,\"line\":6}");
        assertThat(c.line("   ", 7)).isNull();
        assertThat(c.line("", 8)).isNull();
        assertThat(s.events())
                .containsExactly(
                        new Event(12.345, Command.Kind.RATE, 5000, 5000, "", "stdin"),
                        new Event(13, Command.Kind.BIAS, -20, 4000, "", "stdin"),
                        new Event(13, Command.Kind.MARK, 0, 4000, "dep\"loy", "stdin"),
                        new Event(13, Command.Kind.PAUSE, 0, 0, "", "stdin"));
    }

    @Test
    void aMalformedLineIsAnsweredAndTheNextGoodOneWorks() {
        FakeSteering s = new FakeSteering(100);
        Controller c = new Controller(s, "stdin");
        assertThat(c.line("{\"cmd\":\"rate\",\"rps\":-5}", 1))
                .isEqualTo("{\"ok\":false,\"line\":1,\"error\":\"rate: \\\"rps\\\" must be 0 to 1000000000 "
                        + "requests/s, got -5\"}");
        assertThat(c.line("{\"cmd\":\"rate\",", 2))
                .isEqualTo("{\"ok\":false,\"line\":2,\"error\":\"column 15: expected a key in double quotes, found "
                        + "the end of the line\"}");
        assertThat(s.submitted()).isEmpty();
        assertThat(c.line("{\"cmd\":\"rate\",\"rps\":300}", 3))
                .isEqualTo("{\"ack\":\"rate\",\"ok\":true,\"t\":0.000,\"rate\":300.0,\"line\":3}");
        assertThat(s.targetRate()).isEqualTo(300);
    }

    @Test
    void aCommandTheRunRefusesIsAcknowledgedAsRefused() {
        FakeSteering s = new FakeSteering(0).closed();
        Controller c = new Controller(s, "http");
        assertThat(c.line("{\"cmd\":\"rate\",\"rps\":5,\"id\":\"a\"}", 1))
                .isEqualTo("{\"ack\":\"rate\",\"ok\":false,\"id\":\"a\",\"line\":1,\"error\":\"rate: a closed-model "
                        + "run has no rate to steer (mark and stop work)\"}");
        assertThat(c.line("{\"cmd\":\"stop\"}", 2))
                .isEqualTo("{\"ack\":\"stop\",\"ok\":true,\"t\":0.000,\"rate\":0.0,\"line\":2}");
    }

    @Test
    void gopherGlidesBiasIsTakenAgainstTheRateNow() {
        FakeSteering s = new FakeSteering(250);
        Controller c = new Controller(s, "stdin");
        assertThat(c.line("{\"id\":\"c1\",\"command\":\"bias\",\"amount\":5}", 1))
                .isEqualTo("{\"ack\":\"bias\",\"ok\":true,\"id\":\"c1\",\"t\":0.000,\"rate\":255.0,\"value\":2.0,"
                        + "\"line\":1}");
    }

    @Test
    void aBodyIsReadWholeBeforeAnyOfItIsApplied() {
        FakeSteering s = new FakeSteering(100);
        Controller c = new Controller(s, "http");
        Controller.Reply bad = c.body("{\"cmd\":\"rate\",\"rps\":200}\n\n{\"cmd\":\"sotp\"}\n");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.text())
                .isEqualTo("{\"ok\":false,\"line\":3,\"error\":\"unknown command 'sotp': rate, bias, mark, pause, "
                        + "resume or stop\"}\n");
        assertThat(s.submitted()).isEmpty();
        assertThat(c.body(" \r\n").status()).isEqualTo(400);
        assertThat(c.body("").text()).isEqualTo("{\"ok\":false,\"line\":1,\"error\":\"no command in the body\"}\n");
        Controller.Reply ok = c.body("{\"cmd\":\"rate\",\"rps\":200}\r\n{\"cmd\":\"mark\",\"label\":\"x\"}");
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.text())
                .isEqualTo("{\"ack\":\"rate\",\"ok\":true,\"t\":0.000,\"rate\":200.0,\"line\":1}\n"
                        + "{\"ack\":\"mark\",\"ok\":true,\"t\":0.000,\"rate\":200.0,\"label\":\"x\",\"line\":2}\n");
        assertThat(s.submitted()).isEqualTo(List.of(Command.rate(200, "http"), Command.mark("x", "http")));
    }
}
